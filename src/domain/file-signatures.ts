import { fileExtension, type FileType } from './file';

export interface Signature {
  readonly bytes: readonly number[];
  /** How a message names what the file should have been. */
  readonly kind: string;
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const png: Signature = { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: 'PNG image' };
const jpeg: Signature = { bytes: [0xff, 0xd8, 0xff], kind: 'JPEG image' };
const pdf: Signature = { bytes: ascii('%PDF-'), kind: 'PDF file' };

const signaturesByExtension: Record<string, Signature> = { '.png': png, '.jpg': jpeg, '.jpeg': jpeg, '.pdf': pdf };

/** Enough of a file's start to tell every accepted format. */
export const signatureLength = Math.max(png.bytes.length, jpeg.bytes.length, pdf.bytes.length);

/** The format a file's name claims, by its extension; undefined for a name the portal never accepts. */
export function claimedFormat(fileName: string): Signature | undefined {
  return signaturesByExtension[fileExtension(fileName)];
}

export function startsWithSignature(start: Uint8Array, signature: Signature): boolean {
  return signature.bytes.every((byte, index) => start[index] === byte);
}

/** Issue 12 §9: a file is what its name claims (PNG, JPEG or PDF) by its first bytes; the browser asks as it is picked, the server before attaching. */
export function isWhatItClaims(fileName: string, start: Uint8Array): boolean {
  const format = claimedFormat(fileName);
  return format !== undefined && startsWithSignature(start, format);
}

const typeNouns: Record<FileType, string> = {
  photo: 'photo',
  companyProfile: 'logo',
  siteSafetyPlan: 'site safety plan',
  termsConditions: 'terms and conditions file',
};

/** Beside a picker: why a chosen file whose first bytes are not what its name claims is refused. */
export function notWhatItClaimsMessage(type: FileType, fileName: string): string {
  const kind = claimedFormat(fileName)?.kind ?? 'file of an accepted type';
  return `The ${typeNouns[type]} must be a ${kind}; this file is not one. Choose another file.`;
}

/** The first bytes of a picked file, enough for `isWhatItClaims`. */
export async function readFileStart(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, signatureLength).arrayBuffer());
}
