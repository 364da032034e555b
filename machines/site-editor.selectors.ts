import type { SnapshotFrom } from 'xstate';
import { checkSiteForm, type SiteFormErrors } from '../src/domain/site-form';
import type { siteEditorMachine } from './site-editor.machine';

type Snapshot = SnapshotFrom<typeof siteEditorMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const isReloading = (snapshot: Snapshot) => snapshot.matches('reloading');
export const isMissing = (snapshot: Snapshot) => snapshot.hasTag('missing');
/** Issue 13 §2: why the site to edit is missing; null otherwise. */
export const problem = (snapshot: Snapshot) => (snapshot.hasTag('missing') ? snapshot.context.problem : null);
export const isSaving = (snapshot: Snapshot) => snapshot.hasTag('saving') || snapshot.matches('saved');
export const values = (snapshot: Snapshot) => snapshot.context.values;
export const site = (snapshot: Snapshot) => snapshot.context.site;
export const error = (snapshot: Snapshot) => snapshot.context.error;
export const conflict = (snapshot: Snapshot) => snapshot.context.conflict;

/** Each field's message, shown once the field is touched (or after a submit attempt). */
export const visibleErrors = (snapshot: Snapshot): SiteFormErrors => {
  const { errors } = checkSiteForm(snapshot.context.values);
  const visible: SiteFormErrors = {};
  for (const field of snapshot.context.touched) if (errors[field]) visible[field] = errors[field];
  return visible;
};

/** The supervisor the picker shows: the one chosen here, else the site's current one (spec §3 keeps it out of the prefill). */
export const shownSupervisor = (snapshot: Snapshot): string | null => {
  const { values: current, site: read } = snapshot.context;
  return current.supervisor === undefined ? (read?.supervisor ?? null) : current.supervisor;
};
