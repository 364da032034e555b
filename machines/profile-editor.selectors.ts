import type { SnapshotFrom } from 'xstate';
import { checkProfileForm, formValuesOf, needsBusinessDetails, type ProfileField } from '../src/domain/profile-form';
import { refusalErrors } from '../src/domain/refused-field';
import { profileFields, roleOf, type profileEditorMachine } from './profile-editor.machine';

type Snapshot = SnapshotFrom<typeof profileEditorMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const isMissing = (snapshot: Snapshot) => snapshot.hasTag('missing');
export const isSaving = (snapshot: Snapshot) => snapshot.hasTag('saving');
export const values = (snapshot: Snapshot) => snapshot.context.values;
export const showsBusinessDetails = (snapshot: Snapshot) => needsBusinessDetails(roleOf(snapshot.context));

/** Spec §5: Save is disabled while any error exists or a supervisor's business details are incomplete. */
export const canSave = (snapshot: Snapshot) =>
  snapshot.matches('editing') && checkProfileForm(snapshot.context.values, roleOf(snapshot.context)).update !== null;

/** Each field's message, shown once the field is touched, and a refused save's reason beside the field it names. */
export const visibleErrors = (snapshot: Snapshot): Partial<Record<ProfileField, string>> => {
  const { errors } = checkProfileForm(snapshot.context.values, roleOf(snapshot.context));
  const visible: Partial<Record<ProfileField, string>> = refusalErrors(snapshot.context.error, profileFields);
  for (const field of snapshot.context.touched) if (errors[field]) visible[field] = errors[field];
  return visible;
};

/** Issue 55 §7: something typed differs from the profile as read and is not saved yet. */
export const hasUnsavedChanges = (snapshot: Snapshot): boolean => {
  const { profile, values: current } = snapshot.context;
  if (!profile || (!snapshot.matches('editing') && !snapshot.hasTag('saving'))) return false;
  const read = formValuesOf(profile);
  return profileFields.some((field) => current[field] !== read[field]);
};
