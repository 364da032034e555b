/**
 * OutboxBanner: what the SWMS outbox holds, for any screen ('1 SWMS waiting to send', 'SWMS sent', a
 * refused one with its message). Renders nothing without an outbox or with nothing to say. No props.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { OutboxItem } from '../../../machines/swms-outbox.machine';
import * as outbox from '../../../machines/swms-outbox.selectors';
import { newSwmsPath, revisePath } from '../../domain/swms-draft';
import { Button } from '../../ui/button';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { CloudUploadIcon } from './outbox-icons';
import { outboxText } from './strings';
import { useSwmsOutbox, type SwmsOutboxActor } from './swms-outbox-provider';
import './outbox.css';

/** A refused SWMS reopens in the builder it came from: a revision in its SWMS's, so it is sent as a revision again. */
function refusedItemPath(item: OutboxItem): string {
  if (!item.revisionOf) return newSwmsPath(item.siteId, item.submissionId);
  return revisePath(item.siteId, item.revisionOf, item.submissionId);
}

function ActiveOutboxBanner({ actor }: { readonly actor: SwmsOutboxActor }) {
  const waiting = useSelector(actor, outbox.waitingCount);
  const refused = useSelector(actor, outbox.refusedItems, outbox.sameItems);
  const sending = useSelector(actor, outbox.isSending);
  const offline = useSelector(actor, outbox.isWaitingForNetwork);
  const sent = useSelector(actor, outbox.sentCount);
  const retry = () => actor.send({ type: 'outbox.retry' });

  if (waiting === 0 && refused.length === 0 && sent === 0) return null;
  return (
    <section className="outbox-banner" aria-label={outboxText.region} data-slot="outbox-banner">
      {waiting > 0 ? (
        <div className="outbox-row" data-tone="waiting" role="status">
          <CloudUploadIcon className="outbox-icon" />
          <p className="outbox-text">
            <strong>{outboxText.waiting(waiting)}</strong>
            <span>{sending ? outboxText.sending : offline ? outboxText.offline : outboxText.retrying}</span>
          </p>
          {sending ? null : (
            <Button variant="secondary" size="lg" className="outbox-action" onClick={retry}>
              {outboxText.sendNow}
            </Button>
          )}
        </div>
      ) : null}
      {refused.map((item) => (
        <div key={item.submissionId} className="outbox-row" data-tone="refused" role="alert">
          <AlertIcon className="outbox-icon" />
          <p className="outbox-text">
            <strong>{outboxText.refused}</strong>
            <span>{item.message}</span>
          </p>
          <div className="outbox-actions">
            <Button asChild variant="secondary" size="lg" className="outbox-action">
              <Link to={refusedItemPath(item)}>{outboxText.open}</Link>
            </Button>
            <Button variant="ghost" size="lg" className="outbox-action" onClick={retry}>
              {outboxText.tryAgain}
            </Button>
          </div>
        </div>
      ))}
      {waiting === 0 && refused.length === 0 ? (
        <div className="outbox-row" data-tone="sent" role="status">
          <CheckIcon className="outbox-icon" />
          <p className="outbox-text">
            <strong>{outboxText.sent}</strong>
          </p>
          <Button variant="ghost" size="lg" className="outbox-action" onClick={() => actor.send({ type: 'outbox.dismiss' })}>
            {outboxText.dismiss}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

export function OutboxBanner() {
  const handle = useSwmsOutbox('whenIdle');
  return handle ? <ActiveOutboxBanner actor={handle.actor} /> : null;
}
