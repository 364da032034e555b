import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      busy={deleting}
      title={clientText.deleteTitle(companyName)}
      lead={clientText.deleteLead(companyName)}
      cancelLabel={clientText.cancel}
      confirmLabel={clientText.deleteConfirm}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
