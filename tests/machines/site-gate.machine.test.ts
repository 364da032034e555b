import { describe, expect, test } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { siteGateMachine, siteGateMessages, type SiteGateEmitted, type SiteRef } from '../../machines/site-gate.machine';
import type { SiteQr } from '../../src/domain/site-visit';
import { siteVisitMessages } from '../../src/domain/site-visit';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

type GateEvent = EventFromLogic<typeof siteGateMachine> | { type: string; [key: string]: unknown };

const site: SiteRef = { companyId: 'company-1', siteId: 'site-1' };
const currentQr: SiteQr = { url: 'http://localhost:3000/site/site-1/check-in?key=old-key' };
const newQr: SiteQr = { url: 'http://localhost:3000/site/site-1/check-in?key=new-key' };
const forbidden = new Error('Only an admin or a supervisor of this company can do this');
const silent = new Error('');

const sampleEvents: Record<string, GateEvent[]> = {
  'qr.retry': [{ type: 'qr.retry' }],
  'replace.request': [{ type: 'replace.request' }],
  'replace.cancel': [{ type: 'replace.cancel' }],
  'replace.confirm': [{ type: 'replace.confirm' }],
  'poster.download': [{ type: 'poster.download' }],
  'xstate.done.actor.loadQr': [{ type: 'xstate.done.actor.loadQr', output: currentQr }],
  'xstate.error.actor.loadQr': [{ type: 'xstate.error.actor.loadQr', error: forbidden }],
  'xstate.done.actor.replaceQr': [{ type: 'xstate.done.actor.replaceQr', output: newQr }],
  'xstate.error.actor.replaceQr': [{ type: 'xstate.error.actor.replaceQr', error: forbidden }],
  'xstate.done.actor.downloadPoster': [{ type: 'xstate.done.actor.downloadPoster', output: undefined }],
  'xstate.error.actor.downloadPoster': [
    { type: 'xstate.error.actor.downloadPoster', error: forbidden },
    { type: 'xstate.error.actor.downloadPoster', error: silent },
  ],
};

function describeGateEvent({ type, ...fields }: { type: string; [key: string]: unknown }): string {
  const shown = JSON.stringify(fields, (_, value: unknown) =>
    value instanceof Error ? value.message || '<no message>' : value === currentQr ? '<current key>' : value === newQr ? '<new key>' : value,
  );
  return shown === '{}' ? type : `${type} ${shown}`;
}

interface GateRig extends Rig<typeof siteGateMachine> {
  emitted: SiteGateEmitted[];
  expected: { emitted: number };
}

const coverage = new TransitionCoverage(siteGateMachine);
const paths = modelPaths(siteGateMachine, { inputs: [site], events: sampleEvents, describeEvent: describeGateEvent });

describe('site gate machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof siteGateMachine, GateRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = siteGateMachine.provide({
          actors: { loadQr: scripted.logic<SiteQr, SiteRef>(), replaceQr: scripted.logic<SiteQr, SiteRef>(), downloadPoster: scripted.logic<void, SiteRef>() },
        });
        const actor = createActor(machine, { input, clock, inspect });
        const emitted: SiteGateEmitted[] = [];
        actor.on('*', (event) => emitted.push(event));
        return { actor, scripted, clock, emitted, expected: { emitted: 0 } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string; error?: Error };
        const before = previous?.state.context;

        expect(snapshot.hasTag('loading')).toBe(snapshot.matches({ qr: 'loading' }));
        expect(snapshot.hasTag('confirming'), 'the dialog is open while confirming and while the key is replaced').toBe(
          snapshot.matches({ qr: 'confirming' }) || snapshot.matches({ qr: 'replacing' }),
        );
        expect(snapshot.hasTag('replacing')).toBe(snapshot.matches({ qr: 'replacing' }));
        expect(snapshot.hasTag('unavailable')).toBe(snapshot.matches({ qr: 'unavailable' }));
        expect(snapshot.hasTag('replaced')).toBe(snapshot.matches({ qr: 'replaced' }));
        expect(snapshot.hasTag('replaceFailed')).toBe(snapshot.matches({ qr: 'failed' }));
        expect(snapshot.hasTag('downloading')).toBe(snapshot.matches({ poster: 'downloading' }));

        if (event.type === 'xstate.init' || event.type === 'qr.retry') {
          expect(snapshot.matches({ qr: 'loading' })).toBe(true);
          expect(rig.scripted.lastInput('loadQr'), 'the QR code is asked for this site').toEqual(site);
        }
        if (event.type === 'xstate.done.actor.loadQr') expect(snapshot.context.url).toBe(currentQr.url);
        if (event.type === 'xstate.error.actor.loadQr') {
          expect(snapshot.matches({ qr: 'unavailable' })).toBe(true);
          expect(snapshot.context.error, 'the server says why the QR code is not shown').toBe(forbidden.message);
        }
        if (event.type === 'replace.request') expect(snapshot.matches({ qr: 'confirming' }), 'nothing is replaced before the warning is confirmed').toBe(true);
        if (event.type === 'replace.cancel') {
          expect(snapshot.matches({ qr: 'shown' })).toBe(true);
          expect(snapshot.context.url, 'a cancelled replacement keeps the key').toBe(before?.url);
        }
        if (event.type === 'replace.confirm') {
          expect(rig.scripted.lastInput('replaceQr')).toEqual(site);
          expect(snapshot.context.error).toBeNull();
        }
        expect(rig.scripted.calls.filter((call) => call.id === 'replaceQr').length, 'a key is only replaced after confirming').toBe(
          path.steps.slice(0, path.steps.indexOf(step) + 1).filter((taken) => taken.event.type === 'replace.confirm').length,
        );
        if (event.type === 'xstate.done.actor.replaceQr') {
          rig.expected.emitted += 1;
          expect(snapshot.matches({ qr: 'replaced' })).toBe(true);
          expect(snapshot.context.url, 'the new key is shown at once').toBe(newQr.url);
          expect(rig.emitted.at(-1)).toEqual({ type: 'toast', tone: 'success', message: siteVisitMessages.keyReplaced });
        }
        if (event.type === 'xstate.error.actor.replaceQr') {
          expect(snapshot.matches({ qr: 'failed' })).toBe(true);
          expect(snapshot.context.url, 'a failed replacement keeps the old QR code on screen').toBe(before?.url);
          expect(snapshot.context.error).toBe(forbidden.message);
        }
        if (event.type === 'poster.download') expect(rig.scripted.lastInput('downloadPoster')).toEqual(site);
        if (event.type === 'xstate.done.actor.downloadPoster') expect(snapshot.matches({ poster: 'idle' })).toBe(true);
        if (event.type === 'xstate.error.actor.downloadPoster') {
          rig.expected.emitted += 1;
          const message = event.error?.message || siteGateMessages.posterFailed;
          expect(rig.emitted.at(-1)).toEqual({ type: 'toast', tone: 'error', message });
        }
        expect(rig.emitted).toHaveLength(rig.expected.emitted);
      },
    });
  });

  test('every state and transition of the site gate machine is exercised', () => {
    coverage.assertComplete('siteGate');
  });
});

describe('site gate machine, wiring', () => {
  test('unprovided actors fail loudly: the QR code is unavailable with a message', async () => {
    const actor = createActor(siteGateMachine, { input: site }).start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().matches({ qr: 'unavailable' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('loadQr must be provided');
    actor.stop();
  });

  test('the poster downloads on its own, even while the QR code is still loading', () => {
    const actor = createActor(siteGateMachine, { input: site }).start();
    actor.send({ type: 'poster.download' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    actor.stop();
  });
});
