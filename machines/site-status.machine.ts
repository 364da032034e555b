import { assign, emit, fromPromise, setup } from 'xstate';
import { mustBeProvided } from './must-be-provided';
import { siteBulkStatusMessages } from './bulk-selection.machine';
import type { ProjectSite } from '../src/domain/project-site';
import type { SiteStatus } from '../src/domain/site-status';

export interface SiteStatusContext {
  readonly current: SiteStatus | null;
}

export type SiteStatusEvent = { type: 'site.loaded'; status: SiteStatus } | { type: 'status.choose'; status: SiteStatus };

export type SiteStatusEmitted =
  | { type: 'toast'; tone: 'success' | 'error'; message: string }
  | { type: 'site.changed'; site: ProjectSite };

/** The details page's Change Status (spec §4): the site's own status is not offered; same toasts as the bulk change. */
export const siteStatusMachine = setup({
  types: {} as { context: SiteStatusContext; events: SiteStatusEvent; emitted: SiteStatusEmitted; tags: 'busy' },
  actors: {
    changeStatus: fromPromise<ProjectSite, { status: SiteStatus }>(mustBeProvided('changeStatus')),
  },
  guards: {
    changesSomething: ({ context }, { status }: { status: SiteStatus }) => context.current !== null && context.current !== status,
  },
}).createMachine({
  id: 'siteStatus',
  context: { current: null },
  initial: 'idle',
  on: {
    'site.loaded': { actions: assign(({ event }) => ({ current: event.status })) },
  },
  states: {
    idle: {
      on: {
        'status.choose': { guard: { type: 'changesSomething', params: ({ event }) => event }, target: 'changing' },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ event }) => ({ status: (event as Extract<SiteStatusEvent, { type: 'status.choose' }>).status }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ current: event.output.status })),
            emit(({ event }) => ({ type: 'site.changed', site: event.output }) as const),
            emit({ type: 'toast', tone: 'success', message: siteBulkStatusMessages.success } as const),
          ],
        },
        onError: {
          target: 'idle',
          actions: emit({ type: 'toast', tone: 'error', message: siteBulkStatusMessages.failure } as const),
        },
      },
    },
  },
});
