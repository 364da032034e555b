import { useState } from 'react';
import * as builder from '../../../machines/swms-builder.selectors';
import { formatDateTime } from '../../domain/dates';
import { draftHasContent } from '../../domain/swms-draft';
import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { builderText } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';
import type { OwnActivity } from './use-own-activity';

const text = builderText.previous;

/** 'Start from a previous SWMS': the tradesperson's own, newest first; one tap copies it into this draft. */
export function PreviousSwmsDialog({ activity }: { readonly activity: OwnActivity }) {
  const [open, setOpen] = useState(false);
  const send = useBuilderSend();
  const hasContent = useBuilder((snapshot) => draftHasContent(builder.draft(snapshot), snapshot.context.photos));
  const copying = useBuilder((snapshot) => builder.screen(snapshot) === 'copying');
  const error = useBuilder((snapshot) => (builder.screen(snapshot) === 'editing' ? builder.error(snapshot) : null));
  const items = activity.status === 'ready' ? activity.activity.swms : [];
  if (activity.status === 'ready' && items.length === 0) return null;

  return (
    <div className="previous-swms">
      <OnDemandDialog
        open={open}
        onOpenChange={setOpen}
        trigger={(props) => (
          <Button {...props} variant="secondary" size="lg" className="previous-swms-open" disabled={copying}>
            {copying ? text.copying : text.open}
          </Button>
        )}
      >
        {({ DialogContent, DialogDescription, DialogHeader, DialogTitle }) => (
          <DialogContent className="previous-swms-dialog">
            <DialogHeader>
              <DialogTitle>{text.title}</DialogTitle>
              <DialogDescription>
                {text.description} {hasContent ? <strong>{text.replaces}</strong> : null}
              </DialogDescription>
            </DialogHeader>
            {activity.status === 'loading' ? <p role="status">{text.loading}</p> : null}
            {activity.status === 'failed' ? <p role="alert" className="field-error">{text.failed}</p> : null}
            {activity.status === 'ready' && items.length === 0 ? <p>{text.none}</p> : null}
            {items.length > 0 ? (
              <ul className="previous-swms-list">
                {items.map((item) => {
                  const task = item.taskDescription.trim() || text.untitled;
                  const where = `${item.site.address}, ${item.site.suburb}`;
                  const when = formatDateTime(item.createdAt, item.site.timeZone);
                  return (
                    <li key={item._id}>
                      <button
                        type="button"
                        className="previous-swms-item"
                        aria-label={`${text.use}: ${task}, ${where}, ${when}`}
                        onClick={() => {
                          send({ type: 'previous.copy', swmsId: item._id });
                          setOpen(false);
                        }}
                      >
                        <span className="previous-swms-task">{task}</span>
                        <span className="previous-swms-meta">
                          {where} · {when}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </DialogContent>
        )}
      </OnDemandDialog>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
