import { randomUUID } from 'node:crypto';
import type { Schema } from 'effect';
import { describe, expect, it } from 'vitest';
import { AuditQuery } from '../../../src/domain/audit';
import { SiteActivityQuery } from '../../../src/domain/check-in';
import { CompanyInput, CompanyListQuery } from '../../../src/domain/company';
import { decode, fieldErrors, requestMessage, requestWording } from '../../../src/domain/decode';
import { Abn, CompanyPhone, ContactEmail, Email, ProfilePhone, RequiredText, requiredText, text } from '../../../src/domain/fields';
import { FileUploadRequest } from '../../../src/domain/file';
import { AcceptInvite, InviteInput } from '../../../src/domain/invite';
import { textRuleMessages } from '../../../src/domain/messages';
import { ProfileUpdate } from '../../../src/domain/profile';
import { ProjectSiteInput, SiteListQuery } from '../../../src/domain/project-site';
import { CheckInRequest } from '../../../src/domain/site-visit';
import { SwmsListQuery, SwmsStatusChange } from '../../../src/domain/swms';
import { SwmsSubmission } from '../../../src/domain/swms-submission';
import { TokenRequest } from '../../../src/domain/token';
import { TradesProfileUpdate } from '../../../src/domain/trades';

type Codec = Schema.Codec<unknown, unknown>;

const nul = '\u0000';
const loneHigh = '\uD800';
const loneLow = '\uDC00';

/** The first message of the one field a bare value decodes to, or the value when it is accepted. */
function decodeValue(schema: Codec, value: unknown): { value: unknown } | { message: string } {
  const result = decode(schema, value, requestWording);
  return result.ok ? { value: result.value } : { message: result.issues[0].message };
}

const sharedTextSchemas: [name: string, schema: Codec, valid: string, maxLength: number][] = [
  ['RequiredText', RequiredText as Codec, 'Sam Builder', 200],
  ['requiredText(500)', requiredText(500) as Codec, '1 George St', 500],
  ['text(100)', text(100) as Codec, 'harbour', 100],
  ['Email', Email as Codec, 'sam@example.com.au', 254],
  ['ContactEmail', ContactEmail as Codec, 'sam@example.com.au', 254],
  ['CompanyPhone', CompanyPhone as Codec, '02 9123 4567', 30],
  ['ProfilePhone', ProfilePhone as Codec, '0412 345 678', 30],
  ['Abn', Abn as Codec, '51 824 753 556', 20],
];

describe.each(sharedTextSchemas)('the text rule on %s', (_name, schema, valid, maxLength) => {
  it.each([
    ['U+0000 at the end', `${valid}${nul}`],
    ['U+0000 at the start', `${nul}${valid}`],
    ['a lone high surrogate', `${valid}${loneHigh}`],
    ['a lone low surrogate', `${loneLow}${valid}`],
    ['a surrogate pair in the wrong order', `${valid}${loneLow}${loneHigh}`],
  ])('refuses %s as a character that is not allowed', (_case, value) => {
    expect(decodeValue(schema, value)).toEqual({ message: textRuleMessages.notAllowedCharacter });
  });

  it(`refuses more than ${maxLength} characters, saying how many it takes`, () => {
    expect(decodeValue(schema, valid.padEnd(maxLength + 1, '0'))).toEqual({ message: `Must be at most ${maxLength} characters` });
    expect(decodeValue(schema, 'x'.repeat(200_000))).toEqual({ message: textRuleMessages.tooLong(maxLength) });
  });

  it('trims the value it decodes', () => {
    expect(decodeValue(schema, `  ${valid}\t\n`)).toEqual({ value: valid });
  });

  it('refuses a value that is not text in plain words', () => {
    expect(decodeValue(schema, 42)).toEqual({ message: 'Must be text' });
  });
});

describe('the text rule counts and accepts every well-formed character', () => {
  it.each([
    ['accented names', 'José Müller-Ñúñez'],
    ['macrons', 'Ngāti Whātua Ōrākei'],
    ['an emoji (a surrogate pair)', 'Sam 👷'],
    ['a joined emoji sequence', 'Crew 👷‍♀️👷🏽'],
    ['non-Latin scripts', '山田 太郎 Ψ Δ'],
  ])('accepts %s', (_case, value) => {
    expect(decodeValue(RequiredText as Codec, value)).toEqual({ value });
    expect(decodeValue(Email as Codec, `${value.replace(/\s/g, '')}@example.com`)).toEqual({ value: `${value.replace(/\s/g, '')}@example.com` });
  });

  it('counts an emoji as one character, as a person does', () => {
    expect(decodeValue(RequiredText as Codec, '😀'.repeat(200))).toEqual({ value: '😀'.repeat(200) });
    expect(decodeValue(RequiredText as Codec, '😀'.repeat(201))).toEqual({ message: 'Must be at most 200 characters' });
  });

  it('trims before it counts and before it finds a field empty', () => {
    expect(decodeValue(RequiredText as Codec, ` ${'x'.repeat(200)} `)).toEqual({ value: 'x'.repeat(200) });
    expect(decodeValue(RequiredText as Codec, ' \t ')).toEqual({ message: 'This field is required' });
  });
});

