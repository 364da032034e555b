import { describe, expect, it, test } from 'vitest';
import { decode } from '../../../src/domain/decode';
import {
  CalendarDate,
  calendarDateIn,
  checkInProblems,
  expiredLicenceMessage,
  licenceStanding,
  TradesProfileUpdate,
  tradesMessages,
} from '../../../src/domain/trades';

const profile = {
  firstName: 'Toby',
  phone: '0412345678',
  whitecardNumber: 'WC-778899',
  licences: [] as { licenceClass: string; expiresOn: string }[],
};

describe('CalendarDate', () => {
  test.for(['2027-02-28', '2028-02-29', '2026-12-31'])('accepts the real date %s', (value) => {
    expect(decode(CalendarDate, value)).toEqual({ ok: true, value });
  });

  test.for(['2027-02-30', '2027-02-29', '2026-13-01', '2026-1-5', '30/06/2027', '2027-06-30T00:00:00Z', ''])('refuses %s with the expiry date message', (value) => {
    const decoded = decode(CalendarDate, value);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.issues[0].message).toBe(tradesMessages.expiryDate);
  });

  it('refuses a value that is not text with the same message', () => {
    const decoded = decode(CalendarDate, 20270630);
    expect(!decoded.ok && decoded.issues[0].message).toBe(tradesMessages.expiryDate);
  });
});

describe('TradesProfileUpdate', () => {
  const update = {
    firstName: 'Toby', surname: 'Sparks', phone: '0412345678', email: 'toby@sparks.test', emergencyContactName: 'Tina',
    emergencyContactPhone: '0498765432', tradeQualifications: 'Electrician', whitecardNumber: 'WC-1', whitecardPhoto: null, licences: [],
  };
  const licence = { licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: null };

  it('takes up to 20 licences and refuses a 21st', () => {
    expect(decode(TradesProfileUpdate, { ...update, licences: Array.from({ length: 20 }, () => licence) }).ok).toBe(true);
    const decoded = decode(TradesProfileUpdate, { ...update, licences: Array.from({ length: 21 }, () => licence) });
    expect(!decoded.ok && decoded.issues[0].message).toBe(tradesMessages.tooManyLicences);
  });

  it('refuses a photo that is not a photo upload', () => {
    const decoded = decode(TradesProfileUpdate, { ...update, whitecardPhoto: { friendlyName: 'card.jpg', fileKey: 'k.jpg', type: 'companyProfile' } });
    expect(!decoded.ok && decoded.issues[0].message).toBe(tradesMessages.photoUploadAgain);
  });
});

describe('checkInProblems (issue 10: block, never only warn)', () => {
  it('finds nothing in a complete profile with current licences', () => {
    expect(checkInProblems({ ...profile, licences: [{ licenceClass: 'Dogging (DG)', expiresOn: '2026-11-23' }] }, '2026-11-23')).toEqual([]);
  });

  it('blocks a missing white card number and an incomplete profile', () => {
    expect(checkInProblems({ ...profile, whitecardNumber: '  ', phone: '' }, '2026-11-23')).toEqual([tradesMessages.incompleteProfile, tradesMessages.noWhitecard]);
  });

  it('names every licence that expired before the site date', () => {
    const licences = [
      { licenceClass: 'Forklift truck (LF)', expiresOn: '2026-11-22' },
      { licenceClass: 'Dogging (DG)', expiresOn: '2027-01-01' },
      { licenceClass: 'Rigging (RB, RI, RA)', expiresOn: '2025-06-30' },
    ];
    expect(checkInProblems({ ...profile, licences }, '2026-11-23')).toEqual([
      expiredLicenceMessage('Forklift truck (LF)', '2026-11-22'),
      expiredLicenceMessage('Rigging (RB, RI, RA)', '2025-06-30'),
    ]);
    expect(expiredLicenceMessage('Forklift truck (LF)', '2026-11-22')).toContain('expired on 22/11/2026');
  });
});

describe('licenceStanding (expiry warnings 30 days ahead)', () => {
  test.for([
    ['2026-11-22', 'expired'],
    ['2026-11-23', 'expiresSoon'],
    ['2026-12-23', 'expiresSoon'],
    ['2026-12-24', 'current'],
    ['2028-01-01', 'current'],
  ] as const)('a licence expiring %s is %s on 2026-11-23', ([expiresOn, standing]) => {
    expect(licenceStanding(expiresOn, '2026-11-23')).toBe(standing);
  });

  it('counts 30 days across a month end and a leap day', () => {
    expect(licenceStanding('2028-03-30', '2028-02-29')).toBe('expiresSoon');
    expect(licenceStanding('2028-03-31', '2028-02-29')).toBe('current');
  });
});

describe('calendarDateIn', () => {
  it("reads the calendar date at the site's own time zone", () => {
    const at = new Date('2026-11-23T14:30:00Z');
    expect(calendarDateIn('Australia/Sydney', at)).toBe('2026-11-24');
    expect(calendarDateIn('Australia/Perth', at)).toBe('2026-11-23');
  });
});
