import { assign, emit, fromPromise, setup } from 'xstate';
import { decode } from '../src/domain/decode';
import { FileUploadRequest, type FileReference, type FileType } from '../src/domain/file';
import { isWhatItClaims, notWhatItClaimsMessage } from '../src/domain/file-signatures';
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
  /** `start`: the file's first bytes (`readFileStart`), read by the view as the file is picked. */
  | { type: 'file.choose'; file: File; start: Uint8Array }
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' };

/** The message when a failed upload answers no text (also the view's own text). */
export const fileUploadMessages = {
  failed: 'The upload did not finish. Try again.',
} as const;

export type FileUploadEmitted = { type: 'upload.done'; reference: FileReference; file: File };

/** Spec §5 file pickers: the domain's own rules name the accepted extensions and check the first bytes. */
export function wrongTypeMessage(type: FileType, file: File, start: Uint8Array): string | null {
  const checked = decode(FileUploadRequest, { type, filename: file.name });
  if (!checked.ok) return checked.issues[0].message;
  return isWhatItClaims(file.name, start) ? null : notWhatItClaimsMessage(type, file.name);
}

type Chosen = { readonly file: File; readonly start: Uint8Array };

/** One picker: a chosen file is checked, then uploaded (POST file, then blob storage) with progress; cancel aborts. */
export const fileUploadMachine = setup({
  types: {} as {
    context: FileUploadContext;
    events: FileUploadEvent;
    input: { type: FileType };
    emitted: FileUploadEmitted;
    tags: 'busy' | 'failed';
  },
  actors: {
    upload: fromPromise<FileReference, UploadInput>(mustBeProvided('upload')),
  },
  guards: {
    isWrongType: ({ context }, { file, start }: Chosen) => wrongTypeMessage(context.type, file, start) !== null,
  },
  actions: {
    reject: assign(({ context }, { file, start }: Chosen) => ({ file: null, fraction: 0, error: wrongTypeMessage(context.type, file, start) })),
    start: assign((_, { file }: Chosen) => ({ file, fraction: 0, error: null })),
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({ type: input.type, file: null, fraction: 0, error: null }),
  initial: 'idle',
  on: {
    'file.choose': [
      {
        description: 'A file of another type, by its name or its first bytes, is refused before anything is sent.',
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
      tags: ['failed'],
      description: 'The chosen file is kept so the user can try again.',
      on: {
        'upload.retry': { target: 'uploading', actions: assign({ fraction: 0, error: null }) },
        'upload.cancel': { target: 'idle', actions: assign({ file: null, fraction: 0, error: null }) },
      },
    },
  },
});
