import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import {
  bulkSelectionMachine,
  isSelected,
  type BulkSelectionContext,
  type SelectableRow,
  type SelectionQuery,
} from '../../../machines/bulk-selection.machine';
import * as Bulk from '../../../machines/bulk-selection.selectors';
import { demo } from '../support/sign-in';
import { account, Api, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import type { ModelEvent } from '../../support/machine-paths';
import { toast } from './pages/common.screens';
import { siteList, statusLabels, type SiteStatus } from './pages/site-list.screens';
import { defineModel, type World, type BrowserTraversal } from './runner';

/*
 * Spec §4 bulk Change Status on the Projects list, over three sites of the test's own that one
 * search word finds, two to a page: a (Ongoing) and b (On Hold) on page 1, c (Ongoing) on page 2.
 */
const keys = ['a', 'b', 'c'] as const;
type SiteKey = (typeof keys)[number];
const startStatuses: Record<SiteKey, SiteStatus> = { a: 'ongoing', b: 'on_hold', c: 'ongoing' };

const query = (change: Partial<SelectionQuery> = {}): SelectionQuery => ({ search: 'tag', filter: null, sort: 'default', page: 1, ...change });
const everything = query();
const secondPage = query({ page: 2 });
const onHold = query({ filter: 'status.string.on_hold' });
const row = (id: SiteKey): SelectableRow => ({ id, status: startStatuses[id] });
const pages: [SelectionQuery, SelectableRow[], number][] = [
  [everything, [row('a'), row('b')], 3],
  [secondPage, [row('c')], 3],
  [onHold, [row('b')], 1],
];
const same = (a: SelectionQuery, b: SelectionQuery) => JSON.stringify(a) === JSON.stringify(b);
const idle = (snapshot: AnyMachineSnapshot) => snapshot.matches('idle');
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as BulkSelectionContext;
/** A query's page is on its way until its rows arrive. */
const loading = (snapshot: AnyMachineSnapshot) => context(snapshot).rows.length === 0;

const sitesTraversal: BrowserTraversal<null> = {
  name: 'the Projects list',
  input: { query: everything },
  arrange: null,
  events: {
    // The list answers the query it was asked, once.
    'rows.loaded': (snapshot) =>
      pages
        .filter(([asked]) => loading(snapshot) && same(asked, context(snapshot).query))
        .map(([asked, rows, total]) => ({ type: 'rows.loaded', query: asked, rows, total })),
    // Next page, or a status filter; from either, back to every site.
    'query.changed': (snapshot) => {
      if (!idle(snapshot) || loading(snapshot)) return [];
      const current = context(snapshot).query;
      const next = same(current, everything) ? [secondPage, onHold] : [everything];
      return next.map((asked) => ({ type: 'query.changed', query: asked, label: asked === onHold ? 'On Hold' : `page ${asked.page}` }));
    },
    'selection.toggle': keys.map((id) => ({ type: 'selection.toggle', id })),
    'selection.togglePage': [{ type: 'selection.togglePage' }],
    // The offer to select every matching site shows only once a whole page is ticked and more sites match.
    'selection.selectAll': (snapshot) => (Bulk.canSelectAllMatching(snapshot as Bulk.BulkSelectionSnapshot) ? [{ type: 'selection.selectAll' }] : []),
    'selection.clear': [{ type: 'selection.clear' }],
    'status.choose': (['ongoing', 'on_hold'] as const).map((status) => ({ type: 'status.choose', status, label: statusLabels[status] })),
    'xstate.done.actor.applyStatus': [{ type: 'xstate.done.actor.applyStatus', output: [] }],
    'xstate.error.actor.applyStatus': [{ type: 'xstate.error.actor.applyStatus', error: new Error('network') }],
  } satisfies Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])>,
  // A status change is real: the sites keep it, so the path ends there and the next one starts from the sites' first statuses.
  endsPath: (event) => event.type === 'xstate.done.actor.applyStatus',
};

interface Site {
  readonly id: string;
  readonly label: string;
}

interface BulkWorld extends World {
  readonly companyId: string;
  readonly sites: Record<SiteKey, Site>;
  /** What the server holds now: the first statuses, until a change is applied. */
  readonly statuses: Record<SiteKey, SiteStatus>;
  held: HeldRequest | null;
  /** The change being applied: its status and the sites it covers. */
  changing: { readonly status: SiteStatus; readonly keys: readonly SiteKey[] } | null;
}

/** The sites a selection stands for: ticked ones, or every site the search and filter match but the excluded. */
function affected(world: BulkWorld, { selection, query: asked }: BulkSelectionContext): SiteKey[] {
  const matches = (key: SiteKey) => asked.filter === null || `status.string.${world.statuses[key]}` === asked.filter;
  return keys.filter((key) => (selection.mode === 'ids' ? isSelected(selection, key) : matches(key) && isSelected(selection, key)));
}

const listCall = /\/api\/company\/[^/]+\/projectSites\?/;
const bulkCall = /\/api\/company\/[^/]+\/projectSites$/;

async function holdList(world: BulkWorld, act: () => Promise<void>): Promise<void> {
  world.held = await HeldRequest.hold(world.page, 'GET', listCall);
  await act();
  await world.held.arrived();
}

