import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFromLogic } from 'xstate';
import { signOnOfflineMessage, swmsSignOnMachine, type SwmsSignOnEmitted, type SwmsSignOnRef } from '../../machines/swms-signon.machine';
import * as SignOn from '../../machines/swms-signon.selectors';
import type { Swms } from '../../src/domain/swms';
import { maxDrawnSignatureBytes, swmsSignOnMessages, type SwmsSignOnRequest, type SwmsSignOnResult } from '../../src/domain/swms-signon';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

type SignOnEvent = EventFromLogic<typeof swmsSignOnMachine> | { type: string; [key: string]: unknown };

const apiError = (message: string, status?: number) => {
  const error = Object.defineProperty(new Error(message), 'message', { value: message, enumerable: true });
  return status === undefined ? error : Object.assign(error, { status });
};

const ref: SwmsSignOnRef = { siteId: 'site-1', swmsId: 'swms-1' };
const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function revision(number: number): Swms {
  return {
    _id: ref.swmsId,
    createdAt: '2026-12-01T20:51:00.000Z',
    createdUserDetails: { _id: 'u-1', firstName: 'Noa', surname: 'Levi' },
    site: { _id: ref.siteId, siteNumber: 'HB-1042', address: '12 Harbour St', fullAddress: '12 Harbour St, Pyrmont NSW 2009', timeZone: 'Australia/Sydney' },
    companyAdminReviewedAt: null,
    companyAdminReviewedBy: null,
    companyAdminReviewerDetails: null,
    supervisorReviewedAt: null,
    supervisorReviewedBy: null,
    supervisorReviewerDetails: null,
    companyAdminChangesRequestedAt: null,
    supervisorChangesRequestedAt: null,
    comments: [],
    revision: number,
    highRiskWork: ['Work at height'],
    riskConsequenceLevel: 4,
    riskLikelihoodLevel: 3,
    riskOverallLevel: 12,
    riskBand: 'High',
    task: {
      taskDescription: `Install roof sheeting (revision ${number})`,
      mobilePlantTools: 'EWP',
      riskText: 'Falls',
      riskPhoto: null,
      controlText: 'Harness and edge protection',
      controlPhoto: null,
      controlImplementation: '',
      controlMonitoring: '',
      controlReview: '',
      ppe: ['hard_hat', 'safety_harness'],
      otherPpe: '',
    },
  };
}

const signed: SwmsSignOnResult = { swmsId: ref.swmsId, revision: 1, signedAt: '2026-12-01T21:00:00.000Z' };

const sampleEvents: Record<string, SignOnEvent[]> = {
  'xstate.done.actor.loadSwms': [{ type: 'xstate.done.actor.loadSwms', output: revision(1) }],
  'xstate.error.actor.loadSwms': [
    { type: 'xstate.error.actor.loadSwms', error: new TypeError('Failed to fetch') },
    { type: 'xstate.error.actor.loadSwms', error: apiError(swmsSignOnMessages.notCheckedIn, 403) },
  ],
  'signOn.reload': [{ type: 'signOn.reload' }],
  'signOn.tick': [
    { type: 'signOn.tick', checked: true },
    { type: 'signOn.tick', checked: false },
  ],
  'signOn.mode': [
    { type: 'signOn.mode', mode: 'typed' },
    { type: 'signOn.mode', mode: 'drawn' },
  ],
  'signOn.draw': [{ type: 'signOn.draw', image: png }],
  'signOn.clear': [{ type: 'signOn.clear' }],
  'signOn.typeName': [{ type: 'signOn.typeName', name: 'Jo Nguyen' }],
  'signOn.send': [{ type: 'signOn.send' }],
  'xstate.done.actor.sendSignOn': [{ type: 'xstate.done.actor.sendSignOn', output: signed }],
  'xstate.error.actor.sendSignOn': [
    { type: 'xstate.error.actor.sendSignOn', error: apiError(swmsSignOnMessages.notLatest, 409) },
    { type: 'xstate.error.actor.sendSignOn', error: new TypeError('Failed to fetch') },
    { type: 'xstate.error.actor.sendSignOn', error: apiError(swmsSignOnMessages.notCheckedIn, 403) },
  ],
  'xstate.done.actor.reloadSwms': [{ type: 'xstate.done.actor.reloadSwms', output: revision(2) }],
  'xstate.error.actor.reloadSwms': [{ type: 'xstate.error.actor.reloadSwms', error: new TypeError('Failed to fetch') }],
};

interface SignOnRig extends Rig<typeof swmsSignOnMachine> {
  readonly toasts: SwmsSignOnEmitted[];
}

const coverage = new TransitionCoverage(swmsSignOnMachine);
// The model's state is the facts guards and the request read, so the pad's and the name's samples do not multiply the graph.
const paths = modelPaths(swmsSignOnMachine, {
  inputs: [ref],
  events: sampleEvents,
  describeEvent: (event) => (event.type.startsWith('xstate.done.actor.') ? `${event.type} (revision ${(event.output as { revision?: number }).revision ?? ''})` : `${event.type}${'checked' in event ? ` ${String(event.checked)}` : ''}${'mode' in event ? ` ${String(event.mode)}` : ''}`),
  serialize: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.mode, snapshot.context.drawn !== null, snapshot.context.typedName !== '', snapshot.context.swms?.revision ?? null, snapshot.context.newerRevision]),
});

