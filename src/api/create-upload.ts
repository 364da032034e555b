import { FileUploadResponse, type FileUploadRequest } from '../domain/file';
import { callForJson, type CallOptions } from './client';

/** Spec §7 POST file: asks for a SAS token; the browser then uploads straight to blob storage. */
export function createUpload(request: FileUploadRequest, options: CallOptions = {}): Promise<FileUploadResponse> {
  return callForJson(FileUploadResponse, 'post', 'file', { ...options, json: request });
}
