import { describe, expect, test, vi } from 'vitest';
import { acceptsFile } from '../../../src/domain/file';
import { jpegName, photoCompression, photoPlan, resizePhoto, resizePhotoFile, UnreadablePhotoError } from '../../../src/components/photo/resize-photo';

describe('photo resize decisions', () => {
  test('every image is re-encoded as a JPEG of at most 1600 px and about 0.5 MB, in the page (no CDN worker)', () => {
    expect(photoPlan({ name: 'IMG_0042.jpg', type: 'image/jpeg' })).toEqual({ kind: 'resize', friendlyName: 'IMG_0042.jpg', options: photoCompression });
    expect(photoCompression).toMatchObject({ maxWidthOrHeight: 1600, maxSizeMB: 0.5, fileType: 'image/jpeg', useWebWorker: false, preserveExif: false });
  });

  test('a PNG, a HEIC or a camera file with no name becomes a .jpg name that POST file accepts for a photo', () => {
    for (const original of ['scaffold.png', 'IMG_0042.HEIC', 'photo.jpeg', '', '.jpg', 'trench edge (north).webp']) {
      const name = jpegName(original);
      expect(name.endsWith('.jpg')).toBe(true);
      expect(acceptsFile('photo', name)).toBe(true);
    }
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('')).toBe('photo.jpg');
    expect(jpegName('trench edge (north).webp')).toBe('trench-edge-north.jpg');
    expect(jpegName(`${'x'.repeat(200)}.png`)).toHaveLength(84);
  });

  test('anything but an image is refused before it is read', async () => {
    expect(photoPlan({ name: 'plan.pdf', type: 'application/pdf' })).toEqual({ kind: 'refuse' });
    expect(photoPlan({ name: 'unknown', type: '' })).toEqual({ kind: 'refuse' });
    const compress = vi.fn();
    await expect(resizePhoto(new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }), compress)).rejects.toBeInstanceOf(UnreadablePhotoError);
    expect(compress).not.toHaveBeenCalled();
  });

  test('the resized bytes are kept with the .jpg name, ready for IndexedDB and the upload', async () => {
    const compress = vi.fn(async () => new File([new Uint8Array([1, 2, 3])], 'ignored.png', { type: 'image/jpeg' }));
    const photo = await resizePhoto(new File([new Uint8Array(10)], 'roof.png', { type: 'image/png' }), compress);
    expect(compress).toHaveBeenCalledWith(expect.any(File), photoCompression);
    expect(photo.friendlyName).toBe('roof.jpg');
    expect(photo.type).toBe('image/jpeg');
    expect(new Uint8Array(photo.bytes)).toEqual(new Uint8Array([1, 2, 3]));
  });

  test('a profile photo comes back as a .jpg File, and a file the browser cannot decode is passed on unchanged', async () => {
    const compress = vi.fn(async () => new File([new Uint8Array([4, 5])], 'ignored', { type: 'image/jpeg' }));
    const card = await resizePhotoFile(new File([new Uint8Array(10)], 'white card.png', { type: 'image/png' }), compress);
    expect(card.name).toBe('white-card.jpg');
    expect(card.type).toBe('image/jpeg');
    const broken = new File([new Uint8Array(3)], 'scan.jpg', { type: 'image/jpeg' });
    const failing = vi.fn(async () => {
      throw new Error('cannot decode');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await resizePhotoFile(broken, failing)).toBe(broken);
  });
});
