import { describe, expect, test } from 'vitest';
import { tradesMessages, type TradesPerson } from '../../../src/domain/trades';
import {
  allFieldIds,
  applyProfileEdit,
  canAddLicence,
  checkTradesProfile,
  formValuesOf,
  maxLicences,
  readDraft,
  storedPhotoUrls,
  type TradesProfileValues,
} from '../../../src/domain/trades-profile-form';

const person: TradesPerson = {
  _id: 'trades-1',
  firstName: 'Jo',
  surname: 'Nguyen',
  phone: '0412345678',
  email: 'jo@sparky.example',
  emergencyContactName: 'Kim Nguyen',
  emergencyContactPhone: '0498765432',
  tradeQualifications: 'Electrician',
  whitecardNumber: 'WC-1',
  whitecardPhoto: { url: 'https://blob.example/wc.jpg', fileKey: 'wc.jpg', friendlyName: 'card.jpg' },
  licences: [{ _id: 'lic-1', licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: { url: 'https://blob.example/dg.jpg', fileKey: 'dg.jpg', friendlyName: 'dg.jpg' } }],
};
const values = formValuesOf(person);

describe('formValuesOf', () => {
  test("keeps the server's photos as references without their read urls, and licence ids as row keys", () => {
    expect(values.whitecardPhoto).toEqual({ friendlyName: 'card.jpg', fileKey: 'wc.jpg', type: 'photo' });
    expect(values.licences).toEqual([{ key: 'lic-1', licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: { friendlyName: 'dg.jpg', fileKey: 'dg.jpg', type: 'photo' } }]);
    expect(storedPhotoUrls(person)).toEqual({ 'wc.jpg': 'https://blob.example/wc.jpg', 'dg.jpg': 'https://blob.example/dg.jpg' });
  });
});

describe('applyProfileEdit', () => {
  test('adds an empty licence row under a free key, and no second empty one', () => {
    const added = applyProfileEdit(values, { kind: 'licence.add' });
    expect(added.licences.map((row) => row.key)).toEqual(['lic-1', 'licence-1']);
    expect(canAddLicence(added)).toBe(false);
    expect(applyProfileEdit(added, { kind: 'licence.add' })).toBe(added);
    const filled = applyProfileEdit(added, { kind: 'licence.field', key: 'licence-1', field: 'number', value: 'LF-2' });
    expect(canAddLicence(filled)).toBe(true);
    expect(applyProfileEdit(filled, { kind: 'licence.add' }).licences.at(-1)?.key).toBe('licence-2');
  });

  test('offers no more rows than the server accepts', () => {
    const full: TradesProfileValues = {
      ...values,
      licences: Array.from({ length: maxLicences }, (_, index) => ({ key: `k${index}`, licenceClass: 'X', number: 'N', expiresOn: '2030-01-01', photo: null })),
    };
    expect(canAddLicence(full)).toBe(false);
  });

  test('changes, re-photographs and removes one row, leaving the others', () => {
    const two = applyProfileEdit(applyProfileEdit(values, { kind: 'licence.add' }), { kind: 'licence.field', key: 'licence-1', field: 'licenceClass', value: 'Forklift truck (LF)' });
    const photographed = applyProfileEdit(two, { kind: 'licence.photo', key: 'lic-1', photo: null });
    expect(photographed.licences[0]?.photo).toBeNull();
    expect(photographed.licences[1]?.licenceClass).toBe('Forklift truck (LF)');
    expect(applyProfileEdit(photographed, { kind: 'licence.remove', key: 'lic-1' }).licences.map((row) => row.key)).toEqual(['licence-1']);
  });

  test('sets a text field and the white card photo', () => {
    expect(applyProfileEdit(values, { kind: 'field', field: 'phone', value: '0400' }).phone).toBe('0400');
    expect(applyProfileEdit(values, { kind: 'whitecardPhoto', photo: null }).whitecardPhoto).toBeNull();
  });
});

describe('checkTradesProfile (the same TradesProfileUpdate schema as the server)', () => {
  test('answers the update, without row keys, when every rule holds', () => {
    const { update, errors } = checkTradesProfile(values);
    expect(errors).toEqual({});
    expect(update?.licences).toEqual([{ licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo: { friendlyName: 'dg.jpg', fileKey: 'dg.jpg', type: 'photo' } }]);
  });

  test("names each field's message by its field id, licence rows by their key", () => {
    const broken = applyProfileEdit(
      applyProfileEdit({ ...values, phone: 'call me', whitecardNumber: ' ' }, { kind: 'licence.add' }),
      { kind: 'licence.field', key: 'licence-1', field: 'expiresOn', value: '30/06/2027' },
    );
    const { update, errors } = checkTradesProfile(broken);
    expect(update).toBeNull();
    expect(errors).toEqual({
      phone: 'A valid phone number is required',
      whitecardNumber: 'This field is required',
      'licences.licence-1.licenceClass': 'This field is required',
      'licences.licence-1.number': 'This field is required',
      'licences.licence-1.expiresOn': tradesMessages.expiryDate,
    });
    expect(Object.keys(errors).every((id) => allFieldIds(broken).includes(id))).toBe(true);
  });
});

describe('readDraft', () => {
  test('reads back a kept draft', () => {
    expect(readDraft(JSON.parse(JSON.stringify(values)))).toEqual(values);
  });

  test('ignores anything that is not a draft', () => {
    expect(readDraft(null)).toBeNull();
    expect(readDraft({ firstName: 'Jo' })).toBeNull();
    expect(readDraft({ ...values, licences: 'none' })).toBeNull();
  });
});
