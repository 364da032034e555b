import { describe, expect, test } from 'vitest';
import { createActor, type InputFrom } from 'xstate';
import { fileUploadMachine, fileUploadMessages, wrongTypeMessage, type UploadInput } from '../../machines/file-upload.machine';
import type { FileReference } from '../../src/domain/file';
import { signatureLength } from '../../src/domain/file-signatures';
import { modelPaths } from '../support/machine-paths';
import { replayPath, ScriptedActors, TransitionCoverage, type Rig } from './model-coverage';

const plan = new File(['%PDF-1.7'], 'site-plan.pdf', { type: 'application/pdf' });
const otherPlan = new File(['%PDF-1.4'], 'revised-plan.pdf', { type: 'application/pdf' });
const photo = new File(['png'], 'photo.png', { type: 'image/png' });
const renamedText = new File(['plain text notes'], 'notes.pdf', { type: 'application/pdf' });
const startOf = async (file: File) => new Uint8Array(await file.slice(0, signatureLength).arrayBuffer());
const starts = new Map(await Promise.all([plan, otherPlan, photo, renamedText].map(async (file) => [file, await startOf(file)] as const)));
const reference: FileReference = { friendlyName: 'site-plan.pdf', fileKey: 'files/abc', type: 'siteSafetyPlan' };
const failures = [new Error(''), new Error(JSON.stringify({ message: 'File too large' }))];

// `name` keeps samples apart in the graph: a File or an Error serialises as {}.
const choose = (file: File) => ({ type: 'file.choose', file, start: starts.get(file), name: file.name });
const sampleEvents = {
  'file.choose': [choose(plan), choose(otherPlan), choose(photo), choose(renamedText)],
  'upload.progress': [
    { type: 'upload.progress', fraction: 0.5 },
    { type: 'upload.progress', fraction: 1.5 },
  ],
  'upload.cancel': [{ type: 'upload.cancel' }],
  'upload.retry': [{ type: 'upload.retry' }],
  'xstate.done.actor.upload': [{ type: 'xstate.done.actor.upload', output: reference }],
  'xstate.error.actor.upload': failures.map((error, sample) => ({ type: 'xstate.error.actor.upload', error, sample })),
};

const inputs: InputFrom<typeof fileUploadMachine>[] = [{ type: 'siteSafetyPlan' }];

interface UploadRig extends Rig<typeof fileUploadMachine> {
  done: { reference: FileReference; file: File }[];
  expected: { uploads: number; done: { reference: FileReference; file: File }[] };
}

const describeUploadEvent = ({ type, name, fraction, error }: { type: string; [key: string]: unknown }) =>
  [type, name, fraction, error instanceof Error ? `"${error.message}"` : undefined].filter((part) => part !== undefined).join(' ');

const coverage = new TransitionCoverage(fileUploadMachine);
const paths = modelPaths(fileUploadMachine, { inputs, events: sampleEvents, describeEvent: describeUploadEvent });

