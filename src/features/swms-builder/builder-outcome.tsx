import { newSubmissionId } from '../../domain/swms-submission';
import { Link } from 'react-router-dom';
import * as builder from '../../../machines/swms-builder.selectors';
import { OutboxBanner } from '../../flows/swms-outbox/outbox-banner';
import { Button } from '../../ui/button';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { CloudOffIcon } from './builder-icons';
import { builderText } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';
import type { ActivitySite } from './use-own-activity';

const text = builderText.outcome;

/** After Submit: sent, saved to send later, or refused (the draft then stays on the phone). */
export function BuilderOutcome({ homePath, site }: { readonly homePath: string; readonly site: ActivitySite | null }) {
  const screen = useBuilder(builder.screen);
  const failure = useBuilder(builder.failure);
  const error = useBuilder(builder.error);
  const revision = useBuilder(builder.isRevision);
  const sentRevision = useBuilder(builder.sentRevision);
  const send = useBuilderSend();
  const another = (
    <Button variant="secondary" size="lg" onClick={() => send({ type: 'builder.restart', submissionId: newSubmissionId() })}>
      {text.another}
    </Button>
  );
  const home = (
    <Button asChild variant="primary" size="lg">
      <Link to={homePath}>{text.home}</Link>
    </Button>
  );

  if (screen === 'submitted') {
    return (
      <section className="builder-outcome" data-outcome="submitted" aria-labelledby="outcome-title">
        <CheckIcon className="builder-outcome-icon" width={40} height={40} />
        <h2 id="outcome-title" tabIndex={-1}>{revision ? text.revisionSent(sentRevision) : text.submitted}</h2>
        <p>
          {revision ? `${text.revisionSentText} ` : null}
          {text.submittedText(site?.hasSupervisor ?? null)}
        </p>
        <div className="builder-outcome-actions">
          {home}
          {revision ? null : another}
        </div>
      </section>
    );
  }
  if (screen === 'queued') {
    return (
      <section className="builder-outcome" data-outcome="queued" aria-labelledby="outcome-title">
        <CloudOffIcon className="builder-outcome-icon" width={40} height={40} />
        <h2 id="outcome-title" tabIndex={-1}>{text.queuedTitle}</h2>
        <p role="status">{text.queued}</p>
        <OutboxBanner />
        <div className="builder-outcome-actions">
          {home}
          {revision ? null : another}
        </div>
      </section>
    );
  }
  return (
    <section className="builder-outcome" data-outcome="failed" aria-labelledby="outcome-title">
      <AlertIcon className="builder-outcome-icon" width={40} height={40} />
      <h2 id="outcome-title" tabIndex={-1}>{text.failedTitle}</h2>
      <p role="alert">{error}</p>
      {failure === 'notCheckedIn' ? <p>{text.checkInHint}</p> : null}
      <div className="builder-outcome-actions">
        {failure === 'notCheckedIn' ? (
          <Button asChild variant="primary" size="lg">
            <Link to={homePath}>{text.checkIn}</Link>
          </Button>
        ) : null}
        <Button variant="secondary" size="lg" onClick={() => send({ type: 'builder.back' })}>
          {text.backToSwms}
        </Button>
      </div>
    </section>
  );
}

/** Issue 57: the SWMS to revise could not be read; nothing was typed yet, so 'Try again' loses nothing. */
export function RevisionUnavailable({ homePath }: { readonly homePath: string }) {
  const error = useBuilder(builder.error);
  const send = useBuilderSend();
  return (
    <section className="builder-outcome" data-outcome="unavailable" aria-labelledby="outcome-title">
      <AlertIcon className="builder-outcome-icon" width={40} height={40} />
      <h2 id="outcome-title" tabIndex={-1}>{builderText.unavailableTitle}</h2>
      <p role="alert">{error}</p>
      <div className="builder-outcome-actions">
        <Button variant="primary" size="lg" onClick={() => send({ type: 'builder.retry' })}>
          {builderText.tryAgain}
        </Button>
        <Button asChild variant="secondary" size="lg">
          <Link to={homePath}>{text.home}</Link>
        </Button>
      </div>
    </section>
  );
}
