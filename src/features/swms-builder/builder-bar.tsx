import * as builder from '../../../machines/swms-builder.selectors';
import { Button } from '../../ui/button';
import { builderText } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';

/** Back and Next (Submit on the review) at thumb height, stuck to the bottom of the screen. */
export function BuilderBar() {
  const send = useBuilderSend();
  const first = useBuilder(builder.isFirstStep);
  const review = useBuilder((snapshot) => builder.step(snapshot) === 'review');
  const canSubmit = useBuilder(builder.canSubmit);
  const sending = useBuilder((snapshot) => builder.screen(snapshot) === 'sending');
  const busy = useBuilder(builder.isBusy);
  const revision = useBuilder(builder.isRevision);
  const photoBusy = useBuilder(builder.isPhotoBusy);
  const gaps = useBuilder((snapshot) => builder.gaps(snapshot).length);
  const hint = review && !sending && gaps === 0 && photoBusy ? builderText.review.waitForPhoto : null;

  return (
    <div className="builder-bar" data-slot="builder-bar">
      {hint ? <p className="builder-bar-hint" role="status">{hint}</p> : null}
      <div className="builder-bar-buttons">
        {first ? null : (
          <Button variant="secondary" size="lg" className="builder-bar-button" disabled={busy} onClick={() => send({ type: 'builder.back' })}>
            {builderText.back}
          </Button>
        )}
        {review ? (
          <Button variant="accent" size="lg" className="builder-bar-button" disabled={!canSubmit} aria-busy={sending || undefined} onClick={() => send({ type: 'builder.submit' })}>
            {sending ? (
              <>
                <span className="button-spinner" aria-hidden="true" /> {builderText.outcome.sending}
              </>
            ) : (
              revision ? builderText.sendRevision : builderText.submit
            )}
          </Button>
        ) : (
          <Button variant="primary" size="lg" className="builder-bar-button" disabled={busy} onClick={() => send({ type: 'builder.next' })}>
            {builderText.next}
          </Button>
        )}
      </div>
    </div>
  );
}
