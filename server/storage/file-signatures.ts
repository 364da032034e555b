import { fileExtension } from '../../src/domain/file';

interface Signature {
  readonly bytes: readonly number[];
  /** How a message names what the file should have been. */
  readonly kind: string;
}

const png: Signature = { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: 'PNG image' };
const jpeg: Signature = { bytes: [0xff, 0xd8, 0xff], kind: 'JPEG image' };
const pdf: Signature = { bytes: [...Buffer.from('%PDF-', 'ascii')], kind: 'PDF file' };

const signaturesByExtension: Record<string, Signature> = { '.png': png, '.jpg': jpeg, '.jpeg': jpeg, '.pdf': pdf };

/** Enough of a file's start to tell every accepted format. */
export const signatureLength = Math.max(png.bytes.length, jpeg.bytes.length, pdf.bytes.length);

/** The format a file's name claims, by its extension; undefined for a name the portal never accepts. */
export function claimedFormat(fileKey: string): Signature | undefined {
  return signaturesByExtension[fileExtension(fileKey)];
}

export function startsWithSignature(start: Uint8Array, signature: Signature): boolean {
  return signature.bytes.every((byte, index) => start[index] === byte);
}
