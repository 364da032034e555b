import { fileExtension } from '../../src/domain/file';

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
};

export function contentTypeFor(fileKey: string): string {
  return contentTypes[fileExtension(fileKey)] ?? 'application/octet-stream';
}