const companyId = randomUUID();
const photo = { friendlyName: 'card.jpg', fileKey: `${randomUUID()}.jpg`, type: 'photo' };

/** A body every request schema accepts, so that each of its text fields can be spoiled in turn. */
const requestSchemas: [name: string, schema: Codec, valid: Record<string, unknown>][] = [
  [
    'CompanyInput',
    CompanyInput as Codec,
    {
      name: 'Harbour Build Co',
      abn: '51 824 753 556',
      buildersRegNumber: 'BR-12345',
      phone: '02 9123 4567',
      email: 'office@harbourbuild.test',
      address: '1 George St, Sydney NSW 2000',
      postalAddress: 'PO Box 1, Sydney NSW 2001',
      image: { friendlyName: 'logo.png', fileKey: `${randomUUID()}.png`, type: 'companyProfile' },
    },
  ],
  ['CompanyListQuery', CompanyListQuery as Codec, { search: 'harbour', after: 'cursor-1' }],
  ['InviteInput', InviteInput as Codec, { firstName: 'Sam', surname: 'Builder', email: 'sam@example.com', phone: '0412345678', companyId, role: 'CompanyAdmin' }],
  ['AcceptInvite', AcceptInvite as Codec, { inviteCode: 'a-long-invitation-code' }],
  ['TokenRequest', TokenRequest as Codec, { code: 'sign-in-code', inviteCode: 'a-long-invitation-code' }],
  [
    'ProfileUpdate',
    ProfileUpdate as Codec,
    {
      firstName: 'Jack',
      surname: 'Thompson-Lee',
      contactEmail: 'jack@example.com.au',
      phone: '0412 345 678',
      emergencyContactName: 'Kate Thompson',
      emergencyContactPhone: '0298765432',
      businessDetails: { tradeQualifications: 'Cert IV Building', whitecardNumber: 'CGI0001234' },
    },
  ],
  [
    'ProjectSiteInput',
    ProjectSiteInput as Codec,
    {
      address: '1 Test Street',
      suburb: 'Ultimo',
      postcode: '2007',
      siteNumber: 'T-1',
      clientName: 'Test Client',
      supervisor: randomUUID(),
      ppe: ['hard_hat'],
      otherPpe: 'Ear muffs',
      siteSafetyPlan: { friendlyName: 'plan.pdf', fileKey: `${randomUUID()}.pdf`, type: 'siteSafetyPlan' },
    },
  ],
  ['SiteListQuery', SiteListQuery as Codec, { search: 'george', before: 'cursor-2' }],
  ['FileUploadRequest', FileUploadRequest as Codec, { type: 'photo', filename: 'site photo.png' }],
  [
    'TradesProfileUpdate',
    TradesProfileUpdate as Codec,
    {
      firstName: 'Tia',
      surname: 'Tradie',
      phone: '0412345678',
      email: 'tia@example.com',
      emergencyContactName: 'Tom Tradie',
      emergencyContactPhone: '0498765432',
      tradeQualifications: 'Carpenter',
      whitecardNumber: 'WC-1',
      whitecardPhoto: photo,
      licences: [{ licenceClass: 'Dogging (DG)', number: 'DG-1', expiresOn: '2027-06-30', photo }],
    },
  ],
  [
    'SwmsSubmission',
    SwmsSubmission as Codec,
    {
      submissionId: randomUUID(),
      highRiskWork: ['a'],
      riskConsequenceLevel: 3,
      riskLikelihoodLevel: 2,
      task: {
        taskDescription: 'Frame the roof',
        mobilePlantTools: 'Nail gun',
        riskText: 'Falls from height',
        riskPhoto: photo,
        controlText: 'Harness and edge protection',
        controlPhoto: null,
        controlImplementation: 'Supervisor checks harnesses',
        controlMonitoring: 'Daily walk-through',
        controlReview: 'Weekly toolbox talk',
        ppe: ['hard_hat'],
        otherPpe: 'Knee pads',
      },
    },
  ],
  ['SwmsListQuery', SwmsListQuery as Codec, { search: 'roof' }],
  ['SwmsStatusChange', SwmsStatusChange as Codec, { matching: { search: 'roof' }, status: 'reviewed', company: companyId }],
  ['CheckInRequest', CheckInRequest as Codec, { key: 'a1b2c3d4', ppeConfirmed: true }],
  ['AuditQuery', AuditQuery as Codec, { search: 'roof' }],
  ['SiteActivityQuery', SiteActivityQuery as Codec, { cursor: 'cursor-3' }],
];

