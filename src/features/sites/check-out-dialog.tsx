import { personName } from '../../../machines/on-site.machine';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import type { OnSitePerson } from '../../domain/site-visit';
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
    <ConfirmDialog
      open={open && person !== null}
      busy={checkingOut}
      title={onSiteText.checkOutTitle(name)}
      lead={onSiteText.checkOutLead(name)}
      cancelLabel={onSiteText.cancel}
      confirmLabel={onSiteText.checkOutConfirm}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {error ? (
        <p className="site-alert" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
