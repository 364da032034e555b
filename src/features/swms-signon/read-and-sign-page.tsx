import { useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import * as SignOn from '../../../machines/swms-signon.selectors';
import { formatDateTime } from '../../domain/dates';
import { siteSignOnPath } from '../../domain/swms-signon';
import { Button } from '../../ui/button';
import { CheckIcon } from '../../ui/icons';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, LoadingState } from '../../ui/status';
import { SignOnForm } from './sign-on-form';
import { readAndSignText } from './strings';
import { SwmsReading } from './swms-reading';
import { useSwmsSignOn, type SwmsSignOnActor } from './use-swms-signon';
import './swms-signon.css';

function Sent({ actor, siteId }: { readonly actor: SwmsSignOnActor; readonly siteId: string }) {
  const result = useSelector(actor, SignOn.result);
  const timeZone = useSelector(actor, (s) => SignOn.swms(s)?.site.timeZone);
  return (
    <>
      <section className="signon-sent" role="status">
        <CheckIcon className="signon-sent-icon" width={40} height={40} aria-hidden="true" />
        <h2 className="signon-sent-title">{readAndSignText.sentTitle}</h2>
        {result ? <p>{readAndSignText.sentDetail(result.revision, formatDateTime(result.signedAt, timeZone))}</p> : null}
      </section>
      <Button asChild size="lg" className="signon-sent-back">
        <Link to={siteSignOnPath(siteId)}>{readAndSignText.backToList}</Link>
      </Button>
    </>
  );
}

function NewerRevision({ actor }: { readonly actor: SwmsSignOnActor }) {
  const revision = useSelector(actor, SignOn.newerRevision);
  if (revision === null) return null;
  return (
    <p className="signon-newer" role="alert">
      {readAndSignText.newerRevision(revision)}
    </p>
  );
}

function ReadAndSign({ siteId, swmsId }: { readonly siteId: string; readonly swmsId: string }) {
  const actor = useSwmsSignOn(siteId, swmsId);
  const loading = useSelector(actor, SignOn.isLoading);
  const failed = useSelector(actor, SignOn.isFailed);
  const problem = useSelector(actor, SignOn.loadProblem);
  const swms = useSelector(actor, SignOn.swms);
  const sent = useSelector(actor, SignOn.isSent);
  const back = siteSignOnPath(siteId);
  if (failed && problem) {
    return (
      <ProblemState
        problem={problem}
        title={readAndSignText.title}
        notFound={readAndSignText.notFound}
        notAllowed={readAndSignText.notAllowed}
        backTo={back}
        backLabel={readAndSignText.back}
        onRetry={() => actor.send({ type: 'signOn.reload' })}
      />
    );
  }
  return (
    <>
      <PageTitle>{readAndSignText.title}</PageTitle>
      <PageToolbar>
        <BackLink to={back}>{readAndSignText.back}</BackLink>
      </PageToolbar>
      {loading ? <LoadingState /> : null}
      {sent ? <Sent actor={actor} siteId={siteId} /> : null}
      {swms && !loading && !sent ? (
        <>
          <NewerRevision actor={actor} />
          <SwmsReading swms={swms} />
          <SignOnForm actor={actor} />
        </>
      ) : null}
    </>
  );
}

/** Issue 57 §3 /site/{siteId}/swms/{swmsId}/sign: the latest revision, the tick, the signature and Send. */
export function ReadAndSignPage() {
  const { siteId = '', swmsId = '' } = useParams();
  return (
    <Page className="signon-page">
      <ReadAndSign key={`${siteId}/${swmsId}`} siteId={siteId} swmsId={swmsId} />
    </Page>
  );
}
