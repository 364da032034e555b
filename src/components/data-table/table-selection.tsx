import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bulkSelectionMachine } from '../../../machines/bulk-selection.machine';
import * as bulk from '../../../machines/bulk-selection.selectors';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';

export type BulkSelectionActor = ActorRefFrom<typeof bulkSelectionMachine>;

const selectionText = {
  selectPage: 'Select all rows on this page',
  selectRow: (label: string) => `Select ${label}`,
  selected: (count: number) => `${count} selected`,
  pageSelected: (count: number) => `All ${count} on this page are selected.`,
  selectAllMatching: (total: number) => `Select all ${total} matching`,
  allMatchingSelected: (count: number, total: number) =>
    count === total ? `All ${total} matching are selected.` : `${count} of ${total} matching are selected.`,
  clear: 'Clear selection',
} as const;

export function SelectPageCheckbox({ actor }: { readonly actor: BulkSelectionActor }) {
  const state = useSelector(actor, bulk.selectAllState);
  const busy = useSelector(actor, bulk.isApplying);
  const hasRows = useSelector(actor, (snapshot) => snapshot.context.rows.length > 0);
  return (
    <Checkbox
      aria-label={selectionText.selectPage}
      checked={state}
      disabled={busy || !hasRows}
      onCheckedChange={() => actor.send({ type: 'selection.togglePage' })}
    />
  );
}

export function SelectRowCheckbox({ actor, id, label }: { readonly actor: BulkSelectionActor; readonly id: string; readonly label: string }) {
  const checked = useSelector(actor, bulk.isChecked(id));
  const busy = useSelector(actor, bulk.isApplying);
  return (
    <Checkbox
      aria-label={selectionText.selectRow(label)}
      checked={checked}
      disabled={busy}
      onCheckedChange={() => actor.send({ type: 'selection.toggle', id })}
    />
  );
}

/** The count of selected rows, the offer to extend a full page to every matching row, and Clear. */
export function SelectionBar({ actor }: { readonly actor: BulkSelectionActor }) {
  const count = useSelector(actor, bulk.count);
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const pageRows = useSelector(actor, (snapshot) => snapshot.context.rows.length);
  const offerAll = useSelector(actor, bulk.canSelectAllMatching);
  const allMatching = useSelector(actor, bulk.isAllMatching);
  const busy = useSelector(actor, bulk.isApplying);
  if (count === 0) return null;
  return (
    <div className="data-table-selection" data-slot="data-table-selection" role="status">
      <span className="data-table-selection-text">
        {allMatching
          ? selectionText.allMatchingSelected(count, total)
          : offerAll
            ? selectionText.pageSelected(pageRows)
            : selectionText.selected(count)}
      </span>
      {offerAll ? (
        <Button variant="ghost" size="sm" className="data-table-link-button" disabled={busy} onClick={() => actor.send({ type: 'selection.selectAll' })}>
          {selectionText.selectAllMatching(total)}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="data-table-link-button" disabled={busy} onClick={() => actor.send({ type: 'selection.clear' })}>
        {selectionText.clear}
      </Button>
    </div>
  );
}
