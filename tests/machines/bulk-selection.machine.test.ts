import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import {
  bulkSelectionMachine,
  siteBulkStatusMessages,
  type ApplyStatusInput,
  type BulkSelectionContext,
  type BulkSelectionEmitted,
  type BulkSelectionInput,
  type SelectableRow,
  type SelectionQuery,
} from '../../machines/bulk-selection.machine';
import * as Bulk from '../../machines/bulk-selection.selectors';
import { siteStatuses } from '../../src/domain/site-status';
import { swmsMessages } from '../../src/domain/swms';
import { modelPaths, type ModelPath } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

type BulkEvent = EventFromLogic<typeof bulkSelectionMachine> | { type: string; [key: string]: unknown };

const allSites: SelectionQuery = { search: '', filter: null, sort: 'createdAt.date.desc', page: 1 };
const secondPage: SelectionQuery = { ...allSites, page: 2 };
const onHoldOnly: SelectionQuery = { ...allSites, filter: 'status.string.on_hold' };

const row = (id: string, status: string): SelectableRow => ({ id, status });
const loaded = (query: SelectionQuery, total: number, ...rows: SelectableRow[]) =>
  ({ type: 'rows.loaded', query, total, rows }) as const;

/** Three sites over two pages: a (ongoing) and b (on hold) on page 1, c (ongoing) on page 2. */
const firstPageRows = loaded(allSites, 3, row('a', 'ongoing'), row('b', 'on_hold'));
const secondPageRows = loaded(secondPage, 3, row('c', 'ongoing'));
/** Two sites on hold; only b is on the first page. */
const onHoldRows = loaded(onHoldOnly, 2, row('b', 'on_hold'));

const selectionSamples: Record<string, BulkEvent[]> = {
  'selection.toggle': [{ type: 'selection.toggle', id: 'a' }],
  'selection.togglePage': [{ type: 'selection.togglePage' }],
  'selection.selectAll': [{ type: 'selection.selectAll' }],
  'selection.clear': [{ type: 'selection.clear' }],
  'status.choose': [
    { type: 'status.choose', status: 'ongoing' },
    { type: 'status.choose', status: 'on_hold' },
  ],
  'xstate.done.actor.applyStatus': [{ type: 'xstate.done.actor.applyStatus', output: [] }],
  'xstate.error.actor.applyStatus': [{ type: 'xstate.error.actor.applyStatus', error: new Error('500') }],
};

const input: BulkSelectionInput = { query: allSites };
const coverage = new TransitionCoverage(bulkSelectionMachine);

/** Two traversals keep the graph small: ticking across pages, and a filter that changes the matching set. */
const paths: ModelPath<typeof bulkSelectionMachine>[] = [
  ...modelPaths(bulkSelectionMachine, {
    inputs: [input],
    events: {
      ...selectionSamples,
      'rows.loaded': [firstPageRows, secondPageRows],
      'query.changed': [{ type: 'query.changed', query: secondPage }],
    },
  }),
  ...modelPaths(bulkSelectionMachine, {
    inputs: [input],
    events: {
      ...selectionSamples,
      'rows.loaded': [firstPageRows, onHoldRows],
      'query.changed': [{ type: 'query.changed', query: onHoldOnly }],
    },
  }),
];

interface BulkRig extends Rig<typeof bulkSelectionMachine> {
  emitted: BulkSelectionEmitted[];
  seen: number;
}


/** The rows a selection stands for, computed from scratch over every known row. */
function expectedChecked(context: BulkSelectionContext, id: string): boolean {
  return context.selection.mode === 'ids'
    ? context.selection.picked.map((picked) => picked.id).includes(id)
    : !context.selection.excludedIds.includes(id);
}

function expectedTarget({ selection, query }: BulkSelectionContext) {
  return selection.mode === 'ids'
    ? { mode: 'ids', ids: selection.picked.map((picked) => picked.id) }
    : { mode: 'allMatching', matching: { search: query.search, filter: query.filter }, excludedIds: selection.excludedIds };
}

