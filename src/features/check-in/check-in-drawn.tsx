import { renderToStaticMarkup } from 'react-dom/server';
import { drawnMarker, type CheckInPageCopies, type DrawnSite, type DrawnVisitor, type JobNumberCopies } from '../../domain/check-in-page';
import { documentTitle } from '../../ui/page';
import { LoadingState } from '../../ui/status';
import { SignInPanel } from './sign-in-panel';
import { GateFrame, SiteSummary } from './site-summary';
import { checkInText } from './strings';

/**
 * Issue 11: the check-in page as the portal draws it into the page it sends for a poster's QR code
 * (src/domain/check-in-page.ts): the app's own header and site summary, shown as the HTML and CSS arrive, before the
 * app's code has. Below them, for a browser holding no session, the app's own sign-in panel, whose buttons already work
 * (a plain form that carries this page's address through the sign-in); for any other, the loading state.
 */
export function CheckInDrawn({ site, visitor, returnTo }: { readonly site: DrawnSite; readonly visitor: DrawnVisitor; readonly returnTo: string }) {
  return (
    <GateFrame>
      <SiteSummary site={site} />
      {visitor === 'signedOut' ? <SignInPanel returnTo={returnTo} /> : <LoadingState />}
    </GateFrame>
  );
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

const markedCopies = (visitor: DrawnVisitor): JobNumberCopies => {
  const markup = (jobNumber: boolean) => renderToStaticMarkup(<CheckInDrawn site={markedSite(jobNumber)} visitor={visitor} returnTo={drawnMarker('returnTo')} />);
  return { withJobNumber: markup(true), withoutJobNumber: markup(false) };
};

/** The drawn page's HTML with markers for its fields, which the build writes and the portal fills in. */
export const checkInDrawnMarkup = (): CheckInPageCopies => ({ signedOut: markedCopies('signedOut'), returning: markedCopies('returning') });
