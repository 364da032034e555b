import { assign, emit, fromPromise, setup } from 'xstate';
import { decode } from '../src/domain/decode';
import { FileUploadRequest, type FileReference, type FileType } from '../src/domain/file';
import { mustBeProvided } from './must-be-provided';
import { serverMessage } from './server-message';

export interface UploadInput {
  readonly file: File;
  readonly type: FileType;
  /** 0 to 1 as bytes reach blob storage. */
  readonly onProgress: (fraction: number) => void;
}

export interface FileUploadContext {
  readonly type: FileType;
  readonly file: File | null;
  readonly fraction: number;
  readonly error: string | null;
}

export type FileUploadEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' };

/** The message when a failed upload answers no text (also the view's own text). */
export const fileUploadMessages = {
  failed: 'The upload did not finish. Try again.',
} as const;

export type FileUploadEmitted = { type: 'upload.done'; reference: FileReference; file: File };

/** Spec §5 file pickers: the domain's own rule names the accepted extensions. */
export function wrongTypeMessage(type: FileType, file: File): string | null {
  const checked = decode(FileUploadRequest, { type, filename: file.name });
  return checked.ok ? null : checked.issues[0].message;
}

/** One picker: a chosen file is checked, then uploaded (POST file, then blob storage) with progress; cancel aborts. */
export const fileUploadMachine = setup({
  types: {} as {
    context: FileUploadContext;
    events: FileUploadEvent;
    input: { type: FileType };
    emitted: FileUploadEmitted;
    tags: 'busy';
  },
  actors: {
    upload: fromPromise<FileReference, UploadInput>(mustBeProvided('upload')),
  },
  guards: {
    isWrongType: ({ context }, { file }: { file: File }) => wrongTypeMessage(context.type, file) !== null,
  },
  actions: {
    reject: assign(({ context }, { file }: { file: File }) => ({ file: null, fraction: 0, error: wrongTypeMessage(context.type, file) })),
    start: assign((_, { file }: { file: File }) => ({ file, fraction: 0, error: null })),
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({ type: input.type, file: null, fraction: 0, error: null }),
  initial: 'idle',
  on: {
    'file.choose': [
      {
        description: 'A file of another type is refused before anything is sent.',
        guard: { type: 'isWrongType', params: ({ event }) => event },
        target: '.idle',
        actions: { type: 'reject', params: ({ event }) => event },
      },
      {
        description: 'A new file replaces the one being uploaded, if any.',
        target: '.uploading',
        reenter: true,
        actions: { type: 'start', params: ({ event }) => event },
      },
    ],
  },
  states: {
    idle: {
      description: 'Nothing uploading; the attached file (if any) belongs to the form.',
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => {
          if (!context.file) throw new Error('Only a chosen file is uploaded');
          return {
            file: context.file,
            type: context.type,
            onProgress: (fraction: number) => self.send({ type: 'upload.progress', fraction }),
          };
        },
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context, event }) => ({ type: 'upload.done', reference: event.output, file: context.file as File }) as const),
            assign({ file: null, fraction: 0 }),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => serverMessage(event.error, fileUploadMessages.failed) }),
        },
      },
      on: {
        'upload.progress': { actions: assign({ fraction: ({ event }) => Math.min(1, Math.max(0, event.fraction)) }) },
        'upload.cancel': { description: 'Stopping the upload aborts its requests.', target: 'idle', actions: assign({ file: null, fraction: 0 }) },
      },
    },
    failed: {
      description: 'The chosen file is kept so the user can try again.',
      on: {
        'upload.retry': { target: 'uploading', actions: assign({ fraction: 0, error: null }) },
        'upload.cancel': { target: 'idle', actions: assign({ file: null, fraction: 0, error: null }) },
      },
    },
  },
});
