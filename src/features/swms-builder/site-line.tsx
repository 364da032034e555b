import { MapPinIcon } from '../../ui/icons';
import { builderText } from './strings';
import type { ActivitySite } from './use-own-activity';

/** Which site this SWMS is for, when the tradesperson's own records name it. */
export function SiteLine({ site }: { readonly site: ActivitySite | null }) {
  if (!site) return <span />;
  return (
    <p className="site-line">
      <MapPinIcon width={18} height={18} />
      <span>
        <span className="visually-hidden">{builderText.site}: </span>
        {site.address}, {site.suburb}
        {site.siteNumber ? <span className="muted"> · {builderText.jobNo} {site.siteNumber}</span> : null}
      </span>
    </p>
  );
}
