import { assign, emit, fromPromise, setup } from 'xstate';
import { loadProblemOf, type LoadProblem } from './load-problem';
import { actionMustBeProvided, mustBeProvided } from './must-be-provided';
import type { ProjectSite, ProjectSiteInput, SiteSafetyPlanReference } from '../src/domain/project-site';
import type { Ppe } from '../src/domain/ppe';
import { refusedField } from '../src/domain/refused-field';
import { blankSiteForm, checkSiteForm, formValuesOf, siteTextFields, withPostcode, type SiteField, type SiteFormValues, type SiteTextField } from '../src/domain/site-form';
import type { SiteTimeZone } from '../src/domain/site-time-zone';

export interface SiteEditorInput {
  /** The site being edited; null on the create form. */
  readonly siteId: string | null;
}

export interface SaveSiteInput {
  readonly siteId: string | null;
  readonly input: ProjectSiteInput;
  /** The version the site was read at (edit only). */
  readonly version: number | null;
}

export interface SiteEditorContext {
  readonly siteId: string | null;
  readonly site: ProjectSite | null;
  readonly values: SiteFormValues;
  readonly touched: readonly SiteField[];
  /** The server's message after a failed save, other than a stale version; shown beside the field it names (`refusedField`). */
  readonly error: string | null;
  /** The server's message when someone else saved the site first (409). */
  readonly conflict: string | null;
  /** Why the site to edit could not be read: not found, not allowed, or a failure worth retrying (issue 13 §2). */
  readonly problem: LoadProblem | null;
}

export type SiteEditorEvent =
  | { type: 'field.change'; field: SiteTextField; value: string }
  | { type: 'field.blur'; field: SiteField }
  | { type: 'timeZone.change'; timeZone: SiteTimeZone }
  | { type: 'ppe.change'; ppe: readonly Ppe[] }
  | { type: 'supervisor.change'; supervisor: string | null }
  | { type: 'plan.change'; plan: SiteSafetyPlanReference | null }
  | { type: 'form.submit' }
  | { type: 'site.reload' };

export const siteFields: readonly SiteField[] = [...siteTextFields, 'timeZone', 'supervisor', 'ppe', 'siteSafetyPlan'];

/** Tells the view to bring the first field with a message into sight (issue 55 §5). */
export type SiteEditorEmitted = { type: 'form.refused' };

/** A change to the field a refusal named clears that refusal: the user is answering it. */
const answered = (context: SiteEditorContext, field: SiteField) => (refusedField(context.error, siteFields) === field ? null : context.error);

const touching = (touched: readonly SiteField[], field: SiteField) => (touched.includes(field) ? touched : [...touched, field]);

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : null);