describe('SWMS sign-on machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof swmsSignOnMachine, SignOnRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = swmsSignOnMachine.provide({
          actors: {
            loadSwms: scripted.logic<Swms, SwmsSignOnRef>(),
            sendSignOn: scripted.logic<SwmsSignOnResult, SwmsSignOnRef & { request: SwmsSignOnRequest }>(),
          },
        });
        const actor = createActor(machine, { input, inspect });
        const toasts: SwmsSignOnEmitted[] = [];
        actor.on('toast', (toast) => toasts.push(toast));
        return { actor, scripted, clock, toasts };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const state = JSON.stringify(snapshot.value);
        const event = step.event as { type: string; error?: unknown };
        expect(SignOn.isLoading(snapshot)).toBe(state === '"loading"' || state === '"reloading"');
        expect(SignOn.isBusy(snapshot)).toBe(state === '"sending"');
        expect(SignOn.isTicked(snapshot)).toBe(state === '{"ready":"signing"}' || state === '"sending"');
        expect(SignOn.isSent(snapshot)).toBe(state === '"sent"');
        if (state === '"sending"') {
          const sent = rig.scripted.lastInput('sendSignOn') as SwmsSignOnRef & { request: SwmsSignOnRequest };
          expect(sent.request.confirmed).toBe(true);
          expect(sent.request.revision, 'the revision on screen is the one signed').toBe(snapshot.context.swms?.revision);
          expect(sent.request.signature).toEqual(snapshot.context.mode === 'drawn' ? { kind: 'drawn', image: png } : { kind: 'typed', name: 'Jo Nguyen' });
        }
        if (event.type === 'xstate.done.actor.sendSignOn') expect(rig.toasts.at(-1)).toEqual({ type: 'toast', tone: 'success', message: swmsSignOnMessages.signedOn });
        if (event.type === 'xstate.error.actor.sendSignOn' && previous) {
          const before = previous.state.context;
          expect([snapshot.context.drawn, snapshot.context.typedName, snapshot.context.mode], 'nothing signed is lost when the send fails').toEqual([before.drawn, before.typedName, before.mode]);
          if (state === '{"ready":"signing"}') expect(SignOn.sendError(snapshot)).toBe(SignOn.isUnreachable(snapshot) ? signOnOfflineMessage : swmsSignOnMessages.notCheckedIn);
        }
        if (event.type === 'xstate.done.actor.reloadSwms') {
          expect(SignOn.newerRevision(snapshot), 'the newer revision is named').toBe(2);
          expect(SignOn.isTicked(snapshot), 'the newer revision must be ticked again').toBe(false);
        }
        if (event.type === 'signOn.send' && (state === '{"ready":"reading"}' || state === '{"ready":"signing"}')) {
          const problems = SignOn.problems(snapshot);
          expect(problems.confirm).toBe(state === '{"ready":"reading"}' ? swmsSignOnMessages.confirm : null);
          expect(problems.signature).toBe(SignOn.signatureProblem(snapshot));
        }
      },
    });
  });

  test('every state and transition of the sign-on machine is exercised', () => {
    coverage.assertComplete('swmsSignOn');
  });
});

describe('SWMS sign-on selectors', () => {
  const started = async () => {
    const actor = createActor(swmsSignOnMachine.provide({ actors: { loadSwms: fromPromise(async () => revision(1)) } }), { input: ref }).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading') === false);
    return actor;
  };

  test('an empty pad, a blank name and an oversized drawing each get a clear message', async () => {
    const actor = await started();
    expect(SignOn.signatureProblem(actor.getSnapshot())).toBe(swmsSignOnMessages.signature);
    actor.send({ type: 'signOn.draw', image: `data:image/png;base64,${'A'.repeat(Math.ceil((maxDrawnSignatureBytes * 4) / 3) + 8)}` });
    expect(SignOn.signatureProblem(actor.getSnapshot())).toBe(swmsSignOnMessages.drawnSignature);
    actor.send({ type: 'signOn.draw', image: 'data:image/jpeg;base64,AAAA' });
    expect(SignOn.signatureProblem(actor.getSnapshot())).toBe(swmsSignOnMessages.drawnSignature);
    actor.send({ type: 'signOn.draw', image: png });
    expect(SignOn.signatureProblem(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'signOn.mode', mode: 'typed' });
    actor.send({ type: 'signOn.typeName', name: '   ' });
    expect(SignOn.signatureProblem(actor.getSnapshot())).toBe(swmsSignOnMessages.signature);
    actor.send({ type: 'signOn.typeName', name: 'Jo Nguyen' });
    expect(SignOn.signatureProblem(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'signOn.mode', mode: 'drawn' });
    expect(SignOn.drawn(actor.getSnapshot()), 'switching back finds the drawing kept').toBe(png);
    actor.stop();
  });
});
