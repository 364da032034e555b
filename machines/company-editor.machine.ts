import { assign, emit, fromPromise, setup } from 'xstate';
import type { Company, CompanyInput } from '../src/domain/company';
import { loadProblemOf, type LoadProblem } from './load-problem';
import { mustBeProvided } from './must-be-provided';
import { serverMessage } from './server-message';

export interface CompanyEditorInput {
  readonly companyId: string;
}

export interface CompanyEditorContext {
  readonly companyId: string;
  readonly company: Company | null;
  readonly error: string | null;
  /** Why the company could not be read: not found, not allowed, or a failure worth retrying (issue 13 §2). */
  readonly problem: LoadProblem | null;
}

export type CompanyEditorEvent = { type: 'company.save'; input: CompanyInput };

export type CompanyEditorEmitted = { type: 'toast'; tone: 'success' | 'error'; message: string };

export const companyEditorMessages = {
  saved: 'Information updated successfully',
  /** When a failed save answers no text. */
  saveFailed: 'Something went wrong :(',
} as const;

/** 'Edit Client' and 'Edit Company': read the company, save the form; spec §8 toasts. */
export const companyEditorMachine = setup({
  types: {} as {
    context: CompanyEditorContext;
    events: CompanyEditorEvent;
    input: CompanyEditorInput;
    emitted: CompanyEditorEmitted;
    tags: 'loading' | 'busy' | 'missing';
  },
  actors: {
    loadCompany: fromPromise<Company, { companyId: string }>(mustBeProvided('loadCompany')),
    saveCompany: fromPromise<Company, { companyId: string; input: CompanyInput }>(mustBeProvided('saveCompany')),
  },
}).createMachine({
  id: 'companyEditor',
  context: ({ input }) => ({ companyId: input.companyId, company: null, error: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCompany',
        src: 'loadCompany',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'editing', actions: assign({ company: ({ event }) => event.output }) },
        onError: { target: 'missing', actions: assign({ problem: ({ event }) => loadProblemOf(event.error) }) },
      },
    },
    missing: {
      tags: ['missing'],
      description:
        "The company cannot be read: `problem` says whether it does not exist (400/404), is not for this user (403), or failed ('Something went wrong :(', spec §8).",
    },
    editing: {
      on: { 'company.save': { target: 'saving' } },
    },
    saving: {
      description: 'PUT company/{id}; the server deletes a replaced logo.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'saveCompany',
        src: 'saveCompany',
        input: ({ context, event }) => {
          if (event.type !== 'company.save') throw new Error('Only a submitted form is saved');
          return { companyId: context.companyId, input: event.input };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign({ company: ({ event }) => event.output, error: null }),
            emit({ type: 'toast', tone: 'success', message: companyEditorMessages.saved } as const),
          ],
        },
        onError: {
          description: "Spec §8: the error toast shows the server's message; the form keeps every value.",
          target: 'editing',
          actions: [
            assign({ error: ({ event }) => serverMessage(event.error, companyEditorMessages.saveFailed) }),
            emit(({ event }) => ({ type: 'toast', tone: 'error', message: serverMessage(event.error, companyEditorMessages.saveFailed) }) as const),
          ],
        },
      },
    },
    saved: { type: 'final', description: 'Back to the company page.' },
  },
});