/** The dotted path of every text value in `value`. */
function textPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return [path.join('.')];
  if (Array.isArray(value)) return value.flatMap((item, index) => textPaths(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...path, key]));
  return [];
}

function withValueAt(body: Record<string, unknown>, path: string, change: (value: string) => string): unknown {
  const copy = structuredClone(body);
  const segments = path.split('.');
  const parent = segments.slice(0, -1).reduce<Record<string, unknown>>((node, segment) => node[segment] as Record<string, unknown>, copy);
  const last = segments.at(-1) ?? '';
  parent[last] = change(parent[last] as string);
  return copy;
}

describe.each(requestSchemas)('every text field of %s', (_name, schema, valid) => {
  it('accepts the valid body', () => {
    expect(decode(schema, valid).ok).toBe(true);
  });

  // A file reference is refused as a whole ('Upload the logo again'): its own path or an enclosing one.
  it.each(textPaths(valid))('refuses U+0000, a lone surrogate and 200,000 characters in %s, at that field', (path) => {
    for (const spoil of [(value: string) => `${value}${nul}`, (value: string) => `${loneHigh}${value}`, () => 'x'.repeat(200_000)]) {
      const result = decode(schema, withValueAt(valid, path, spoil));
      expect(result.ok, path).toBe(false);
      const refused = result.ok ? [] : Object.keys(fieldErrors(result.issues));
      expect(refused.some((field) => field !== '' && (path === field || path.startsWith(`${field}.`))), `${path} in ${refused.join(', ')}`).toBe(true);
    }
  });
});

/** The 400 body `decodeOr400` answers: the first failing field's message. */
function answer(schema: Codec, body: unknown): string {
  const result = decode(schema, body, requestWording);
  if (result.ok) throw new Error('expected the body to be refused');
  return requestMessage(result.issues[0]);
}

describe('the message a refused request answers (issue 13 §2)', () => {
  const company = requestSchemas[0]![2];

  it('names the field and says what it takes, in plain words', () => {
    expect(answer(CompanyInput as Codec, { ...company, name: 'x'.repeat(200_000) })).toBe('Company Name: must be at most 200 characters');
    expect(answer(CompanyInput as Codec, { ...company, email: `office${nul}@harbourbuild.test` })).toBe('Email: contains a character that is not allowed');
    expect(answer(CompanyInput as Codec, { ...company, address: `1 George St${loneHigh}` })).toBe('Address: contains a character that is not allowed');
    const { name: _name, ...withoutName } = company;
    expect(answer(CompanyInput as Codec, withoutName)).toBe('Company Name: this field is required');
    expect(answer(CompanyInput as Codec, { ...company, name: 42 })).toBe('Company Name: must be text');
    expect(answer(CompanyInput as Codec, { ...company, image: { friendlyName: '', fileKey: 'x.png', type: 'companyProfile' } })).toBe(
      'Logo, File name: this field is required',
    );
  });

  it('keeps a message that already names its field, and names a list item by its number', () => {
    expect(answer(CompanyInput as Codec, { ...company, abn: '1234' })).toBe('A valid ABN is required');
    const trades = requestSchemas.find(([name]) => name === 'TradesProfileUpdate')![2];
    const licences = trades.licences as Record<string, unknown>[];
    expect(answer(TradesProfileUpdate as Codec, { ...trades, licences: [...licences, { ...licences[0], number: '' }] })).toBe(
      'Licences item 2, Licence number: this field is required',
    );
  });

  it('says the body must be a JSON object when it is not one', () => {
    for (const body of [undefined, null, [], 'name', 42]) expect(answer(CompanyInput as Codec, body)).toBe('The request body must be a JSON object');
  });

  it("never answers effect's own wording", () => {
    const bodies: [Codec, unknown][] = [
      [CompanyInput as Codec, { ...company, image: 'logo.png' }],
      [CompanyInput as Codec, { ...company, phone: ['0291234567'] }],
      [ProjectSiteInput as Codec, { ...requestSchemas[6]![2], ppe: 'hard_hat' }],
      [ProjectSiteInput as Codec, { ...requestSchemas[6]![2], supervisor: 7 }],
      [SwmsSubmission as Codec, { ...requestSchemas[10]![2], task: null }],
      [SwmsSubmission as Codec, { ...requestSchemas[10]![2], riskConsequenceLevel: '3' }],
      [ProfileUpdate as Codec, { ...requestSchemas[5]![2], businessDetails: 'none' }],
      [CheckInRequest as Codec, { key: 'a1', ppeConfirmed: 'yes' }],
      [SwmsStatusChange as Codec, { swmsId: randomUUID(), status: true }],
    ];
    for (const [schema, body] of bodies) {
      const message = answer(schema, body);
      expect(message).not.toMatch(/Expected|Missing key|Invalid data|excess property|<filter>/);
      expect(message).toMatch(/^[A-Z][^:]*: [a-z]|^[A-Z]/);
    }
  });
});
