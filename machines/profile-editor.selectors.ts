import type { SnapshotFrom } from 'xstate';
import { checkProfileForm, needsBusinessDetails, type ProfileField } from '../src/domain/profile-form';
import { roleOf, type profileEditorMachine } from './profile-editor.machine';

type Snapshot = SnapshotFrom<typeof profileEditorMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const isMissing = (snapshot: Snapshot) => snapshot.hasTag('missing');
export const isSaving = (snapshot: Snapshot) => snapshot.hasTag('saving');
export const values = (snapshot: Snapshot) => snapshot.context.values;
export const showsBusinessDetails = (snapshot: Snapshot) => needsBusinessDetails(roleOf(snapshot.context));

/** Spec §5: Save is disabled while any error exists or a supervisor's business details are incomplete. */
export const canSave = (snapshot: Snapshot) =>
  snapshot.matches('editing') && checkProfileForm(snapshot.context.values, roleOf(snapshot.context)).update !== null;

/** Each field's message, shown once the field is touched. */
export const visibleErrors = (snapshot: Snapshot): Partial<Record<ProfileField, string>> => {
  const { errors } = checkProfileForm(snapshot.context.values, roleOf(snapshot.context));
  const visible: Partial<Record<ProfileField, string>> = {};
  for (const field of snapshot.context.touched) if (errors[field]) visible[field] = errors[field];
  return visible;
};
