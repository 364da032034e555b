import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';

export interface ConfirmDialogProps {
  readonly open: boolean;
  /** The confirmed change is running: both buttons wait, and the dialog cannot be dismissed. */
  readonly busy: boolean;
  readonly title: string;
  readonly lead: string;
  readonly cancelLabel: string;
  readonly confirmLabel: string;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  /** Shown between the lead and the buttons (a refusal that stays in the dialog). */
  readonly children?: ReactNode;
}

/**
 * An alert dialog before something that cannot be undone: Cancel (focused first) and a danger button. A press
 * outside does not dismiss it; Escape and Cancel do, unless the change is running.
 */
export function ConfirmDialog({ open, busy, title, lead, cancelLabel, confirmLabel, onCancel, onConfirm, children }: ConfirmDialogProps) {
  return (
    <OnDemandDialog open={open} onOpenChange={(next) => (!next && !busy ? onCancel() : undefined)}>
      {({ DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent role="alertdialog" onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{lead}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button variant="secondary" disabled={busy} onClick={onCancel} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant="danger" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
              {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}
