import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { siteGateText } from './strings';

export interface ReplaceQrDialogProps {
  readonly open: boolean;
  readonly replacing: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** An alert dialog: replacing the key makes every printed poster stop working. */
export function ReplaceQrDialog({ open, replacing, onCancel, onConfirm }: ReplaceQrDialogProps) {
  return (
    <OnDemandDialog open={open} onOpenChange={(next) => (!next && !replacing ? onCancel() : undefined)}>
      {({ DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent role="alertdialog" onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{siteGateText.replaceTitle}</DialogTitle>
            <DialogDescription>{siteGateText.replaceLead}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" disabled={replacing} onClick={onCancel} autoFocus>
              {siteGateText.cancel}
            </Button>
            <Button variant="danger" disabled={replacing} aria-busy={replacing || undefined} onClick={onConfirm}>
              {replacing ? <span className="button-spinner" aria-hidden="true" /> : null}
              {siteGateText.replaceConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}