async function answer(world: BulkWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

export const bulkSelectionModel = defineModel({
  title: 'bulk selection',
  machine: bulkSelectionMachine,
  traversals: [sitesTraversal],

  async prepare(browser) {
    const admin: Account = await account(browser, demo.admin);
    const api = await Api.as(admin.token);
    const companyId = admin.payload.company ?? '';
    const tag = `bulk${Date.now().toString(36)}`;
    const sites = {} as Record<SiteKey, Site>;
    // Created oldest first: the list shows the newest first, so a and b share page 1.
    for (const key of ['c', 'b', 'a'] as const) {
      const address = `${key.toUpperCase()} ${tag} Street`;
      const created = await api.call<{ _id: string }>(
        'POST',
        `company/${companyId}/projectSites`,
        { address, suburb: 'Ultimo', postcode: '2007', siteNumber: `MB-${key}`, clientName: 'Model Bulk Pty Ltd' },
        201,
      );
      sites[key] = { id: created._id, label: `${address}, Ultimo` };
    }
    return { admin, api, companyId, tag, sites };
  },

  async open({ browser, shared }) {
    // Each path starts from the first statuses, set through the API.
    for (const status of ['ongoing', 'on_hold'] as const) {
      const ids = (Object.keys(startStatuses) as SiteKey[]).filter((key) => startStatuses[key] === status).map((key) => shared.sites[key].id);
      await shared.api.call('PATCH', `company/${shared.companyId}/projectSites`, { projectSiteIds: ids, selectedStatus: status });
    }
    const world: BulkWorld = {
      ...(await openContext(browser, shared.admin)),
      companyId: shared.companyId,
      sites: shared.sites,
      statuses: { ...startStatuses },
      held: null,
      changing: null,
    };
    await holdList(world, () => world.page.goto(`/company/${shared.companyId}/projectsites?search=${shared.tag}&pageSize=2`).then(() => undefined));
    return world;
  },

  states: {
    'bulkSelection.idle': async ({ world, snapshot, event }) => {
      const list = siteList(world.page);
      const ctx = context(snapshot);
      if (loading(snapshot)) {
        await list.expectLoading();
        return;
      }
      await list.expectSettled();
      // After a change the list is read again: a site that left the filter leaves the page.
      const shown = ctx.rows.map((each) => each.id as SiteKey).filter((key) => ctx.query.filter === null || `status.string.${world.statuses[key]}` === ctx.query.filter);
      await list.expectRows(shown.map((key) => world.sites[key].label));
      for (const key of shown) {
        await list.expectRow(world.sites[key].label, { checked: Bulk.isChecked(key)(snapshot), status: world.statuses[key], enabled: true });
      }
      await list.expectSelectPage(Bulk.selectAllState(snapshot));
      await list.expectSelectionBar(Bulk.count(snapshot), ctx.total, Bulk.isAllMatching(snapshot), Bulk.canSelectAllMatching(snapshot), ctx.rows.length);
      await expect(list.changeStatus).toBeEnabled({ enabled: Bulk.isMenuEnabled(snapshot) });
      if (event.type === 'xstate.done.actor.applyStatus') await expect(toast(world.page, 'Status updated successfully')).toBeVisible();
      if (event.type === 'xstate.error.actor.applyStatus') await expect(toast(world.page, 'Failed to update the status')).toBeVisible();
    },
    'bulkSelection.applying': async ({ world, snapshot }) => {
      const list = siteList(world.page);
      await expect(list.changeStatus).toBeDisabled();
      for (const each of context(snapshot).rows) {
        await list.expectRow(world.sites[each.id as SiteKey].label, { checked: Bulk.isChecked(each.id)(snapshot), enabled: false });
      }
    },
  },

  events: {
    'rows.loaded': ({ world }) => answer(world, 'done'),
    'query.changed': async ({ world, event, before }) => {
      const list = siteList(world.page);
      const asked = event.query as SelectionQuery;
      const from = context(before).query;
      if (asked.filter) await holdList(world, () => list.chooseFilter('On Hold'));
      else if (asked.page === 2) await holdList(world, () => list.nextPage.click());
      else if (from.page === 2) await holdList(world, () => list.previousPage.click());
      else await holdList(world, () => list.chooseFilter('All'));
    },
    'selection.toggle': async ({ world, event }) => {
      await siteList(world.page).rowCheckbox(world.sites[event.id as SiteKey].label).click();
    },
    'selection.togglePage': async ({ world }) => {
      await siteList(world.page).selectPage.click();
    },
    'selection.selectAll': async ({ world }) => {
      await siteList(world.page).selectAllMatching.click();
    },
    'selection.clear': async ({ world }) => {
      await siteList(world.page).clearSelection.click();
    },
    'status.choose': async ({ world, event, before }) => {
      world.changing = { status: event.status as SiteStatus, keys: affected(world, context(before)) };
      world.held = await HeldRequest.hold(world.page, 'PATCH', bulkCall);
      await siteList(world.page).chooseStatus(statusLabels[event.status as SiteStatus]);
      await world.held.arrived();
    },
    'xstate.done.actor.applyStatus': async ({ world }) => {
      for (const key of world.changing?.keys ?? []) world.statuses[key] = world.changing?.status ?? world.statuses[key];
      await answer(world, 'done');
    },
    'xstate.error.actor.applyStatus': ({ world }) => answer(world, 'error'),
  },

  excluded: {},
});
