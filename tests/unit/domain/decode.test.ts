import { describe, expect, test } from 'vitest';
import { decode, fieldErrors } from '../../../src/domain/decode';
import { ProfileUpdate } from '../../../src/domain/profile';

const validProfile = {
  firstName: 'Sam',
  surname: 'Builder',
  contactEmail: 'sam@example.com.au',
  phone: '0412 345 678',
  emergencyContactName: 'Alex Builder',
  emergencyContactPhone: '0498765432',
};

describe('decode with ProfileUpdate (spec §5 profile edit)', () => {
  test('answers the decoded value when every rule holds', () => {
    expect(decode(ProfileUpdate, validProfile)).toEqual({ ok: true, value: validProfile });
  });

  test('reports a missing field as required', () => {
    const { firstName: _omitted, ...withoutName } = validProfile;
    const result = decode(ProfileUpdate, withoutName);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]).toEqual({ path: 'firstName', message: 'This field is required' });
  });

  test('lists every failing field, in field order', () => {
    const result = decode(ProfileUpdate, { ...validProfile, firstName: '', contactEmail: 'not-an-email', phone: 'call me' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toEqual(['firstName', 'contactEmail', 'phone']);
  });

  test("shows each field's first message: an empty email is required before it is invalid", () => {
    const result = decode(ProfileUpdate, { ...validProfile, contactEmail: '', phone: 'abc' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(fieldErrors(result.issues)).toEqual({
        contactEmail: 'This field is required',
        phone: 'A valid phone number is required',
      });
    }
  });

  test('uses the spec messages for an invalid email', () => {
    const result = decode(ProfileUpdate, { ...validProfile, contactEmail: 'sam@example' });
    expect(result.ok ? {} : fieldErrors(result.issues)).toEqual({ contactEmail: 'A valid email is required' });
  });

  test('checks business details only when they are sent, by nested path', () => {
    const result = decode(ProfileUpdate, { ...validProfile, businessDetails: { tradeQualifications: '', whitecardNumber: 'WC-1' } });
    expect(result.ok ? {} : fieldErrors(result.issues)).toEqual({ 'businessDetails.tradeQualifications': 'This field is required' });
  });
});

describe('fieldErrors', () => {
  test('keeps the first message per path', () => {
    expect(
      fieldErrors([
        { path: 'a', message: 'first' },
        { path: 'a', message: 'second' },
        { path: 'b', message: 'only' },
      ]),
    ).toEqual({ a: 'first', b: 'only' });
  });
});
