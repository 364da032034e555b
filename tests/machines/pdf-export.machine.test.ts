import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import { pdfExportMachine, pdfExportMessages, type ExportTarget, type PdfExportEmitted } from '../../machines/pdf-export.machine';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

type ExportEvent = EventFromLogic<typeof pdfExportMachine> | { type: string; [key: string]: unknown };

const ticked: ExportTarget = { mode: 'ids', ids: ['a', 'b', 'c'] };
const one: ExportTarget = { mode: 'one', swmsId: 'a', fileName: 'swms-7-2026-12-02.pdf' };
const failure = new Error('The PDF could not be made');

const sampleEvents: Record<string, ExportEvent[]> = {
  'export.start': [
    { type: 'export.start', target: ticked, count: 3 },
    { type: 'export.start', target: one, count: 1 },
    { type: 'export.start', target: { mode: 'ids', ids: [] }, count: 0 },
  ],
  'export.progress': [{ type: 'export.progress', progress: { received: 512, total: 2048 } }],
  'export.cancel': [{ type: 'export.cancel' }],
  'xstate.done.actor.exportPdf': [{ type: 'xstate.done.actor.exportPdf', output: undefined }],
  'xstate.error.actor.exportPdf': [{ type: 'xstate.error.actor.exportPdf', error: failure }],
};

const describeEvent = ({ type, ...fields }: { type: string; [key: string]: unknown }) => {
  const shown = JSON.stringify(fields, (_, value: unknown) => (value instanceof Error ? value.message : value));
  return shown === '{}' ? type : `${type} ${shown}`;
};

interface ExportRig extends Rig<typeof pdfExportMachine> {
  emitted: PdfExportEmitted[];
  /** How many of `emitted` the steps before this one accounted for. */
  checked: number;
  /** The export the path last started. */
  started: { target: ExportTarget; count: number } | null;
}

const coverage = new TransitionCoverage(pdfExportMachine);
const paths = modelPaths(pdfExportMachine, { inputs: [undefined], events: sampleEvents, describeEvent });

describe('pdf export machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof pdfExportMachine, ExportRig>(path, {
      coverage,
      createRig: ({ scripted, clock, inspect }) => {
        const machine = pdfExportMachine.provide({ actors: { exportPdf: scripted.logic<void, { target: ExportTarget }>() } });
        const actor = createActor(machine, { clock, inspect });
        const emitted: PdfExportEmitted[] = [];
        actor.on('*', (event) => emitted.push(event));
        return { actor, scripted, clock, emitted, checked: 0, started: null };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const event = step.event as { type: string; count?: number; target?: ExportTarget; progress?: unknown };
        const toasts = rig.emitted.slice(rig.checked);
        rig.checked = rig.emitted.length;
        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('exporting'));
        if (event.type === 'export.start') {
          const started = previous?.state.matches('idle') === true && (event.count ?? 0) > 0;
          expect(snapshot.matches('exporting'), 'only a selection that names SWMS is exported').toBe(started);
          if (started) {
            expect(rig.scripted.lastInput('exportPdf')).toEqual({ target: event.target });
            rig.started = { target: event.target as ExportTarget, count: event.count ?? 0 };
          }
        }
        if (event.type === 'export.progress') expect(snapshot.context.progress).toEqual(event.progress);
        if (event.type === 'export.cancel') expect(snapshot.matches('idle')).toBe(true);
        if (event.type === 'xstate.done.actor.exportPdf') {
          expect(toasts, "a selection's PDF is announced with its count; one SWMS's own PDF is not").toEqual(
            rig.started?.target.mode === 'one' ? [] : [{ type: 'toast', tone: 'success', message: pdfExportMessages.done(rig.started?.count ?? 0) }],
          );
        } else if (event.type === 'xstate.error.actor.exportPdf') {
          expect(toasts).toEqual([{ type: 'toast', tone: 'error', message: pdfExportMessages.failed }]);
        } else {
          expect(toasts).toEqual([]);
        }
      },
    });
  });

  test('every state and transition of the pdf export machine is exercised', () => {
    coverage.assertComplete('pdfExport');
  });
});

describe('pdf export machine, wiring', () => {
  test('a cancelled export aborts the download it started', async () => {
    let aborted = false;
    const machine = pdfExportMachine.provide({
      actors: {
        exportPdf: fromPromise<void, { target: ExportTarget }>(
          ({ signal }) =>
            new Promise<void>((_, reject) => {
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
            }),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'export.start', target: ticked, count: 3 });
    actor.send({ type: 'export.cancel' });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });
});
