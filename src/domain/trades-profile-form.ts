import { Schema } from 'effect';
import { decode, fieldErrors } from './decode';
import { TradesProfileUpdate, type PhotoReference, type TradesPerson } from './trades';

const tradesTextFields = [
  'firstName', 'surname', 'phone', 'email', 'emergencyContactName', 'emergencyContactPhone', 'tradeQualifications', 'whitecardNumber',
] as const;
export type TradesTextField = (typeof tradesTextFields)[number];

const licenceFields = ['licenceClass', 'number', 'expiresOn'] as const;
export type LicenceField = (typeof licenceFields)[number];

/** Schema.isMaxLength(20) on TradesProfileUpdate.licences: the form offers no more rows than the server takes. */
export const maxLicences = 20;

/** One licence row of the form; `key` only tells rows apart on screen and in messages. */
export interface LicenceRow {
  readonly key: string;
  readonly licenceClass: string;
  readonly number: string;
  readonly expiresOn: string;
  readonly photo: PhotoReference | null;
}

export type TradesProfileValues = Readonly<Record<TradesTextField, string>> & {
  readonly whitecardPhoto: PhotoReference | null;
  readonly licences: readonly LicenceRow[];
};

/** What a view asks of the form; `applyProfileEdit` is the one place the values change. */
export type TradesProfileEdit =
  | { readonly kind: 'field'; readonly field: TradesTextField; readonly value: string }
  | { readonly kind: 'whitecardPhoto'; readonly photo: PhotoReference | null }
  | { readonly kind: 'licence.add' }
  | { readonly kind: 'licence.remove'; readonly key: string }
  | { readonly kind: 'licence.field'; readonly key: string; readonly field: LicenceField; readonly value: string }
  | { readonly kind: 'licence.photo'; readonly key: string; readonly photo: PhotoReference | null };

/** The field ids a message is shown beside: a text field's name, or `licences.{rowKey}.{field}`, or `licences` for the list. */
export const licenceFieldId = (key: string, field: LicenceField | 'photo') => `licences.${key}.${field}`;

const photoReference = (photo: { readonly fileKey: string; readonly friendlyName: string } | null): PhotoReference | null =>
  photo && { friendlyName: photo.friendlyName, fileKey: photo.fileKey, type: 'photo' };

export function formValuesOf(person: TradesPerson): TradesProfileValues {
  return {
    firstName: person.firstName,
    surname: person.surname,
    phone: person.phone,
    email: person.email,
    emergencyContactName: person.emergencyContactName,
    emergencyContactPhone: person.emergencyContactPhone,
    tradeQualifications: person.tradeQualifications,
    whitecardNumber: person.whitecardNumber,
    whitecardPhoto: photoReference(person.whitecardPhoto),
    licences: person.licences.map((licence) => ({
      key: licence._id,
      licenceClass: licence.licenceClass,
      number: licence.number,
      expiresOn: licence.expiresOn,
      photo: photoReference(licence.photo),
    })),
  };
}

/** Read urls of the photos the server already holds, by file key (a new upload previews from the browser). */
export function storedPhotoUrls(person: TradesPerson | null): Readonly<Record<string, string>> {
  if (!person) return {};
  const urls: Record<string, string> = {};
  for (const photo of [person.whitecardPhoto, ...person.licences.map((licence) => licence.photo)]) if (photo) urls[photo.fileKey] = photo.url;
  return urls;
}

const isBlankRow = (row: LicenceRow) => row.licenceClass === '' && row.number === '' && row.expiresOn === '' && row.photo === null;

/** 'Add licence' is offered while the list is short of the limit and has no untouched empty row. */
export const canAddLicence = (values: TradesProfileValues) => values.licences.length < maxLicences && !values.licences.some(isBlankRow);

function freeRowKey(rows: readonly LicenceRow[]): string {
  const used = new Set(rows.map((row) => row.key));
  let index = 1;
  while (used.has(`licence-${index}`)) index += 1;
  return `licence-${index}`;
}

const updateRow = (values: TradesProfileValues, key: string, change: Partial<Omit<LicenceRow, 'key'>>): TradesProfileValues => ({
  ...values,
  licences: values.licences.map((row) => (row.key === key ? { ...row, ...change } : row)),
});

