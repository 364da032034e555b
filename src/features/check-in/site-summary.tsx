import type { ReactNode } from 'react';
import type { DrawnSite } from '../../domain/check-in-page';
import { Brand } from '../../ui/brand';
import { checkInText } from './strings';

/** Enough to know they are at the right gate: address, company and job number. */
export function SiteSummary({ site }: { readonly site: DrawnSite }) {
  return (
    <section className="gate-site" aria-label={checkInText.title}>
      <p className="gate-site-company">{site.companyName}</p>
      <h1 className="gate-site-address">{site.address}</h1>
      <p className="gate-site-suburb">{[site.suburb, site.postcode].filter(Boolean).join(' ')}</p>
      {site.siteNumber ? <p className="gate-site-job">{checkInText.jobNumber(site.siteNumber)}</p> : null}
    </section>
  );
}

/** The check-in page's frame, phone-first: the header bar (the brand, and a link home for a tradesperson), then the page's body. */
export function GateFrame({ homeLink, children }: { readonly homeLink?: ReactNode; readonly children: ReactNode }) {
  return (
    <main className="gate">
      <header className="gate-header">
        <Brand />
        {homeLink}
      </header>
      <div className="gate-body">{children}</div>
    </main>
  );
}
