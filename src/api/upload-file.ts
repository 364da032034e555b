import type { FileReference, FileType } from '../domain/file';
import { createUpload } from './create-upload';

export interface UploadFileOptions {
  /** 0 to 1 as bytes reach blob storage. */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

/**
 * Spec §7 POST file, then the bytes straight to blob storage through the answered SAS URL. The blob
 * SDK is a third of the app's code and only uploads need it: loaded on the first upload (issue 11).
 */
export async function uploadFile(file: File, type: FileType, options: UploadFileOptions = {}): Promise<FileReference> {
  const { fileKey, sasToken } = await createUpload({ type, filename: file.name }, { signal: options.signal });
  const size = Math.max(file.size, 1);
  const { BlockBlobClient } = await import('@azure/storage-blob');
  await new BlockBlobClient(sasToken).uploadData(file, {
    abortSignal: options.signal,
    blobHTTPHeaders: file.type ? { blobContentType: file.type } : undefined,
    onProgress: ({ loadedBytes }) => options.onProgress?.(Math.min(1, loadedBytes / size)),
  });
  options.onProgress?.(1);
  return { friendlyName: file.name, fileKey, type };
}
