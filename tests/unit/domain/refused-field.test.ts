import { describe, expect, test } from 'vitest';
import { companyMessages } from '../../../src/domain/company';
import { requestMessage } from '../../../src/domain/decode';
import { inviteMessages } from '../../../src/domain/invite';
import { projectSiteMessages } from '../../../src/domain/project-site';
import { refusalErrors, refusedField } from '../../../src/domain/refused-field';

const siteFields = ['address', 'suburb', 'postcode', 'siteNumber', 'clientName', 'otherPpe', 'supervisor', 'ppe', 'siteSafetyPlan'] as const;
const companyFields = ['name', 'abn', 'buildersRegNumber', 'phone', 'email', 'address', 'postalAddress', 'image'] as const;
const profileFields = ['firstName', 'surname', 'contactEmail', 'phone', 'emergencyContactName', 'emergencyContactPhone'] as const;

describe('the field a refused save names', () => {
  test('a refused upload names the site safety plan or the logo in words', () => {
    expect(refusedField('The site safety plan must be a PDF file. Upload it again.', siteFields)).toBe('siteSafetyPlan');
    expect(refusedField(projectSiteMessages.safetyPlanUploadAgain, siteFields)).toBe('siteSafetyPlan');
    expect(refusedField('The company logo must be a PNG image. Upload it again.', companyFields)).toBe('image');
    expect(refusedField(companyMessages.logoUploadAgain, companyFields)).toBe('image');
  });

  test("a refused body names its field by the label requestMessage gives it, the longest name winning", () => {
    expect(refusedField(requestMessage({ path: 'postalAddress', message: 'Must be at most 300 characters' }), companyFields)).toBe('postalAddress');
    expect(refusedField(requestMessage({ path: 'address', message: 'Must be at most 300 characters' }), companyFields)).toBe('address');
    expect(refusedField(requestMessage({ path: 'emergencyContactPhone', message: 'A valid phone number is required' }), profileFields)).toBe('emergencyContactPhone');
  });

  test('a conflict names what the field holds', () => {
    expect(refusedField(companyMessages.duplicateAbn, companyFields)).toBe('abn');
    expect(refusedField(inviteMessages.alreadyEmployee, ['firstName', 'surname', 'email', 'phone'])).toBe('email');
    expect(refusedField(projectSiteMessages.supervisor, siteFields)).toBe('supervisor');
  });

  test('a message naming no field of the form stays with the form', () => {
    expect(refusedField('Something went wrong :(', siteFields)).toBeNull();
    expect(refusedField(projectSiteMessages.staleVersion, siteFields)).toBeNull();
    expect(refusedField(null, siteFields)).toBeNull();
    expect(refusalErrors('Something went wrong :(', siteFields)).toEqual({});
    expect(refusalErrors(companyMessages.duplicateAbn, companyFields)).toEqual({ abn: companyMessages.duplicateAbn });
  });
});
