import { personName } from '../../../machines/on-site.machine';
import type { OnSitePerson } from '../../domain/site-visit';
import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { onSiteText } from './strings';

export interface CheckOutDialogProps {
  readonly person: OnSitePerson | null;
  readonly open: boolean;
  readonly checkingOut: boolean;
  readonly error: string | null;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** Names the person an admin or supervisor is about to check out by hand; a refusal stays in the dialog. */
export function CheckOutDialog({ person, open, checkingOut, error, onCancel, onConfirm }: CheckOutDialogProps) {
  const name = person ? personName(person) : '';
  return (
    <OnDemandDialog open={open && person !== null} onOpenChange={(next) => (!next && !checkingOut ? onCancel() : undefined)}>
      {({ DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle }) => (
        <DialogContent role="alertdialog" onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{onSiteText.checkOutTitle(name)}</DialogTitle>
            <DialogDescription>{onSiteText.checkOutLead(name)}</DialogDescription>
          </DialogHeader>
          {error ? (
            <p className="site-alert" role="alert">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" disabled={checkingOut} onClick={onCancel} autoFocus>
              {onSiteText.cancel}
            </Button>
            <Button variant="danger" disabled={checkingOut} aria-busy={checkingOut || undefined} onClick={onConfirm}>
              {checkingOut ? <span className="button-spinner" aria-hidden="true" /> : null}
              {onSiteText.checkOutConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </OnDemandDialog>
  );
}
