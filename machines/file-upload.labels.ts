import type { MachineLabels } from './machine-labels';

export const fileUploadLabels = {
  states: {
    fileUpload: 'Uploading a file',
    'fileUpload.idle': 'No upload',
    'fileUpload.uploading': 'Uploading',
    'fileUpload.failed': 'Upload failed',
  },
  events: {
    'file.choose': 'a file is chosen',
    'upload.progress': 'the upload moves on',
    'upload.cancel': "'Cancel'",
    'xstate.done.actor.upload': 'when the file is stored',
    'xstate.error.actor.upload': 'when the upload fails',
    'upload.retry': "'Try again'",
  },
  guards: {
    isWrongType: 'the file is of the wrong type',
  },
} satisfies MachineLabels;
