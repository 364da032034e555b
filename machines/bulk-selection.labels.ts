import type { MachineLabels } from './machine-labels';

export const bulkSelectionLabels = {
  states: {
    bulkSelection: 'Selecting rows and changing their status',
    'bulkSelection.idle': 'Ticking rows',
    'bulkSelection.applying': 'Changing the status',
  },
  events: {
    'rows.loaded': 'a page of rows arrives',
    'query.changed': 'the search, filter, sort or page changes',
    'selection.toggle': 'a row is ticked or unticked',
    'selection.togglePage': "the page's tick box",
    'selection.selectAll': "'Select all' matching rows",
    'selection.clear': "'Clear selection'",
    'status.choose': "a status from 'Change Status'",
    'xstate.done.actor.applyStatus': 'when the status is changed',
    'xstate.error.actor.applyStatus': 'when changing the status fails',
  },
  guards: {
    isCurrentQuery: 'they answer the current search',
    changesAllMatchingSet: 'every matching row was selected and the rows that match change',
    isRowOnPage: 'the row is on this page',
    pageHasRows: 'the page has rows',
    canSelectAllMatching: 'rows match',
    hasSelection: 'rows are selected',
    changesSomething: 'it changes at least one row',
  },
} satisfies MachineLabels;
