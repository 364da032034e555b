import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type InputFrom } from 'xstate';
import { clientListMachine } from '../../machines/client-list.machine';
import type { ClientListQuery } from '../../src/domain/client-list';
import type { Company, CompanyList } from '../../src/domain/company';
import { noCursor } from '../../src/domain/page-cursor';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

type ListEvent = EventFromLogic<typeof clientListMachine> | { type: string; [key: string]: unknown };

const firstQuery: ClientListQuery = { search: '', sort: 'createdAt.date.desc', page: 1, cursor: noCursor };
const nextQuery: ClientListQuery = { search: 'harbour', sort: 'name.string.asc', page: 2, cursor: { after: 'next-page-cursor', before: null } };
const company: Company = {
  _id: 'company-1',
  name: 'Harbour Builders',
  abn: '51824753556',
  buildersRegNumber: 'BR-100',
  phone: '0298765432',
  email: 'office@harbour.example',
  address: '1 Quay St, Sydney',
  postalAddress: 'PO Box 1, Sydney',
  userCount: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  hasAdmin: true,
};
const page: CompanyList = { items: [company], total: 21, page: 1, pageSize: 20, nextCursor: 'next-page-cursor', previousCursor: null };
const failure = { error: new Error('network down') };

const sampleEvents: Record<string, ListEvent[]> = {
  'xstate.done.actor.loadClients': [{ type: 'xstate.done.actor.loadClients', output: page }],
  'xstate.error.actor.loadClients': [{ type: 'xstate.error.actor.loadClients', ...failure }],
  'query.changed': [
    { type: 'query.changed', query: firstQuery },
    { type: 'query.changed', query: nextQuery },
  ],
};

const inputs: InputFrom<typeof clientListMachine>[] = [{ query: firstQuery }];

function describeListEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value instanceof Error ? value.message : value === page ? '<page>' : value,
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface ListRig extends Rig<typeof clientListMachine> {
  expected: { loads: number };
}

const coverage = new TransitionCoverage(clientListMachine);
const paths = modelPaths(clientListMachine, { inputs, events: sampleEvents, describeEvent: describeListEvent });

describe('client list machine, model-based', () => {
  test.for(paths.map((path) => [`${JSON.stringify(path.input)} ${path.description}`, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof clientListMachine, ListRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = clientListMachine.provide({ actors: { loadClients: scripted.logic<CompanyList, ClientListQuery>() } });
        return { actor: createActor(machine, { input, clock, inspect }), scripted, clock, expected: { loads: 0 } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string; query?: ClientListQuery };

        expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
        expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
        if (event.type === 'xstate.init' || event.type === 'query.changed') {
          rig.expected.loads += 1;
          expect(snapshot.matches('loading'), 'every query, even the same one again, is asked for').toBe(true);
          expect(rig.scripted.lastInput('loadClients'), 'the server is asked for the current query').toEqual(snapshot.context.query);
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'loadClients')).toHaveLength(rig.expected.loads);
        if (event.type === 'query.changed') {
          expect(snapshot.context.query).toEqual(event.query);
          expect(snapshot.context.list, 'the last page stays on screen while the next loads').toEqual(previous?.state.context.list);
        }
        if (event.type === 'xstate.done.actor.loadClients') expect(snapshot.context.list).toEqual(page);
        if (event.type === 'xstate.error.actor.loadClients') {
          expect(snapshot.matches('failed')).toBe(true);
          expect(snapshot.context.list).toEqual(previous?.state.context.list);
        }
      },
    });
  });

  test('every state and transition of the client list machine is exercised', () => {
    coverage.assertComplete('clientList');
  });
});

describe('client list machine, cancelling', () => {
  test('a newer query cancels the older request, whose late answer is ignored', async () => {
    const requests: { query: ClientListQuery; signal: AbortSignal; resolve: (list: CompanyList) => void }[] = [];
    const actor = createActor(
      clientListMachine.provide({
        actors: {
          loadClients: fromPromise<CompanyList, ClientListQuery>(
            ({ input, signal }) => new Promise((resolve) => requests.push({ query: input, signal, resolve })),
          ),
        },
      }),
      { input: { query: firstQuery } },
    ).start();
    actor.send({ type: 'query.changed', query: nextQuery });
    expect(requests.map((request) => request.query)).toEqual([firstQuery, nextQuery]);
    expect(requests[0]!.signal.aborted).toBe(true);

    const newer: CompanyList = { ...page, page: 2 };
    requests[1]!.resolve(newer);
    await new Promise<void>((resolve) => setImmediate(resolve));
    requests[0]!.resolve(page);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.list).toBe(newer);
    actor.stop();
  });
});
