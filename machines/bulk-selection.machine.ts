import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { projectSiteMessages } from '../src/domain/project-site';
import { mustBeProvided } from './must-be-provided';

/** What the list shows: search and filter decide which rows match; sort and page only order and slice them. */
export interface SelectionQuery {
  readonly search: string;
  /** A spec §5 filter key (field.type.value, e.g. 'status.string.on_hold'), or null for none. */
  readonly filter: string | null;
  readonly sort: string;
  readonly page: number;
}

/** The rows an 'all matching' selection stands for. */
type MatchingSet = Pick<SelectionQuery, 'search' | 'filter'>;

export interface SelectableRow {
  readonly id: string;
  readonly status: string;
}

/**
 * Ticked rows by id (sorted, with the status each had when last seen), or every row matching the
 * query except some. Plain data, so the selection can be stored or logged as is.
 */
export type Selection =
  | { readonly mode: 'ids'; readonly picked: readonly SelectableRow[] }
  | { readonly mode: 'allMatching'; readonly excludedIds: readonly string[] };

export interface BulkStatusMessages {
  readonly success: string;
  readonly failure: string;
}

export interface BulkSelectionInput {
  /** The query the first rows.loaded will carry. */
  readonly query: SelectionQuery;
  /** The toasts after a bulk change; the project site texts (spec §8) when absent. */
  readonly messages?: BulkStatusMessages;
}

export interface BulkSelectionContext {
  readonly query: SelectionQuery;
  readonly rows: readonly SelectableRow[];
  readonly total: number;
  readonly selection: Selection;
  readonly messages: BulkStatusMessages;
}

export type BulkSelectionEvent =
  | { type: 'rows.loaded'; rows: readonly SelectableRow[]; total: number; query: SelectionQuery }
  | { type: 'query.changed'; query: SelectionQuery }
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.togglePage' }
  | { type: 'selection.selectAll' }
  | { type: 'selection.clear' }
  | { type: 'status.choose'; status: string };

export type ApplyStatusTarget =
  | { readonly mode: 'ids'; readonly ids: readonly string[] }
  | { readonly mode: 'allMatching'; readonly matching: MatchingSet; readonly excludedIds: readonly string[] };

export interface ApplyStatusInput {
  readonly status: string;
  readonly target: ApplyStatusTarget;
}

export type BulkSelectionEmitted =
  | { type: 'rows.refresh' }
  | { type: 'toast'; tone: 'success' | 'error'; message: string };

export const siteBulkStatusMessages: BulkStatusMessages = {
  success: projectSiteMessages.statusUpdated,
  failure: projectSiteMessages.statusFailed,
};

const nothingSelected: Selection = { mode: 'ids', picked: [] };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const sortedIds = (ids: Iterable<string>) => [...new Set(ids)].sort();

function sameMatchingSet(a: MatchingSet, b: MatchingSet): boolean {
  return a.search === b.search && a.filter === b.filter;
}

function sameQuery(a: SelectionQuery, b: SelectionQuery): boolean {
  return sameMatchingSet(a, b) && a.sort === b.sort && a.page === b.page;
}

/** Spec §5 filter keys are field.type.value: a status filter keeps only rows of that status. */
export function statusOfFilter(filter: string | null): string | null {
  const prefix = 'status.string.';
  return filter?.startsWith(prefix) ? filter.slice(prefix.length) : null;
}

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'ids'
    ? selection.picked.some((row) => row.id === id)
    : !selection.excludedIds.includes(id);
}

export function selectedCount({ selection, total }: Pick<BulkSelectionContext, 'selection' | 'total'>): number {
  return selection.mode === 'ids' ? selection.picked.length : Math.max(0, total - selection.excludedIds.length);
}

/**
 * Spec §4: the status the whole selection already has, when it is known. All matching across pages:
 * known only through a status filter (or when every matching row is on this page).
 */
