import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { clientText } from './strings';

export interface DeleteClientDialogProps {
  readonly companyName: string;
  readonly open: boolean;
  readonly deleting: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** An alert dialog: names the company and says that its users lose access while its records are kept. */
export function DeleteClientDialog({ companyName, open, deleting, onCancel, onConfirm }: DeleteClientDialogProps) {
  return (
    <OnDemandDialog open={open} onOpenChange={(next) => (!next && !deleting ? onCancel() : undefined)}>
      {({ DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent role="alertdialog" onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{clientText.deleteTitle(companyName)}</DialogTitle>
            <DialogDescription>{clientText.deleteLead(companyName)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="secondary" disabled={deleting} onClick={onCancel} autoFocus>
              {clientText.cancel}
            </Button>
            <Button variant="danger" disabled={deleting} aria-busy={deleting || undefined} onClick={onConfirm}>
              {deleting ? <span className="button-spinner" aria-hidden="true" /> : null}
              {clientText.deleteConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}