/** Create and edit of a project site (spec §2, §5): a failed save keeps every typed value. */
export const siteEditorMachine = setup({
  types: {} as {
    context: SiteEditorContext;
    events: SiteEditorEvent;
    input: SiteEditorInput;
    emitted: SiteEditorEmitted;
    tags: 'loading' | 'missing' | 'saving';
  },
  actors: {
    loadSite: fromPromise<ProjectSite, { siteId: string }>(mustBeProvided('loadSite')),
    saveSite: fromPromise<ProjectSite, SaveSiteInput>(mustBeProvided('saveSite')),
  },
  actions: {
    notifySaved: actionMustBeProvided<{ site: ProjectSite; created: boolean }>('notifySaved'),
    notifySaveFailed: actionMustBeProvided<{ error: unknown; created: boolean }>('notifySaveFailed'),
    revealRefusal: emit({ type: 'form.refused' } as const),
  },
  guards: {
    isEdit: ({ context }) => context.siteId !== null,
    isValid: ({ context }) => checkSiteForm(context.values).input !== null,
    isStaleVersion: (_, { error }: { error: unknown }) => (error as { status?: unknown } | null)?.status === 409,
  },
}).createMachine({
  id: 'siteEditor',
  context: ({ input }) => ({ siteId: input.siteId, site: null, values: blankSiteForm, touched: [], error: null, conflict: null, problem: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      description: "Reading the site to prefill the edit: 'Loading, Please Wait'.",
      tags: ['loading'],
      invoke: {
        id: 'loadSite',
        src: 'loadSite',
        input: ({ context }) => ({ siteId: context.siteId ?? '' }),
        onDone: { target: 'editing', actions: assign(({ event }) => ({ site: event.output, values: formValuesOf(event.output) })) },
        onError: { target: 'missing', actions: assign({ problem: ({ event }) => loadProblemOf(event.error) }) },
      },
    },
    missing: {
      description: "No site to edit: `problem` says whether it does not exist (400/404), is not for this user (403), or failed ('Something went wrong :(').",
      tags: ['missing'],
    },
    editing: {
      description: 'The form is open; each field shows its message once touched.',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            values: event.field === 'postcode' ? withPostcode(context.values, event.value) : { ...context.values, [event.field]: event.value },
            touched: touching(context.touched, event.field),
            error: answered(context, event.field),
          })),
        },
        'timeZone.change': {
          description: 'Issue 55 §3: a zone chosen by hand; the postcode no longer moves it.',
          actions: assign(({ context, event }) => ({ values: { ...context.values, timeZone: event.timeZone } })),
        },
        'field.blur': { actions: assign(({ context, event }) => ({ touched: touching(context.touched, event.field) })) },
        'ppe.change': { actions: assign(({ context, event }) => ({ values: { ...context.values, ppe: event.ppe }, error: answered(context, 'ppe') })) },
        'supervisor.change': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, supervisor: event.supervisor }, error: answered(context, 'supervisor') })),
        },
        'plan.change': {
          actions: assign(({ context, event }) => ({ values: { ...context.values, siteSafetyPlan: event.plan }, error: answered(context, 'siteSafetyPlan') })),
        },
        'form.submit': [
          { guard: 'isValid', target: 'saving' },
          { description: 'Every message shows, and the first is brought into sight.', actions: [assign({ touched: siteFields }), 'revealRefusal'] },
        ],
        'site.reload': { guard: 'isEdit', target: 'reloading' },
      },
    },
    saving: {
      description: 'POST (create) or PUT with the version read (edit).',
      tags: ['saving'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveSite',
        src: 'saveSite',
        input: ({ context }) => {
          const { input } = checkSiteForm(context.values);
          if (!input) throw new Error('Only a checked site is saved');
          return { siteId: context.siteId, input, version: context.site?.version ?? null };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign(({ event }) => ({ site: event.output })),
            { type: 'notifySaved', params: ({ context, event }) => ({ site: event.output, created: context.siteId === null }) },
          ],
        },
        onError: [
          {
            description: 'Issue 4: someone else saved first; the typed values stay until the user reloads.',
            guard: { type: 'isStaleVersion', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              assign(({ event }) => ({ conflict: messageOf(event.error) })),
              { type: 'notifySaveFailed', params: ({ context, event }) => ({ error: event.error, created: context.siteId === null }) },
              'revealRefusal',
            ],
          },
          {
            description: "Spec §8: the values stay as typed so the user can try again; the server's reason shows beside the field it names.",
            target: 'editing',
            actions: [
              assign(({ event }) => ({ error: messageOf(event.error) })),
              { type: 'notifySaveFailed', params: ({ context, event }) => ({ error: event.error, created: context.siteId === null }) },
              'revealRefusal',
            ],
          },
        ],
      },
    },
    reloading: {
      description: "After a stale-version refusal: the other person's saved site replaces the form.",
      tags: ['loading'],
      invoke: {
        id: 'reloadSite',
        src: 'loadSite',
        input: ({ context }) => ({ siteId: context.siteId ?? '' }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ site: event.output, values: formValuesOf(event.output), touched: [], conflict: null, error: null })),
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
      },
    },
    saved: {
      description: 'The details page takes over.',
      type: 'final',
    },
  },
});
