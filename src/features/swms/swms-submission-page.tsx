import { useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { RiskSummary } from '../../components/risk/risk-summary';
import type { Swms } from '../../domain/swms';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { swmsListPath } from './swms-paths';
import { SwmsHighRiskCard } from './swms-high-risk-card';
import { SwmsHistoryCard } from './swms-history-card';
import { SwmsPdfButton } from './swms-pdf-button';
import { SwmsOverviewCard } from './swms-overview-card';
import { SwmsCommentsCard, SwmsReviewCard } from './swms-review-card';
import { SwmsSignOnsCard } from './swms-signons-card';
import { SwmsTaskCard } from './swms-task-card';
import { swmsText } from './strings';
import { useSwms } from './use-swms';
import { useSwmsReview } from './use-swms-review';
import './swms.css';

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
      <Card aria-labelledby="swms-risk-title">
        <CardHeader>
          <CardTitle id="swms-risk-title">{swmsText.risk}</CardTitle>
        </CardHeader>
        <CardContent>
          <RiskSummary consequence={swms.riskConsequenceLevel} likelihood={swms.riskLikelihoodLevel} overall={swms.riskOverallLevel} />
        </CardContent>
      </Card>
      <SwmsTaskCard swms={swms} />
      <SwmsHighRiskCard highRiskWork={swms.highRiskWork} />
      <SwmsSignOnsCard companyId={companyId} swmsId={swms._id} timeZone={swms.site.timeZone} />
      <SwmsHistoryCard companyId={companyId} swmsId={swms._id} version={reviewState} />
    </>
  );
}

/** Spec §2 /company/{companyId}/swms/{swmsId}: 'SWMS Submission'. */
function Submission({ companyId, swmsId }: { readonly companyId: string; readonly swmsId: string }) {
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
          {loaded.status === 'loading' ? <LoadingState /> : <SwmsDetails companyId={companyId} swms={loaded.record} />}
        </>
      )}
    </Page>
  );
}

export function SwmsSubmissionPage() {
  const { companyId = '', swmsId = '' } = useParams();
  return <Submission key={`${companyId}/${swmsId}`} companyId={companyId} swmsId={swmsId} />;
}