describe('bulk selection machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof bulkSelectionMachine, BulkRig>(path, {
      coverage,
      createRig: ({ input: given, scripted, clock, inspect }) => {
        const machine = bulkSelectionMachine.provide({ actors: { applyStatus: scripted.logic<unknown, ApplyStatusInput>() } });
        const actor = createActor(machine, { input: given, inspect });
        const rig: BulkRig = { actor, scripted, clock, emitted: [], seen: 0 };
        actor.on('*', (emitted) => rig.emitted.push(emitted));
        return rig;
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const before: BulkSelectionContext | undefined = previous?.state.context;
        const emitted = rig.emitted.slice(rig.seen);
        rig.seen = rig.emitted.length;
        const count = Bulk.count(snapshot);

        const ids = context.selection.mode === 'ids' ? context.selection.picked.map((picked) => picked.id) : context.selection.excludedIds;
        expect(ids, 'the selection is kept sorted and without duplicates').toEqual([...new Set(ids)].sort());
        if (context.selection.mode === 'allMatching') expect(count, 'an empty all-matching selection is no selection').toBeGreaterThan(0);

        for (const { id } of context.rows) expect(Bulk.isChecked(id)(snapshot)).toBe(expectedChecked(context, id));
        expect(Bulk.selectAllState(snapshot) === false).toBe(count === 0);
        expect(Bulk.isMenuEnabled(snapshot)).toBe(count > 0 && snapshot.matches('idle'));
        expect(Bulk.isApplying(snapshot)).toBe(snapshot.matches('applying'));
        const shared = Bulk.selectionStatus(snapshot);
        const options = Bulk.statusOptions(siteStatuses)(snapshot);
        expect(options.filter((option) => option.disabled).map((option) => option.status)).toEqual(
          shared === null ? [] : [shared],
        );
        if (context.selection.mode === 'ids' && count > 0) {
          const statuses = new Set(context.selection.picked.map((picked) => picked.status));
          expect(shared).toBe(statuses.size === 1 ? [...statuses][0] : null);
        }

        const { event } = step;
        if (event.type === 'status.choose' && snapshot.matches('applying') && before) {
          expect(rig.scripted.lastInput('applyStatus')).toEqual({ status: (event as { status: string }).status, target: expectedTarget(before) });
          expect(shared, 'the whole selection never already has the chosen status').not.toBe((event as { status: string }).status);
        }
        if (event.type === 'xstate.done.actor.applyStatus') {
          expect(count, 'spec §4: the selection is cleared after a successful change').toBe(0);
          expect(emitted).toEqual([{ type: 'rows.refresh' }, { type: 'toast', tone: 'success', message: 'Status updated successfully' }]);
        } else if (event.type === 'xstate.error.actor.applyStatus') {
          expect(context.selection, 'a failed change keeps the selection').toEqual(before?.selection);
          expect(emitted).toEqual([{ type: 'toast', tone: 'error', message: 'Failed to update the status' }]);
        } else {
          expect(emitted).toEqual([]);
        }
        if (event.type === 'rows.loaded' && JSON.stringify((event as { query: unknown }).query) !== JSON.stringify(before?.query)) {
          expect(context, 'rows for another query are a late answer and change nothing').toEqual(before);
        }
        if (event.type === 'query.changed' && before?.selection.mode === 'allMatching' && context.query.filter !== before.query.filter) {
          expect(count, 'a new filter clears an all-matching selection').toBe(0);
        }
        if (event.type === 'query.changed' && before?.selection.mode === 'ids') {
          expect(context.selection, 'rows ticked one by one stay ticked').toEqual(before.selection);
        }
      },
    });
  });

  test('every state and transition of the bulk selection machine is exercised', () => {
    coverage.assertComplete('bulkSelection');
  });
});

