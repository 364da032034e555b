import type { MachineLabels } from './machine-labels';

export const pdfExportLabels = {
  states: {
    pdfExport: 'Exporting SWMS as a PDF',
    'pdfExport.idle': 'No export',
    'pdfExport.exporting': 'Making the PDF',
  },
  events: {
    'export.start': "'Export PDF' or 'Download PDF'",
    'export.progress': 'more of the PDF arrives',
    'export.cancel': "'Cancel'",
    'xstate.done.actor.exportPdf': 'when the PDF is saved',
    'xstate.error.actor.exportPdf': 'when making it fails',
  },
  guards: {
    namesSwms: 'SWMS are selected',
    isOneSwms: "it is one SWMS's own PDF",
  },
} satisfies MachineLabels;