export function sharedStatus(context: BulkSelectionContext): string | null {
  const { selection, rows, total, query } = context;
  if (selectedCount(context) === 0) return null;
  let statuses: string[];
  if (selection.mode === 'ids') statuses = selection.picked.map((row) => row.status);
  else if (rows.length >= total) statuses = rows.filter((row) => isSelected(selection, row.id)).map((row) => row.status);
  else return statusOfFilter(query.filter);
  const [first] = statuses;
  return first !== undefined && statuses.every((status) => status === first) ? first : null;
}

export function isPageSelected({ selection, rows }: Pick<BulkSelectionContext, 'selection' | 'rows'>): boolean {
  return rows.length > 0 && rows.every((row) => isSelected(selection, row.id));
}

/** An all-matching selection that no longer leaves anything selected is no selection. */
function allMatchingExcept(excludedIds: Iterable<string>, total: number): Selection {
  const sorted = sortedIds(excludedIds);
  return sorted.length >= total ? nothingSelected : { mode: 'allMatching', excludedIds: sorted };
}

function pickedWith(picked: readonly SelectableRow[], added: readonly SelectableRow[]): Selection {
  const kept = picked.filter((row) => !added.some((other) => other.id === row.id));
  return { mode: 'ids', picked: [...kept, ...added].sort(byId) };
}

function withoutIds(selection: Selection, ids: readonly string[], total: number): Selection {
  return selection.mode === 'ids'
    ? { mode: 'ids', picked: selection.picked.filter((row) => !ids.includes(row.id)) }
    : allMatchingExcept([...selection.excludedIds, ...ids], total);
}

function withRows(selection: Selection, rows: readonly SelectableRow[]): Selection {
  const ids = rows.map((row) => row.id);
  return selection.mode === 'ids'
    ? pickedWith(selection.picked, rows)
    : { mode: 'allMatching', excludedIds: selection.excludedIds.filter((id) => !ids.includes(id)) };
}

/** Rows come back with their current status: a ticked row remembers the newest one. */
function refreshedStatuses(selection: Selection, rows: readonly SelectableRow[]): Selection {
  if (selection.mode === 'allMatching') return selection;
  return {
    mode: 'ids',
    picked: selection.picked.map((row) => rows.find((fresh) => fresh.id === row.id) ?? row),
  };
}

export function applyTarget({ selection, query }: BulkSelectionContext): ApplyStatusTarget {
  return selection.mode === 'ids'
    ? { mode: 'ids', ids: selection.picked.map((row) => row.id) }
    : { mode: 'allMatching', matching: { search: query.search, filter: query.filter }, excludedIds: selection.excludedIds };
}

