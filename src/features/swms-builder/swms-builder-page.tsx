import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import * as builder from '../../../machines/swms-builder.selectors';
import * as session from '../../../machines/session.selectors';
import { Session } from '../../flows/session/session-context';
import { preloadPhotoCompression } from '../../components/photo/resize-photo';
import { OutboxBanner } from '../../flows/swms-outbox/outbox-banner';
import { useSwmsOutbox, type SwmsOutbox } from '../../flows/swms-outbox/swms-outbox-provider';
import type { SwmsBuilderStep } from '../../domain/swms-submission';
import { Page, PageTitle } from '../../ui/page';
import { LoadingState } from '../../ui/status';
import { BuilderBar } from './builder-bar';
import { BuilderOutcome, RevisionUnavailable } from './builder-outcome';
import { SiteLine } from './site-line';
import { StartAgainDialog } from './start-again-dialog';
import { ControlsStep } from './step-controls';
import { HazardsStep } from './step-hazards';
import { HighRiskWorkStep } from './step-high-risk-work';
import { StepIndicator } from './step-indicator';
import { PpeStep } from './step-ppe';
import { ReviewStep } from './step-review';
import { TaskStep } from './step-task';
import { builderText, stepHeadings } from './strings';
import { useBuilder } from './use-builder';
import { siteOf, useOwnActivity, type OwnActivity } from './use-own-activity';
import { BuilderProvider, useSwmsBuilder } from './use-swms-builder';
import './swms-builder.css';

function StepView({ step, activity }: { readonly step: SwmsBuilderStep; readonly activity: OwnActivity }) {
  switch (step) {
    case 'highRiskWork':
      return <HighRiskWorkStep activity={activity} />;
    case 'task':
      return <TaskStep />;
    case 'hazards':
      return <HazardsStep />;
    case 'controls':
      return <ControlsStep />;
    case 'ppe':
      return <PpeStep />;
    case 'review':
      return <ReviewStep />;
  }
}

/** Moves focus and the view to the new step's heading, so a keyboard or screen reader starts there. */
function useFocusOnStepChange(step: SwmsBuilderStep) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [step]);
  return heading;
}

function BuilderSteps({ activity, siteId }: { readonly activity: OwnActivity; readonly siteId: string }) {
  const step = useBuilder(builder.step);
  const online = useBuilder(builder.isOnline);
  const revision = useBuilder(builder.isRevision);
  const basedOn = useBuilder(builder.basedOn);
  const heading = useFocusOnStepChange(step);
  return (
    <>
      <OutboxBanner />
      <div className="builder-head">
        <SiteLine site={siteOf(activity, siteId)} />
        <StartAgainDialog />
      </div>
      {revision ? (
        <p className="builder-revising" data-slot="revising">
          {builderText.revising(basedOn)}
        </p>
      ) : null}
      <StepIndicator />
      {online ? null : (
        <p className="builder-offline" role="status">
          {builderText.offline}
        </p>
      )}
      <section className="builder-step" aria-labelledby="builder-step-heading">
        <h2 id="builder-step-heading" ref={heading} tabIndex={-1} className="builder-step-heading">
          {stepHeadings[step]}
        </h2>
        <StepView step={step} activity={activity} />
      </section>
      <BuilderBar />
    </>
  );
}

function BuilderScreens({ activity, siteId, userId }: { readonly activity: OwnActivity; readonly siteId: string; readonly userId: string }) {
  const screen = useBuilder(builder.screen);
  if (screen === 'restoring') return <LoadingState />;
  if (screen === 'unavailable') return <RevisionUnavailable homePath={`/trades/${encodeURIComponent(userId)}`} />;
  if (screen === 'submitted' || screen === 'queued' || screen === 'failed') return <BuilderOutcome homePath={`/trades/${encodeURIComponent(userId)}`} site={siteOf(activity, siteId)} />;
  return <BuilderSteps activity={activity} siteId={siteId} />;
}

interface SwmsBuilderProps {
  readonly siteId: string;
  readonly userId: string;
  readonly revisionOf: string | null;
  readonly outbox: SwmsOutbox;
  readonly resume: string | null;
}

function SwmsBuilder(props: SwmsBuilderProps) {
  const actor = useSwmsBuilder(props);
  const activity = useOwnActivity(props.userId);
  return (
    <BuilderProvider value={actor}>
      <BuilderScreens activity={activity} siteId={props.siteId} userId={props.userId} />
    </BuilderProvider>
  );
}

/**
 * Issue 10 §4 /site/{siteId}/swms/new: the tradesperson's SWMS builder for one site, phone first; and (issue 57 §2)
 * /site/{siteId}/swms/{swmsId}/revise, the same builder sending that SWMS's next revision.
 */
export function SwmsBuilderPage() {
  const { siteId = '', swmsId } = useParams();
  const revisionOf = swmsId ?? null;
  const [params] = useSearchParams();
  const resume = params.get('resume');
  const userId = Session.useSelector(session.userId);
  const outbox = useSwmsOutbox();
  // Fetched while there is signal, so a photo taken offline later is still resized on the phone.
  useEffect(() => {
    preloadPhotoCompression().catch((error: unknown) => console.error(error));
  }, []);
  return (
    <Page className="swms-builder">
      <PageTitle>{revisionOf === null ? builderText.title : builderText.reviseTitle}</PageTitle>
      {userId && outbox ? (
        <SwmsBuilder key={`${userId}/${siteId}/${revisionOf ?? ''}/${resume ?? ''}`} siteId={siteId} userId={userId} revisionOf={revisionOf} outbox={outbox} resume={resume} />
      ) : (
        <LoadingState />
      )}
    </Page>
  );
}