function startBulk(given: BulkSelectionInput = input) {
  const scripted = new ScriptedActors();
  const emitted: BulkSelectionEmitted[] = [];
  const actor = createActor(bulkSelectionMachine.provide({ actors: { applyStatus: scripted.logic<unknown, ApplyStatusInput>() } }), {
    input: given,
  });
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, scripted, emitted, snapshot: () => actor.getSnapshot() };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('bulk selection across pages, sorting and filters', () => {
  test('select all means the filtered set: it survives paging and sorting, and the count is the total', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    actor.send({ type: 'selection.selectAll' });
    actor.send({ type: 'selection.toggle', id: 'b' });
    expect(Bulk.count(snapshot())).toBe(2);
    expect(Bulk.selectAllState(snapshot())).toBe('indeterminate');

    actor.send({ type: 'query.changed', query: secondPage });
    actor.send(secondPageRows);
    expect(Bulk.isChecked('c')(snapshot())).toBe(true);
    actor.send({ type: 'query.changed', query: { ...secondPage, sort: 'address.string.asc' } });
    expect(Bulk.isAllMatching(snapshot())).toBe(true);
    expect(Bulk.isChecked('b')(snapshot())).toBe(false);
    expect(Bulk.count(snapshot())).toBe(2);
  });

  test('a new search clears a select-all, whose meaning would change', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    actor.send({ type: 'selection.selectAll' });
    actor.send({ type: 'query.changed', query: { ...allSites, search: 'george st' } });
    expect(Bulk.count(snapshot())).toBe(0);
    expect(Bulk.selectAllState(snapshot())).toBe(false);
  });

  test('rows ticked one by one stay ticked through a filter change, with the status they were seen with', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    actor.send({ type: 'selection.toggle', id: 'a' });
    actor.send({ type: 'query.changed', query: onHoldOnly });
    actor.send(onHoldRows);
    actor.send({ type: 'selection.toggle', id: 'b' });
    expect(Bulk.count(snapshot())).toBe(2);
    expect(Bulk.isChecked('a')(snapshot())).toBe(true);
    expect(Bulk.selectionStatus(snapshot())).toBeNull();
  });

  test('the header checkbox ticks the page, then offers every matching row', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    actor.send({ type: 'selection.toggle', id: 'a' });
    expect(Bulk.selectAllState(snapshot())).toBe('indeterminate');
    actor.send({ type: 'selection.togglePage' });
    expect(Bulk.selectAllState(snapshot())).toBe(true);
    expect(Bulk.canSelectAllMatching(snapshot())).toBe(true);
    actor.send({ type: 'selection.selectAll' });
    expect(Bulk.canSelectAllMatching(snapshot())).toBe(false);
    expect(Bulk.count(snapshot())).toBe(3);
    actor.send({ type: 'selection.togglePage' });
    expect(Bulk.count(snapshot())).toBe(1);
    expect(Bulk.isChecked('a')(snapshot())).toBe(false);
  });

  test('a late page for an older query is ignored', () => {
    const { actor, snapshot } = startBulk();
    actor.send({ type: 'query.changed', query: onHoldOnly });
    actor.send(firstPageRows);
    expect(snapshot().context.rows).toEqual([]);
  });
});

