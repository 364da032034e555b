import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bulkSelectionMachine } from '../../../machines/bulk-selection.machine';
import * as bulk from '../../../machines/bulk-selection.selectors';
import { StatusMenu } from '../../components/status-menu/status-menu';
import type { BulkReviewStatus } from '../../domain/swms';
import { swmsText } from './strings';

const markOptions: readonly BulkReviewStatus[] = ['reviewed', 'forReview'];
const markLabels: Record<BulkReviewStatus, string> = { reviewed: swmsText.markAsReviewed, forReview: swmsText.markAsForReview };
const optionsOf = bulk.statusOptions(markOptions);

/** Spec §4 bulk marking: disabled until rows are selected; the status the whole selection has is disabled. */
export function SwmsBulkMenu({ actor }: { readonly actor: ActorRefFrom<typeof bulkSelectionMachine> }) {
  const options = useSelector(actor, optionsOf, (a, b) => a.every((option, index) => option.disabled === b[index]?.disabled));
  const enabled = useSelector(actor, bulk.isMenuEnabled);
  const busy = useSelector(actor, bulk.isApplying);
  return (
    <StatusMenu
      options={options}
      labels={markLabels}
      disabled={!enabled}
      busy={busy}
      variant="primary"
      onChoose={(status) => actor.send({ type: 'status.choose', status })}
    />
  );
}
