import { useSelector } from '@xstate/react';
import type { BulkSelectionActor } from '../../components/data-table/data-table';
import { StatusMenu } from '../../components/status-menu/status-menu';
import * as bulkSelectors from '../../../machines/bulk-selection.selectors';
import { siteStatusLabels, siteStatuses } from '../../domain/site-status';

const siteStatusOptions = bulkSelectors.statusOptions(siteStatuses);

/** Spec §4 bulk 'Change Status': disabled until rows are selected; the whole selection's own status is disabled. */
export function SitesBulkMenu({ actor }: { readonly actor: BulkSelectionActor }) {
  const enabled = useSelector(actor, bulkSelectors.isMenuEnabled);
  const busy = useSelector(actor, bulkSelectors.isApplying);
  const options = useSelector(actor, siteStatusOptions, (a, b) => a.every((option, index) => option.disabled === b[index]?.disabled));
  return (
    <StatusMenu
      options={options}
      labels={siteStatusLabels}
      disabled={!enabled}
      busy={busy}
      onChoose={(status) => actor.send({ type: 'status.choose', status })}
    />
  );
}