describe('status options (spec §4)', () => {
  test('the status every ticked row has is disabled', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    actor.send({ type: 'selection.toggle', id: 'b' });
    expect(Bulk.statusOptions(siteStatuses)(snapshot())).toEqual([
      { status: 'ongoing', disabled: false },
      { status: 'on_hold', disabled: true },
      { status: 'completed', disabled: false },
      { status: 'cancelled', disabled: false },
    ]);
    actor.send({ type: 'status.choose', status: 'on_hold' });
    expect(snapshot().value).toBe('idle');
  });

  test('all matching across pages: the status filter says what they all have', () => {
    const { actor, snapshot } = startBulk({ query: onHoldOnly });
    actor.send(onHoldRows);
    actor.send({ type: 'selection.selectAll' });
    expect(Bulk.isStatusDisabled('on_hold')(snapshot())).toBe(true);
    expect(Bulk.isStatusDisabled('completed')(snapshot())).toBe(false);
  });

  test('all matching across pages without a status filter: nothing is disabled', () => {
    const { actor, snapshot } = startBulk();
    actor.send(loaded(allSites, 3, row('a', 'ongoing'), row('b', 'ongoing')));
    actor.send({ type: 'selection.selectAll' });
    expect(Bulk.statusOptions(siteStatuses)(snapshot()).some((option) => option.disabled)).toBe(false);
  });

  test('all matching on a single page: the rows themselves say', () => {
    const { actor, snapshot } = startBulk();
    actor.send(loaded(allSites, 2, row('a', 'completed'), row('b', 'completed')));
    actor.send({ type: 'selection.selectAll' });
    expect(Bulk.selectionStatus(snapshot())).toBe('completed');
  });

  test('with nothing selected the menu and every option are disabled', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    expect(Bulk.isMenuEnabled(snapshot())).toBe(false);
    expect(siteStatuses.every((status) => Bulk.isStatusDisabled(status)(snapshot()))).toBe(true);
    actor.send({ type: 'status.choose', status: 'completed' });
    expect(snapshot().value).toBe('idle');
  });

  test('the single-site menu disables its current status', () => {
    expect(Bulk.statusOptionsFor(siteStatuses, 'completed')).toEqual([
      { status: 'ongoing', disabled: false },
      { status: 'on_hold', disabled: false },
      { status: 'completed', disabled: true },
      { status: 'cancelled', disabled: false },
    ]);
  });
});

describe('applying a status', () => {
  test('all matching sends the search, the filter and the exclusions, not ids', async () => {
    const { actor, scripted, emitted, snapshot } = startBulk({ query: { ...allSites, search: 'parramatta' } });
    actor.send(loaded({ ...allSites, search: 'parramatta' }, 40, row('a', 'ongoing'), row('b', 'on_hold')));
    actor.send({ type: 'selection.selectAll' });
    actor.send({ type: 'selection.toggle', id: 'a' });
    actor.send({ type: 'status.choose', status: 'completed' });
    expect(scripted.lastInput('applyStatus')).toEqual({
      status: 'completed',
      target: { mode: 'allMatching', matching: { search: 'parramatta', filter: null }, excludedIds: ['a'] },
    });
    expect(Bulk.isMenuEnabled(snapshot())).toBe(false);
    scripted.resolve('applyStatus', []);
    await settle();
    expect(Bulk.count(snapshot())).toBe(0);
    expect(emitted).toEqual([{ type: 'rows.refresh' }, { type: 'toast', tone: 'success', message: siteBulkStatusMessages.success }]);
  });

  test('the SWMS screen passes its own messages', async () => {
    const { actor, scripted, emitted, snapshot } = startBulk({ query: allSites, messages: swmsMessages.toast });
    actor.send(loaded(allSites, 1, row('s1', 'forReview')));
    actor.send({ type: 'selection.toggle', id: 's1' });
    actor.send({ type: 'status.choose', status: 'reviewed' });
    expect(scripted.lastInput('applyStatus')).toEqual({ status: 'reviewed', target: { mode: 'ids', ids: ['s1'] } });
    scripted.reject('applyStatus', new Error('These SWMS could not be changed'));
    await settle();
    expect(emitted).toEqual([{ type: 'toast', tone: 'error', message: 'Status update failed' }]);
    expect(Bulk.isChecked('s1')(snapshot())).toBe(true);

    actor.send({ type: 'status.choose', status: 'reviewed' });
    scripted.resolve('applyStatus', { items: [] });
    await settle();
    expect(emitted.at(-1)).toEqual({ type: 'toast', tone: 'success', message: 'Status updated successfully' });
  });

  test('refreshed rows update the status a ticked row is remembered with', () => {
    const { actor, snapshot } = startBulk();
    actor.send(firstPageRows);
    actor.send({ type: 'selection.toggle', id: 'a' });
    actor.send(loaded(allSites, 3, row('a', 'completed'), row('b', 'on_hold')));
    expect(Bulk.selectionStatus(snapshot())).toBe('completed');
  });
});
