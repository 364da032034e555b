import { renderToStaticMarkup } from 'react-dom/server';
import { drawnMarker, drawnNoticeMarker, type CheckInPageCopies, type DrawnBody, type DrawnSite, type JobNumberCopies } from '../../domain/check-in-page';
import type { SiteStatus } from '../../domain/site-status';
import { documentTitle } from '../../ui/page';
import { LoadingState } from '../../ui/status';
import { OnHoldNotice, SiteClosedScreen } from './check-in-screens';
import { SignInPanel } from './sign-in-panel';
import { GateFrame, SiteSummary } from './site-summary';
import { checkInText } from './strings';

/**
 * Issue 11: the check-in page as the portal draws it into the page it sends for a poster's QR code
 * (src/domain/check-in-page.ts): the app's own header and site summary, shown as the HTML and CSS arrive, before the
 * app's code has. Below them, for a browser holding no session, the app's own sign-in panel, whose buttons already work
 * (a plain form that carries this page's address through the sign-in); for any other, the loading state.
 */
export function CheckInDrawn({ site, body, returnTo }: { readonly site: DrawnSite; readonly body: DrawnBody; readonly returnTo: string }) {
  return (
    <GateFrame>
      <SiteSummary site={site} />
      {drawnNoticeMarker}
      {body === 'signedOut' ? <SignInPanel returnTo={returnTo} /> : null}
      {body === 'returning' ? <LoadingState /> : null}
    </GateFrame>
  );
}

/** The notice each status puts above the body, as the app's page shows it: none for an ongoing site. */
function StatusNotice({ status }: { readonly status: SiteStatus }) {
  if (status === 'on_hold') return <OnHoldNotice />;
  if (status === 'completed' || status === 'cancelled') return <SiteClosedScreen status={status} />;
  return null;
}

/** That page's title, as the app writes it once it has started. */
export const checkInPageTitle = () => documentTitle(checkInText.title);

const markedSite = (jobNumber: boolean): DrawnSite => ({
  companyName: drawnMarker('companyName'),
  address: drawnMarker('address'),
  suburb: drawnMarker('suburb'),
  postcode: drawnMarker('postcode'),
  siteNumber: jobNumber ? drawnMarker('siteNumber') : '',
});

const markedCopies = (body: DrawnBody): JobNumberCopies => {
  const markup = (jobNumber: boolean) => renderToStaticMarkup(<CheckInDrawn site={markedSite(jobNumber)} body={body} returnTo={drawnMarker('returnTo')} />);
  return { withJobNumber: markup(true), withoutJobNumber: markup(false) };
};

const notice = (status: SiteStatus) => renderToStaticMarkup(<StatusNotice status={status} />);

/** The drawn page's HTML with markers for its fields, which the build writes and the portal fills in. */
export const checkInDrawnMarkup = (): CheckInPageCopies => ({
  signedOut: markedCopies('signedOut'),
  returning: markedCopies('returning'),
  siteClosed: markedCopies('siteClosed'),
  notices: { ongoing: notice('ongoing'), on_hold: notice('on_hold'), completed: notice('completed'), cancelled: notice('cancelled') },
});
