import { fileUploadMessages } from '../../../machines/file-upload.machine';

export const fileUploadText = {
  choose: 'Choose file',
  replace: 'Replace',
  remove: 'Remove',
  cancel: 'Cancel upload',
  retry: 'Try again',
  noFile: 'No file chosen',
  dropHint: 'or drag a file here',
  uploading: (name: string) => `Uploading ${name}`,
  uploaded: 'Uploaded',
  current: 'Current file',
  view: 'View',
  failed: fileUploadMessages.failed,
  accepts: (extensions: string) => `Accepted: ${extensions}`,
} as const;