/** Spec §4 bulk Change Status over a paged, searchable, filterable list (project sites, SWMS). */
export const bulkSelectionMachine = setup({
  types: {} as {
    context: BulkSelectionContext;
    events: BulkSelectionEvent;
    input: BulkSelectionInput;
    emitted: BulkSelectionEmitted;
    tags: 'busy';
  },
  actors: {
    applyStatus: fromPromise<unknown, ApplyStatusInput>(mustBeProvided('applyStatus')),
  },
  actions: {
    acceptRows: assign(({ context }, { rows, total }: { rows: readonly SelectableRow[]; total: number }) => ({
      rows,
      total,
      selection:
        context.selection.mode === 'allMatching'
          ? allMatchingExcept(context.selection.excludedIds, total)
          : refreshedStatuses(context.selection, rows),
    })),
    changeQuery: assign((_, { query }: { query: SelectionQuery }) => ({ query, rows: [] })),
    clearSelection: assign({ selection: nothingSelected }),
    toggleRow: assign(({ context }, { id }: { id: string }) => {
      const row = context.rows.find((candidate) => candidate.id === id);
      if (!row) return {};
      return {
        selection: isSelected(context.selection, id)
          ? withoutIds(context.selection, [id], context.total)
          : withRows(context.selection, [row]),
      };
    }),
    togglePage: assign(({ context }) => ({
      selection: isPageSelected(context)
        ? withoutIds(context.selection, context.rows.map((row) => row.id), context.total)
        : withRows(context.selection, context.rows),
    })),
    selectAllMatching: assign({ selection: { mode: 'allMatching', excludedIds: [] } satisfies Selection }),
    requestRefresh: emit({ type: 'rows.refresh' } as const),
    toastSuccess: emit(({ context }) => ({ type: 'toast', tone: 'success', message: context.messages.success }) as const),
    toastFailure: emit(({ context }) => ({ type: 'toast', tone: 'error', message: context.messages.failure }) as const),
  },
  guards: {
    isCurrentQuery: ({ context }, { query }: { query: SelectionQuery }) => sameQuery(context.query, query),
    changesAllMatchingSet: ({ context }, { query }: { query: SelectionQuery }) =>
      context.selection.mode === 'allMatching' && !sameMatchingSet(context.query, query),
    isRowOnPage: ({ context }, { id }: { id: string }) => context.rows.some((row) => row.id === id),
    pageHasRows: ({ context }) => context.rows.length > 0,
    canSelectAllMatching: ({ context }) =>
      context.total > 0 && !(context.selection.mode === 'allMatching' && context.selection.excludedIds.length === 0),
    hasSelection: ({ context }) => selectedCount(context) > 0,
    changesSomething: ({ context }, { status }: { status: string }) =>
      selectedCount(context) > 0 && sharedStatus(context) !== status,
  },
}).createMachine({
  id: 'bulkSelection',
  description:
    'Rows ticked across pages, or every row matching the search and filter; then one status for all of them (spec §4).',
  context: ({ input }) => ({
    query: input.query,
    rows: [],
    total: 0,
    selection: nothingSelected,
    messages: input.messages ?? siteBulkStatusMessages,
  }),
  initial: 'idle',
  on: {
    'rows.loaded': {
      description: 'A page arrived for the current query; a late answer to an older query is ignored.',
      guard: { type: 'isCurrentQuery', params: ({ event }) => event },
      actions: { type: 'acceptRows', params: ({ event }) => event },
    },
    'query.changed': [
      {
        description:
          'A new search or filter means a different matching set: selecting "all" of the old one would now mean other rows, so it is cleared.',
        guard: { type: 'changesAllMatchingSet', params: ({ event }) => event },
        actions: ['clearSelection', { type: 'changeQuery', params: ({ event }) => event }],
      },
      {
        description: 'Another page or sort order, or a new search or filter over rows ticked one by one: those rows stay ticked.',
        actions: { type: 'changeQuery', params: ({ event }) => event },
      },
    ],
  },
  states: {
    idle: {
      description: 'The user ticks rows and picks a status from the Change Status menu.',
      on: {
        'selection.toggle': {
          guard: { type: 'isRowOnPage', params: ({ event }) => event },
          actions: { type: 'toggleRow', params: ({ event }) => event },
        },
        'selection.togglePage': {
          description: "Ticks every row of the page, or unticks them when they all are.",
          guard: 'pageHasRows',
          actions: 'togglePage',
        },
        'selection.selectAll': {
          description: 'Every row matching the search and filter, on every page, including rows not loaded yet.',
          guard: 'canSelectAllMatching',
          actions: 'selectAllMatching',
        },
        'selection.clear': { guard: 'hasSelection', actions: 'clearSelection' },
        'status.choose': {
          description: 'Spec §4: only with a selection, and not the status the whole selection already has.',
          guard: { type: 'changesSomething', params: ({ event }) => event },
          target: 'applying',
        },
      },
    },
    applying: {
      description: 'One call changes the status of every selected row; the selection is frozen meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'applyStatus',
        src: 'applyStatus',
        input: ({ context, event }) => {
          assertEvent(event, 'status.choose');
          return { status: event.status, target: applyTarget(context) };
        },
        onDone: {
          description: 'Spec §4: after a successful change the selection is cleared and the data refreshed.',
          target: 'idle',
          actions: ['clearSelection', 'requestRefresh', 'toastSuccess'],
        },
        onError: {
          description: 'Nothing changed: the selection stays so the user can try again.',
          target: 'idle',
          actions: 'toastFailure',
        },
      },
    },
  },
});
