import type { SnapshotFrom } from 'xstate';
import { blankSiteForm, checkSiteForm, formValuesOf, sameSiteForm, type SiteFormErrors } from '../src/domain/site-form';
import { refusalErrors, refusedField } from '../src/domain/refused-field';
import { siteFields, type siteEditorMachine } from './site-editor.machine';

type Snapshot = SnapshotFrom<typeof siteEditorMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const isReloading = (snapshot: Snapshot) => snapshot.matches('reloading');
export const isMissing = (snapshot: Snapshot) => snapshot.hasTag('missing');
/** Issue 13 §2: why the site to edit is missing; null otherwise. */
export const problem = (snapshot: Snapshot) => (snapshot.hasTag('missing') ? snapshot.context.problem : null);
export const isSaving = (snapshot: Snapshot) => snapshot.hasTag('saving') || snapshot.matches('saved');
export const values = (snapshot: Snapshot) => snapshot.context.values;
export const site = (snapshot: Snapshot) => snapshot.context.site;
/** A refused save's message that names no field: the form shows it as a whole. */
export const error = (snapshot: Snapshot) => (refusedField(snapshot.context.error, siteFields) ? null : snapshot.context.error);
export const conflict = (snapshot: Snapshot) => snapshot.context.conflict;

/** Each field's message, shown once the field is touched (or after a submit attempt), and the server's beside the field it names. */
export const visibleErrors = (snapshot: Snapshot): SiteFormErrors => {
  const { errors } = checkSiteForm(snapshot.context.values);
  const visible: SiteFormErrors = refusalErrors(snapshot.context.error, siteFields);
  for (const field of snapshot.context.touched) if (errors[field]) visible[field] = errors[field];
  return visible;
};

/** The supervisor the picker shows: the one chosen here, else the site's current one (spec §3 keeps it out of the prefill). */
export const shownSupervisor = (snapshot: Snapshot): string | null => {
  const { values: current, site: read } = snapshot.context;
  return current.supervisor === undefined ? (read?.supervisor ?? null) : current.supervisor;
};

/** Issue 55 §7: something typed differs from the site as read (or the blank form) and is not saved yet. */
export const hasUnsavedChanges = (snapshot: Snapshot): boolean => {
  if (!snapshot.matches('editing') && !snapshot.hasTag('saving')) return false;
  const { site: read, values: current } = snapshot.context;
  return !sameSiteForm(current, read ? formValuesOf(read) : blankSiteForm);
};
