import { assign, emit, fromPromise, setup } from 'xstate';
import { mustBeProvided } from './must-be-provided';

/** Which SWMS go into the PDF: one SWMS's own PDF (its page's 'Download PDF'), the ticked ones, or all the list shows less the unticked. */
export type ExportTarget =
  | { readonly mode: 'one'; readonly swmsId: string; readonly fileName: string }
  | { readonly mode: 'ids'; readonly ids: readonly string[] }
  | { readonly mode: 'allMatching'; readonly search: string; readonly filter: string | null; readonly excludedIds: readonly string[] };

interface ExportProgress {
  readonly received: number;
  readonly total: number | null;
}

export interface PdfExportContext {
  readonly count: number;
  readonly target: ExportTarget | null;
  readonly progress: ExportProgress | null;
}

export type PdfExportEvent =
  | { type: 'export.start'; target: ExportTarget; count: number }
  | { type: 'export.progress'; progress: ExportProgress }
  | { type: 'export.cancel' };

export type PdfExportEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export const pdfExportMessages = {
  done: (count: number) => `PDF of ${count} SWMS downloaded`,
  failed: 'The PDF could not be made',
} as const;

/** Issue 9 records to take away: one SWMS, or a selection of SWMS, becomes one PDF, with progress, and can be cancelled. */
export const pdfExportMachine = setup({
  types: {} as { context: PdfExportContext; events: PdfExportEvent; emitted: PdfExportEmitted; tags: 'busy' },
  actors: {
    exportPdf: fromPromise<void, { target: ExportTarget }>(mustBeProvided('exportPdf')),
  },
  guards: {
    namesSwms: (_, { count }: { count: number }) => count > 0,
    isOneSwms: ({ context }) => context.target?.mode === 'one',
  },
}).createMachine({
  id: 'pdfExport',
  description: "One SWMS's PDF, or one combined PDF of the SWMS a reviewer selected.",
  context: { count: 0, target: null, progress: null },
  initial: 'idle',
  states: {
    idle: {
      description: "Nothing being made; 'Export PDF' is offered when SWMS are selected, 'Download PDF' on a SWMS's page.",
      on: {
        'export.start': {
          guard: { type: 'namesSwms', params: ({ event }) => ({ count: event.count }) },
          target: 'exporting',
          actions: assign(({ event }) => ({ count: event.count, target: event.target, progress: null })),
        },
      },
    },
    exporting: {
      tags: ['busy'],
      description: 'The server writes the PDF and the browser receives it; progress shows as it arrives.',
      invoke: {
        id: 'exportPdf',
        src: 'exportPdf',
        input: ({ context }) => {
          if (!context.target) throw new Error('Only a started export is made');
          return { target: context.target };
        },
        onDone: [
          { description: "One SWMS's own PDF: the browser's download is the answer.", guard: 'isOneSwms', target: 'idle' },
          { target: 'idle', actions: emit(({ context }) => ({ type: 'toast', tone: 'success', message: pdfExportMessages.done(context.count) }) as const) },
        ],
        onError: { target: 'idle', actions: emit({ type: 'toast', tone: 'error', message: pdfExportMessages.failed } as const) },
      },
      on: {
        'export.progress': { actions: assign(({ event }) => ({ progress: event.progress })) },
        'export.cancel': { target: 'idle', description: 'Stops the download; nothing is saved.' },
      },
    },
  },
});
