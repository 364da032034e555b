import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      busy={replacing}
      title={siteGateText.replaceTitle}
      lead={siteGateText.replaceLead}
      cancelLabel={siteGateText.cancel}
      confirmLabel={siteGateText.replaceConfirm}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
