import type { Options } from 'browser-image-compression';

type Compress = (file: File, options: Options) => Promise<Blob>;

let compression: Promise<typeof import('browser-image-compression')> | null = null;

/**
 * The compression library is not in the first screen's code (issue 11). A screen with a photo field
 * fetches it as it opens, while there is signal, so a photo taken later offline is still resized.
 */
export function preloadPhotoCompression(): Promise<unknown> {
  compression ??= import('browser-image-compression').catch((error: unknown) => {
    compression = null;
    throw error;
  });
  return compression;
}

const loadedCompression: Compress = async (file, options) => {
  await preloadPhotoCompression();
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, options);
};
import type { PendingPhoto } from '../../domain/swms-draft';

/** Issue 10 §4 photos: at most 1600 px on the long side, about 0.5 MB, JPEG; location and other metadata dropped. */
export const photoCompression: Options = {
  maxWidthOrHeight: 1600,
  maxSizeMB: 0.5,
  fileType: 'image/jpeg',
  initialQuality: 0.85,
  // In the page, not a worker: the library's worker loads its code from a CDN, which fails offline.
  useWebWorker: false,
  preserveExif: false,
};

export type PhotoPlan =
  | { readonly kind: 'refuse' }
  | { readonly kind: 'resize'; readonly friendlyName: string; readonly options: Options };

/** The name the photo is stored under: the camera's own name, as a .jpg (POST file accepts .jpg and .png photos). */
export function jpegName(original: string): string {
  const base = original.replace(/\.[^.]*$/, '').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${base || 'photo'}.jpg`;
}

/** What to do with a chosen file: anything but an image is refused; every image is re-encoded to the limits. */
export function photoPlan(file: Pick<File, 'name' | 'type'>): PhotoPlan {
  if (!file.type.startsWith('image/')) return { kind: 'refuse' };
  return { kind: 'resize', friendlyName: jpegName(file.name), options: photoCompression };
}

export class UnreadablePhotoError extends Error {
  override readonly name = 'UnreadablePhotoError';
}

/** Resizes a chosen photo in the browser and keeps its bytes, ready to store on the phone and upload. */
export async function resizePhoto(file: File, compress: Compress = loadedCompression): Promise<PendingPhoto> {
  const plan = photoPlan(file);
  if (plan.kind === 'refuse') throw new UnreadablePhotoError(file.name);
  const resized = await compress(file, plan.options);
  return { friendlyName: plan.friendlyName, type: 'image/jpeg', bytes: await resized.arrayBuffer() };
}

/**
 * The same resize as a File for a picker that uploads at once (profile photos). A file the browser
 * cannot decode is passed on as it is, so the picker's own type check explains what is accepted.
 */
export async function resizePhotoFile(file: File, compress: Compress = loadedCompression): Promise<File> {
  const plan = photoPlan(file);
  if (plan.kind === 'refuse') return file;
  try {
    const resized = await compress(file, plan.options);
    return new File([resized], plan.friendlyName, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch (error) {
    console.error(error);
    return file;
  }
}
