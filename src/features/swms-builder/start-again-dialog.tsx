import { newSubmissionId } from '../../domain/swms-submission';
import { useState } from 'react';
import * as builder from '../../../machines/swms-builder.selectors';
import { draftHasContent } from '../../domain/swms-draft';
import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { builderText } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';

/** 'Start again': discards the draft on this phone, after a confirmation. Offered once something was entered. */
export function StartAgainDialog() {
  const [open, setOpen] = useState(false);
  const send = useBuilderSend();
  const hasContent = useBuilder((snapshot) => draftHasContent(builder.draft(snapshot), snapshot.context.photos));
  const busy = useBuilder(builder.isBusy);
  const revision = useBuilder(builder.isRevision);
  if (!hasContent) return null;
  return (
    <OnDemandDialog
      open={open}
      onOpenChange={setOpen}
      trigger={(props) => (
        <Button {...props} variant="ghost" size="lg" className="start-again" disabled={busy}>
          {builderText.startAgain}
        </Button>
      )}
    >
      {({ DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{builderText.startAgainTitle}</DialogTitle>
            <DialogDescription>{revision ? builderText.startAgainRevisionText : builderText.startAgainText}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" size="lg">
                {builderText.keepEditing}
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              size="lg"
              onClick={() => {
                send({ type: 'builder.restart', submissionId: newSubmissionId() });
                setOpen(false);
              }}
            >
              {builderText.startAgainConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}
