import { useSelector } from '@xstate/react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { RiskSummary } from '../../components/risk/risk-summary';
import type { Swms } from '../../domain/swms';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { swmsListPath, swmsRevisionPath } from './swms-paths';
import { SwmsRevisionsCard } from './swms-revisions-card';
import { SwmsHighRiskCard } from './swms-high-risk-card';
import { SwmsHistoryCard } from './swms-history-card';
import { SwmsPdfButton } from './swms-pdf-button';
import { SwmsOverviewCard } from './swms-overview-card';
import { SwmsCommentsCard, SwmsReviewCard } from './swms-review-card';
import { SwmsSignOnsCard } from './swms-signons-card';
import { SwmsTaskCard } from './swms-task-card';
import { swmsText } from './strings';
import { useSwms, useSwmsRevisionRead } from './use-swms';
import { useSwmsReview } from './use-swms-review';
import './swms.css';

function RiskCard({ swms }: { readonly swms: Swms }) {
  return (
    <Card aria-labelledby="swms-risk-title">
      <CardHeader>
        <CardTitle id="swms-risk-title">{swmsText.risk}</CardTitle>
      </CardHeader>
      <CardContent>
        <RiskSummary consequence={swms.riskConsequenceLevel} likelihood={swms.riskLikelihoodLevel} overall={swms.riskOverallLevel} />
      </CardContent>
    </Card>
  );
}

/** Issue 57 §2: an earlier revision as it was sent, read only: no review, no PDF; the revisions lead back. */
function OlderRevision({ companyId, latest, revision }: { readonly companyId: string; readonly latest: Swms; readonly revision: number }) {
  const read = useSwmsRevisionRead(companyId, latest._id, revision);
  if (read.status === 'loading') return <LoadingState />;
  if (read.status === 'missing') {
    return (
      <ProblemState problem={read.problem} title={swmsText.revisionNumber(revision)} notFound={swmsText.notFound} notAllowed={swmsText.notAuthorised} backTo={swmsRevisionPath(companyId, latest._id, null)} backLabel={swmsText.openCurrent} />
    );
  }
  const swms = read.record;
  return (
    <>
      <section className="swms-older-revision" role="note" aria-label={swmsText.revisionNumber(revision)}>
        <p>{swmsText.olderRevision(revision, latest.revision)}</p>
        <Link className="site-link" to={swmsRevisionPath(companyId, latest._id, null)}>
          {swmsText.openCurrent}
        </Link>
      </section>
      <SwmsOverviewCard companyId={companyId} swms={swms} />
      <SwmsRevisionsCard companyId={companyId} swms={latest} shown={revision} version={String(latest.revision)} />
      <RiskCard swms={swms} />
      <SwmsTaskCard swms={swms} />
      <SwmsHighRiskCard highRiskWork={swms.highRiskWork} />
    </>
  );
}

function SwmsDetails({ companyId, swms }: { readonly companyId: string; readonly swms: Swms }) {
  const review = useSwmsReview(companyId, swms);
  // Fetched again whenever either review flag changes on this page.
  const reviewState = useSelector(
    review,
    ({ context: { swms: record } }) =>
      `${record.companyAdminReviewedAt}|${record.supervisorReviewedAt}|${record.companyAdminChangesRequestedAt}|${record.supervisorChangesRequestedAt}|${record.comments.length}`,
  );
  return (
    <>
      <div className="swms-submission-actions">
        <SwmsPdfButton companyId={companyId} swms={swms} />
      </div>
      <SwmsOverviewCard companyId={companyId} swms={swms} />
      <SwmsReviewCard actor={review} />
      <SwmsCommentsCard actor={review} />
      <SwmsRevisionsCard companyId={companyId} swms={swms} shown={swms.revision} version={reviewState} />
      <RiskCard swms={swms} />
      <SwmsTaskCard swms={swms} />
      <SwmsHighRiskCard highRiskWork={swms.highRiskWork} />
      <SwmsSignOnsCard companyId={companyId} swmsId={swms._id} timeZone={swms.site.timeZone} />
      <SwmsHistoryCard companyId={companyId} swmsId={swms._id} version={reviewState} />
    </>
  );
}

/** Spec §2 /company/{companyId}/swms/{swmsId}: 'SWMS Submission'. */
function Submission({ companyId, swmsId, revision }: { readonly companyId: string; readonly swmsId: string; readonly revision: number | null }) {
  const loaded = useSwms(companyId, swmsId);
  return (
    <Page className="swms-submission">
      {loaded.status === 'missing' ? (
        <ProblemState
          problem={loaded.problem}
          title={swmsText.submission}
          notFound={swmsText.notFound}
          notAllowed={swmsText.notAuthorised}
          backTo={swmsListPath(companyId)}
          backLabel={swmsText.backToList}
        />
      ) : (
        <>
          <PageTitle>{swmsText.submission}</PageTitle>
          <PageToolbar>
            <BackLink to={swmsListPath(companyId)} />
          </PageToolbar>
          {loaded.status === 'loading' ? (
            <LoadingState />
          ) : revision !== null && revision < loaded.record.revision ? (
            <OlderRevision key={revision} companyId={companyId} latest={loaded.record} revision={revision} />
          ) : (
            <SwmsDetails companyId={companyId} swms={loaded.record} />
          )}
        </>
      )}
    </Page>
  );
}

/** `?revision=n` (issue 57) shows an earlier revision read only; anything else, or the latest, is the page itself. */
function revisionParam(value: string | null): number | null {
  const revision = value === null ? NaN : Number(value);
  return Number.isInteger(revision) && revision >= 1 ? revision : null;
}

export function SwmsSubmissionPage() {
  const { companyId = '', swmsId = '' } = useParams();
  const [params] = useSearchParams();
  const revision = revisionParam(params.get('revision'));
  return <Submission key={`${companyId}/${swmsId}`} companyId={companyId} swmsId={swmsId} revision={revision} />;
}
