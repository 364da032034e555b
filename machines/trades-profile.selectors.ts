import type { SnapshotFrom } from 'xstate';
import { CalendarDate } from '../src/domain/trades';
import { decode } from '../src/domain/decode';
import { canAddLicence as roomForLicence, checkTradesProfile, formValuesOf, sameProfileValues, storedPhotoUrls, type TradesProfileValues } from '../src/domain/trades-profile-form';
import type { tradesProfileMachine } from './trades-profile.machine';

type Snapshot = SnapshotFrom<typeof tradesProfileMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const isMissing = (snapshot: Snapshot) => snapshot.hasTag('missing');
/** The profile could not be read for want of a connection: the page says it is offline. */
export const isUnreachable = (snapshot: Snapshot) => snapshot.hasTag('missing') && snapshot.context.unreachable;
/** Saving, and once saved while the page leaves. */
export const isSaving = (snapshot: Snapshot) => snapshot.hasTag('saving');
export const values = (snapshot: Snapshot): TradesProfileValues | null => snapshot.context.values;
export const restoredDraft = (snapshot: Snapshot) => snapshot.context.restoredDraft;
export const saveError = (snapshot: Snapshot) => snapshot.context.error;

/** A first visit: the server holds no name yet, so the page explains why the profile is needed. */
export const isFirstTime = (snapshot: Snapshot) => snapshot.context.person !== null && snapshot.context.person.firstName.trim() === '';

/** Read urls of photos the server already holds, by file key. */
export const photoUrls = (snapshot: Snapshot) => storedPhotoUrls(snapshot.context.person);

export const canAddLicence = (snapshot: Snapshot) => snapshot.matches('editing') && snapshot.context.values !== null && roomForLicence(snapshot.context.values);

/**
 * Issue 55 §8: the row keys of licences whose expiry date is a real date before `today` (yyyy-mm-dd): the form warns
 * that check-in is refused with them, since saving one is allowed (the profile keeps its history).
 */
export const expiredLicenceKeys = (snapshot: Snapshot, today: string): readonly string[] =>
  (snapshot.context.values?.licences ?? []).filter((row) => decode(CalendarDate, row.expiresOn).ok && row.expiresOn < today).map((row) => row.key);

/** Each touched field's message, by field id (see `licenceFieldId`). */
export const visibleErrors = (snapshot: Snapshot): Readonly<Record<string, string>> => {
  const { values: current, touched } = snapshot.context;
  if (!current) return {};
  const { errors } = checkTradesProfile(current);
  const visible: Record<string, string> = {};
  for (const id of touched) if (errors[id]) visible[id] = errors[id];
  return visible;
};

/** Issue 55 §7: the form holds something (typed now, or a kept draft) that differs from the profile as read and is not saved yet. */
export const hasUnsavedChanges = (snapshot: Snapshot): boolean => {
  if (!snapshot.matches('editing') && !snapshot.hasTag('saving')) return false;
  const { person, values: current } = snapshot.context;
  return person !== null && current !== null && !sameProfileValues(current, formValuesOf(person));
};
