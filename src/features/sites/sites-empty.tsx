import type { ReactNode } from 'react';
import { InboxIcon } from '../../ui/icons';
import { statusMessages } from '../../ui/status';

/** Spec §2 empty-list placeholder: 'No Data Found', a line on what to do, and the way to do it. */
export function SitesEmpty({ hint, action }: { readonly hint: string; readonly action: ReactNode }) {
  return (
    <div data-slot="empty-state" className="status-state site-empty">
      <InboxIcon className="status-state-icon" width={32} height={32} />
      <p className="status-state-title">{statusMessages.empty}</p>
      <p className="status-state-detail">{hint}</p>
      {action}
    </div>
  );
}