describe('file upload machine, model-based', () => {
  test.for(paths.map((path) => [path.description, path] as const))('%s', async ([, path]) => {
    await replayPath<typeof fileUploadMachine, UploadRig>(path, {
      coverage,
      createRig: ({ input, scripted, clock, inspect }) => {
        const machine = fileUploadMachine.provide({ actors: { upload: scripted.logic<FileReference, UploadInput>() } });
        const actor = createActor(machine, { input, clock, inspect });
        const done: UploadRig['done'] = [];
        actor.on('upload.done', ({ reference: uploaded, file }) => done.push({ reference: uploaded, file }));
        return { actor, scripted, clock, done, expected: { uploads: 0, done: [] } };
      },
      check: (rig, step, previous) => {
        const snapshot = rig.actor.getSnapshot();
        const { context } = snapshot;
        const event = step.event as { type: string; file?: File; start?: Uint8Array; fraction?: number; error?: Error };
        const uploads = rig.scripted.calls.filter((call) => call.id === 'upload');
        const lastUpload = uploads.at(-1)?.input as UploadInput | undefined;

        expect(snapshot.hasTag('busy')).toBe(snapshot.matches('uploading'));
        expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
        expect(context.fraction).toBeGreaterThanOrEqual(0);
        expect(context.fraction).toBeLessThanOrEqual(1);

        const startsUpload =
          snapshot.matches('uploading') && (!previous?.state.matches('uploading') || event.type === 'file.choose');
        if (startsUpload) {
          rig.expected.uploads += 1;
          expect(context.fraction).toBe(0);
          expect(context.error).toBeNull();
          expect(lastUpload).toMatchObject({ file: context.file, type: 'siteSafetyPlan' });
        }
        expect(uploads, 'one upload per chosen file or retry').toHaveLength(rig.expected.uploads);

        if (event.type === 'file.choose') {
          const refusal = wrongTypeMessage('siteSafetyPlan', event.file!, event.start!);
          if (refusal) {
            expect(snapshot.matches('idle'), 'a wrong file type is never sent').toBe(true);
            expect(context.error).toBe(refusal);
            expect(context.file).toBeNull();
          } else {
            expect(context.file).toBe(event.file);
          }
        }
        if (event.type === 'upload.progress') {
          expect(context.fraction).toBe(Math.min(1, event.fraction!));
        }
        if (event.type === 'xstate.done.actor.upload') {
          rig.expected.done.push({ reference, file: lastUpload!.file });
          expect(snapshot.matches('idle')).toBe(true);
          expect(context.file).toBeNull();
        }
        if (event.type === 'xstate.error.actor.upload') {
          expect(snapshot.matches('failed')).toBe(true);
          expect(context.error).toBe(event.error!.message ? 'File too large' : fileUploadMessages.failed);
          expect(context.file, 'the chosen file is kept for Try again').toBe(lastUpload!.file);
        }
        if (event.type === 'upload.cancel') {
          expect(snapshot.matches('idle')).toBe(true);
          expect(context.file).toBeNull();
          expect(context.error).toBeNull();
        }
        expect(rig.done).toEqual(rig.expected.done);
      },
    });
  });

  test('every state and transition of the file upload machine is exercised', () => {
    coverage.assertComplete('fileUpload');
  });
});

describe('file upload machine, wiring', () => {
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  test('progress reported through onProgress reaches the context', async () => {
    const scripted = new ScriptedActors();
    const actor = createActor(fileUploadMachine.provide({ actors: { upload: scripted.logic<FileReference, UploadInput>() } }), {
      input: { type: 'siteSafetyPlan' },
    }).start();
    actor.send({ type: 'file.choose', file: plan, start: starts.get(plan)! });
    (scripted.lastInput('upload') as UploadInput).onProgress(0.25);
    expect(actor.getSnapshot().context.fraction).toBe(0.25);
    (scripted.lastInput('upload') as UploadInput).onProgress(-1);
    expect(actor.getSnapshot().context.fraction).toBe(0);
    scripted.resolve('upload', reference);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  test('fails loudly when upload is not provided', async () => {
    const actor = createActor(fileUploadMachine, { input: { type: 'photo' } }).start();
    actor.send({ type: 'file.choose', file: photo, start: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('upload must be provided');
    actor.stop();
  });

  test('a text file renamed .pdf is refused by its first bytes, saying what a safety plan must be', () => {
    const actor = createActor(fileUploadMachine, { input: { type: 'siteSafetyPlan' } }).start();
    actor.send({ type: 'file.choose', file: renamedText, start: starts.get(renamedText)! });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('The site safety plan must be a PDF file; this file is not one. Choose another file.');
    actor.stop();
  });

  test('the view shows the same fallback text', async () => {
    const { fileUploadText } = await import('../../src/flows/file-upload/strings');
    expect(fileUploadText.failed).toBe(fileUploadMessages.failed);
  });
});
