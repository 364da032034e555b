import type { SnapshotFrom } from 'xstate';
import {
  isPageSelected,
  isSelected,
  selectedCount,
  sharedStatus,
  type bulkSelectionMachine,
} from './bulk-selection.machine';

export type BulkSelectionSnapshot = SnapshotFrom<typeof bulkSelectionMachine>;

export interface StatusOption<TStatus extends string> {
  readonly status: TStatus;
  readonly disabled: boolean;
}

/** Spec §4: a menu option equal to the status every target already has is disabled (bulk and single-site menus). */
export function statusOptionsFor<TStatus extends string>(
  options: readonly TStatus[],
  currentStatus: string | null,
): StatusOption<TStatus>[] {
  return options.map((status) => ({ status, disabled: status === currentStatus }));
}

export const isApplying = (snapshot: BulkSelectionSnapshot): boolean => snapshot.hasTag('busy');

export const isChecked =
  (id: string) =>
  (snapshot: BulkSelectionSnapshot): boolean =>
    isSelected(snapshot.context.selection, id);

export const count = (snapshot: BulkSelectionSnapshot): number => selectedCount(snapshot.context);

export const isAllMatching = (snapshot: BulkSelectionSnapshot): boolean =>
  snapshot.context.selection.mode === 'allMatching' && count(snapshot) > 0;

/**
 * The select-all checkbox: true when every matching row is selected (or, for rows ticked one by one,
 * every row of this page), 'indeterminate' for any other selection, false for none.
 */
export const selectAllState = (snapshot: BulkSelectionSnapshot): boolean | 'indeterminate' => {
  const { context } = snapshot;
  if (count(snapshot) === 0) return false;
  if (context.selection.mode === 'allMatching') return context.selection.excludedIds.length === 0 || 'indeterminate';
  return isPageSelected(context) || 'indeterminate';
};

/** Offer 'select all {total}' once the whole page is ticked row by row and more rows match. */
export const canSelectAllMatching = (snapshot: BulkSelectionSnapshot): boolean => {
  const { context } = snapshot;
  return context.selection.mode === 'ids' && isPageSelected(context) && context.total > context.rows.length;
};

/** Spec §4: the Change Status menu is disabled unless rows are selected (and while a change runs). */
export const isMenuEnabled = (snapshot: BulkSelectionSnapshot): boolean => count(snapshot) > 0 && !isApplying(snapshot);

/** The status the whole selection already has, when known; null when mixed, unknown or empty. */
export const selectionStatus = (snapshot: BulkSelectionSnapshot): string | null => sharedStatus(snapshot.context);

export const statusOptions =
  <TStatus extends string>(options: readonly TStatus[]) =>
  (snapshot: BulkSelectionSnapshot): StatusOption<TStatus>[] =>
    statusOptionsFor(options, selectionStatus(snapshot));

export const isStatusDisabled =
  (status: string) =>
  (snapshot: BulkSelectionSnapshot): boolean =>
    !isMenuEnabled(snapshot) || selectionStatus(snapshot) === status;
