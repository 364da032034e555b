import { describe, expect, test } from 'vitest';
import { isWhatItClaims, notWhatItClaimsMessage, readFileStart, signatureLength } from '../../../src/domain/file-signatures';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const pngStart = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const jpegStart = bytes(0xff, 0xd8, 0xff, 0xe0);

describe('file signatures', () => {
  test('accepts a PDF, PNG or JPEG whose first bytes are what its name claims', () => {
    expect(isWhatItClaims('plan.pdf', text('%PDF-1.7\n'))).toBe(true);
    expect(isWhatItClaims('logo.png', pngStart)).toBe(true);
    expect(isWhatItClaims('photo.JPG', jpegStart)).toBe(true);
    expect(isWhatItClaims('photo.jpeg', jpegStart)).toBe(true);
  });

  test('refuses a text file renamed .pdf, and a fake logo', () => {
    expect(isWhatItClaims('plan.pdf', text('just some notes'))).toBe(false);
    expect(isWhatItClaims('logo.png', text('not an image'))).toBe(false);
    expect(isWhatItClaims('logo.png', jpegStart)).toBe(false);
    expect(isWhatItClaims('photo.jpg', pngStart)).toBe(false);
  });

  test('refuses a start shorter than the signature, and a name the portal never accepts', () => {
    expect(isWhatItClaims('plan.pdf', text('%PD'))).toBe(false);
    expect(isWhatItClaims('plan.pdf', new Uint8Array())).toBe(false);
    expect(isWhatItClaims('notes.txt', text('%PDF-1.7'))).toBe(false);
  });

  test('reads just enough of a picked file to tell every accepted format', async () => {
    const start = await readFileStart(new Blob(['%PDF-1.7 and the rest of a long document']));
    expect(start).toHaveLength(signatureLength);
    expect(isWhatItClaims('plan.pdf', start)).toBe(true);
  });

  test('says what the field needs', () => {
    expect(notWhatItClaimsMessage('siteSafetyPlan', 'plan.pdf')).toBe('The site safety plan must be a PDF file; this file is not one. Choose another file.');
    expect(notWhatItClaimsMessage('companyProfile', 'logo.png')).toBe('The logo must be a PNG image; this file is not one. Choose another file.');
  });
});
