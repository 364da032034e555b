import { encodePng } from '../../server/seed/png';

/** A 4 x 4 amber PNG, a real image for upload tests (the server checks uploads' first bytes). */
export const pngFile = (): Buffer => encodePng(4, 4, () => [245, 158, 11, 255]);

// An 8 x 8 amber JPEG as Chromium's canvas encodes it (no image files in the repository).
const jpegBase64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCoAljT/9k=';

export const jpegFile = (): Buffer => Buffer.from(jpegBase64, 'base64');

/** A one-page PDF, small enough to write inline. */
export const pdfFile = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** The real file of a name's format (.png, .jpg or .pdf). */
export function fileNamed(filename: string): Buffer {
  if (/\.png$/i.test(filename)) return pngFile();
  if (/\.jpe?g$/i.test(filename)) return jpegFile();
  if (/\.pdf$/i.test(filename)) return pdfFile();
  throw new Error(`No upload fixture for ${filename}`);
}

/**
 * Issue 57 §3: a drawn signature as a phone's pad sends it, a PNG data URL: a 360 x 120 white pad holding one wavy dark
 * stroke (`wave` shifts it, so two signatures differ). A few KB, well under the server's limit.
 */
export function drawnSignature(wave = 0): string {
  const png = encodePng(360, 120, (x, y) => {
    const stroke = 60 + Math.round(30 * Math.sin((x + wave) / 17) * Math.cos(x / 41));
    return x >= 20 && x < 340 && Math.abs(y - stroke) <= 1 ? [20, 20, 20, 255] : [255, 255, 255, 255];
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
