import { uploadFile } from '../../api/upload-file';
import type { PendingPhoto } from '../../domain/swms-draft';
import type { PhotoReference } from '../../domain/trades';

export interface PhotoUploadOptions {
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

/** A photo kept on the phone, through POST file (type photo) and straight to blob storage. */
export async function uploadPendingPhoto(photo: PendingPhoto, options: PhotoUploadOptions = {}): Promise<PhotoReference> {
  const file = new File([photo.bytes], photo.friendlyName, { type: photo.type });
  const reference = await uploadFile(file, 'photo', options);
  return { friendlyName: reference.friendlyName, fileKey: reference.fileKey, type: 'photo' };
}
