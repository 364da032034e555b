import { describe, expect, test } from 'vitest';
import { decode } from '../../../src/domain/decode';
import { acceptAttribute, acceptsFile, fileExtension, FileUploadRequest } from '../../../src/domain/file';

describe('acceptsFile (spec §5 file pickers)', () => {
  test.for([
    ['photo', 'risk.png', true],
    ['photo', 'risk.jpg', true],
    ['photo', 'RISK.JPG', true],
    ['photo', 'risk.pdf', false],
    ['photo', 'risk.gif', false],
    ['companyProfile', 'logo.png', true],
    ['companyProfile', 'logo.jpg', true],
    ['companyProfile', 'logo.svg', false],
    ['siteSafetyPlan', 'plan.pdf', true],
    ['siteSafetyPlan', 'plan.PDF', true],
    ['siteSafetyPlan', 'plan.png', false],
    ['termsConditions', 'terms.pdf', true],
    ['termsConditions', 'terms.docx', false],
    ['siteSafetyPlan', 'plan.pdf.exe', false],
    ['photo', 'no-extension', false],
  ] as const)('%s accepts %s: %s', ([type, filename, accepted]) => {
    expect(acceptsFile(type, filename)).toBe(accepted);
  });
});

describe('fileExtension', () => {
  test('is the last extension, lower-cased', () => {
    expect(fileExtension('Site.Plan.PDF')).toBe('.pdf');
    expect(fileExtension('README')).toBe('');
  });
});

describe('acceptAttribute', () => {
  test('lists the extensions for the input element', () => {
    expect(acceptAttribute('photo')).toBe('.png,.jpg');
    expect(acceptAttribute('siteSafetyPlan')).toBe('.pdf');
  });
});

describe('FileUploadRequest', () => {
  test('names the expected extensions on the filename', () => {
    expect(decode(FileUploadRequest, { type: 'companyProfile', filename: 'logo.pdf' })).toEqual({
      ok: false,
      issues: [{ path: 'filename', message: 'A .png or .jpg file is required' }],
    });
  });

  test('accepts a matching file', () => {
    expect(decode(FileUploadRequest, { type: 'siteSafetyPlan', filename: 'plan.pdf' })).toEqual({
      ok: true,
      value: { type: 'siteSafetyPlan', filename: 'plan.pdf' },
    });
  });
});
