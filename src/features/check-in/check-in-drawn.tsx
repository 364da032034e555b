import { renderToStaticMarkup } from 'react-dom/server';
import { drawnSiteMarker, type CheckInPageCopies, type DrawnSite } from '../../domain/check-in-page';
import { documentTitle } from '../../ui/page';
import { LoadingState } from '../../ui/status';
import { GateFrame, SiteSummary } from './site-summary';
import { checkInText } from './strings';

/**
 * Issue 11: the check-in page as the portal draws it into the page it sends for a poster's QR code
 * (src/domain/check-in-page.ts): the app's own header and site summary, and its loading state where the
 * page's actions will be, shown as the HTML and CSS arrive, before the app's code has.
 */
export function CheckInDrawn({ site }: { readonly site: DrawnSite }) {
  return (
    <GateFrame>
      <SiteSummary site={site} />
      <LoadingState />
    </GateFrame>
  );
}

/** That page's title, as the app writes it once it has started. */
export const checkInPageTitle = () => documentTitle(checkInText.title);

const markedSite = (jobNumber: boolean): DrawnSite => ({
  companyName: drawnSiteMarker('companyName'),
  address: drawnSiteMarker('address'),
  suburb: drawnSiteMarker('suburb'),
  postcode: drawnSiteMarker('postcode'),
  siteNumber: jobNumber ? drawnSiteMarker('siteNumber') : '',
});

/** The drawn page's HTML with markers for the site's fields, which the build writes and the portal fills in. */
export const checkInDrawnMarkup = (): CheckInPageCopies => ({
  withJobNumber: renderToStaticMarkup(<CheckInDrawn site={markedSite(true)} />),
  withoutJobNumber: renderToStaticMarkup(<CheckInDrawn site={markedSite(false)} />),
});