export function applyProfileEdit(values: TradesProfileValues, edit: TradesProfileEdit): TradesProfileValues {
  switch (edit.kind) {
    case 'field':
      return { ...values, [edit.field]: edit.value };
    case 'whitecardPhoto':
      return { ...values, whitecardPhoto: edit.photo };
    case 'licence.add':
      if (!canAddLicence(values)) return values;
      return { ...values, licences: [...values.licences, { key: freeRowKey(values.licences), licenceClass: '', number: '', expiresOn: '', photo: null }] };
    case 'licence.remove':
      return { ...values, licences: values.licences.filter((row) => row.key !== edit.key) };
    case 'licence.field':
      return updateRow(values, edit.key, { [edit.field]: edit.value });
    case 'licence.photo':
      return updateRow(values, edit.key, { photo: edit.photo });
  }
}

/** The field id an edit changes, so its message shows from then on. */
export function editedFieldId(edit: TradesProfileEdit): string | null {
  switch (edit.kind) {
    case 'field':
      return edit.field;
    case 'licence.field':
      return licenceFieldId(edit.key, edit.field);
    default:
      return null;
  }
}

/** Every field id of these values: what a refused 'Save Edits' shows the messages of. */
export function allFieldIds(values: TradesProfileValues): string[] {
  return [
    ...tradesTextFields,
    'whitecardPhoto',
    'licences',
    ...values.licences.flatMap((row) => [...licenceFields, 'photo' as const].map((field) => licenceFieldId(row.key, field))),
  ];
}

const samePhoto = (a: PhotoReference | null, b: PhotoReference | null) => (a === null ? b === null : b !== null && a.fileKey === b.fileKey);

/** Whether two fillings of the form hold the same text, photos and licences (row keys and order included). */
export function sameProfileValues(a: TradesProfileValues, b: TradesProfileValues): boolean {
  return (
    tradesTextFields.every((field) => a[field] === b[field]) &&
    samePhoto(a.whitecardPhoto, b.whitecardPhoto) &&
    a.licences.length === b.licences.length &&
    a.licences.every((row, index) => {
      const other = b.licences[index];
      return other !== undefined && row.key === other.key && licenceFields.every((field) => row[field] === other[field]) && samePhoto(row.photo, other.photo);
    })
  );
}

function updateInput(values: TradesProfileValues): Record<string, unknown> {
  const { licences, ...rest } = values;
  return { ...rest, licences: licences.map(({ key: _key, ...licence }) => licence) };
}

export interface CheckedTradesProfile {
  readonly update: TradesProfileUpdate | null;
  /** By field id (see `licenceFieldId`). */
  readonly errors: Readonly<Record<string, string>>;
}

/** Issue 10 tradesperson profile, checked by the same `TradesProfileUpdate` schema as the server. */
export function checkTradesProfile(values: TradesProfileValues): CheckedTradesProfile {
  const decoded = decode(TradesProfileUpdate, updateInput(values));
  if (decoded.ok) return { update: decoded.value, errors: {} };
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(decoded.issues))) {
    const [head, index, field] = path.split('.');
    const row = head === 'licences' && index !== undefined ? values.licences[Number(index)] : undefined;
    const id = row ? licenceFieldId(row.key, field === 'photo' || field === undefined ? 'photo' : (field as LicenceField)) : (head ?? '');
    errors[id] ??= message;
  }
  return { update: null, errors };
}

const StoredPhoto = Schema.NullOr(Schema.Struct({ friendlyName: Schema.String, fileKey: Schema.String, type: Schema.Literal('photo') }));

/** A draft read back from browser storage: untrusted, so decoded; anything else is ignored. */
const TradesProfileDraft = Schema.Struct({
  firstName: Schema.String,
  surname: Schema.String,
  phone: Schema.String,
  email: Schema.String,
  emergencyContactName: Schema.String,
  emergencyContactPhone: Schema.String,
  tradeQualifications: Schema.String,
  whitecardNumber: Schema.String,
  whitecardPhoto: StoredPhoto,
  licences: Schema.Array(
    Schema.Struct({ key: Schema.String, licenceClass: Schema.String, number: Schema.String, expiresOn: Schema.String, photo: StoredPhoto }),
  ),
});

export function readDraft(stored: unknown): TradesProfileValues | null {
  const decoded = decode(TradesProfileDraft, stored);
  return decoded.ok ? decoded.value : null;
}
