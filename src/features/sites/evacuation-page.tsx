import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ProjectSite } from '../../domain/project-site';
import { Button } from '../../ui/button';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, ErrorState, LoadingState } from '../../ui/status';
import { EvacuationTable } from './evacuation-table';
import { sitePaths } from './paths';
import { formatDateTime } from '../../domain/dates';
import { evacuationText, onSiteText, siteColumnLabels, siteText } from './strings';
import { useMusterTicks } from './use-muster-ticks';
import { useOnSite } from './use-on-site';
import { useSite } from './use-site';
import './sites.css';
import './evacuation.css';

/** The moment the list on screen was read, renewed as the browser prints it. */
function usePrintedAt(listedAt: unknown): Date {
  const [printedAt, setPrintedAt] = useState(() => new Date());
  useEffect(() => setPrintedAt(new Date()), [listedAt]);
  useEffect(() => {
    const renew = () => setPrintedAt(new Date());
    window.addEventListener('beforeprint', renew);
    return () => window.removeEventListener('beforeprint', renew);
  }, []);
  return printedAt;
}

function EvacuationList({ site }: { readonly site: ProjectSite }) {
  const onSite = useOnSite(site);
  const [ticked, tick] = useMusterTicks(site._id);
  const { list } = onSite;
  const printedAt = usePrintedAt(list);
  const { timeZone } = site;
  return (
    <>
      <PageToolbar className="evacuation-toolbar">
        <BackLink to={sitePaths.details(site.company._id, site._id)}>{evacuationText.back}</BackLink>
        <Button variant="secondary" onClick={() => window.print()}>
          {evacuationText.print}
        </Button>
        <Button
          variant="secondary"
          disabled={onSite.downloading}
          aria-busy={onSite.downloading || undefined}
          onClick={() => onSite.send({ type: 'pdf.download' })}
        >
          {onSite.downloading ? <span className="button-spinner" aria-hidden="true" /> : null}
          {evacuationText.downloadPdf}
        </Button>
      </PageToolbar>
      <header className="evacuation-heading">
        <h2 className="evacuation-title">{evacuationText.title}</h2>
        <p className="evacuation-site">{`${site.address}, ${site.suburb} ${site.postcode} · ${siteColumnLabels.siteNumber} ${site.siteNumber}`}</p>
        <p className="muted">
          {`${evacuationText.printedAt} `}
          <time dateTime={printedAt.toISOString()}>{formatDateTime(printedAt, timeZone)}</time>
        </p>
        <p className="evacuation-count" aria-live="polite">
          {list ? onSiteText.title(list.count) : onSiteText.loadingTitle}
        </p>
      </header>
      {onSite.loading && !list ? <LoadingState /> : null}
      {onSite.unavailable ? <ErrorState detail={onSite.loadError} onRetry={() => onSite.send({ type: 'onsite.refresh' })} /> : null}
      {list && list.people.length === 0 ? <p className="muted evacuation-empty">{onSiteText.empty}</p> : null}
      {list && list.people.length > 0 ? <EvacuationTable people={list.people} timeZone={timeZone} ticked={ticked} onTick={tick} /> : null}
    </>
  );
}

/** Issue 10 §3 /company/{companyId}/projectsites/{siteId}/evacuation: print-ready list of everyone on site now, for the muster. */
export function EvacuationPage() {
  const { companyId = '', projectSiteId = '' } = useParams();
  const [state] = useSite(companyId, projectSiteId);
  if (state.status === 'missing') {
    return (
      <Page className="site-page evacuation-page">
        <ProblemState
          problem={state.problem}
          title={evacuationText.title}
          notFound={siteText.notFound}
          backTo={state.problem === 'failed' ? sitePaths.details(companyId, projectSiteId) : sitePaths.list(companyId)}
          backLabel={siteText.backToList}
        />
      </Page>
    );
  }
  return (
    <Page className="site-page evacuation-page">
      <PageTitle>{evacuationText.title}</PageTitle>
      {state.status === 'loading' ? <LoadingState /> : null}
      {state.status === 'ready' ? <EvacuationList key={state.site._id} site={state.site} /> : null}
    </Page>
  );
}
