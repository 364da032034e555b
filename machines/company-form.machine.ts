import { assign, emit, setup } from 'xstate';
import type { CompanyInput } from '../src/domain/company';
import { checkCompanyForm, companyFields, type CompanyField, type CompanyFormValues, type LogoChoice } from '../src/domain/company-form-values';
import { refusalErrors, refusedField } from '../src/domain/refused-field';

export interface CompanyFormInput {
  readonly values: CompanyFormValues;
  /** Prefilled values (edit, or a create that failed) count as touched (spec §5 submittable rule). */
  readonly prefilled: boolean;
}

export interface CompanyFormContext {
  /** The values the form opened with: anything else is unsaved typing (issue 55 §7). */
  readonly initial: CompanyFormValues;
  readonly values: CompanyFormValues;
  readonly touched: readonly CompanyField[];
  readonly logo: LogoChoice;
  readonly uploading: boolean;
  /** The server's reason the last save was refused; shown beside the field it names until that field changes. */
  readonly refusal: string | null;
}

export type CompanyFormEvent =
  | { type: 'field.change'; field: CompanyField; value: string }
  | { type: 'field.blur'; field: CompanyField }
  | { type: 'logo.change'; logo: LogoChoice }
  | { type: 'logo.uploading'; uploading: boolean }
  | { type: 'form.submit' }
  | { type: 'form.refused'; message: string | null };

export type CompanyFormEmitted = { type: 'form.submitted'; input: CompanyInput };

/** The form's fields as a refusal may name them; the logo is `image` in the request. */
const refusableFields = [...companyFields, 'image'] as const;
type RefusableField = (typeof refusableFields)[number];

const answered = (context: CompanyFormContext, field: RefusableField) => (refusedField(context.refusal, refusableFields) === field ? null : context.refusal);

/** Each field's message once touched, and a refused save's reason beside the field it names (`image`: the logo). */
export function visibleErrors(context: CompanyFormContext): Partial<Record<RefusableField, string>> {
  const { errors } = checkCompanyForm(context.values, context.logo);
  const visible: Partial<Record<RefusableField, string>> = refusalErrors(context.refusal, refusableFields);
  for (const field of context.touched) if (errors[field]) visible[field] = errors[field];
  return visible;
}

/** A refused save's reason that names no field: the form shows it by its button. */
export const formRefusal = (context: CompanyFormContext): string | null => (refusedField(context.refusal, refusableFields) ? null : context.refusal);

/** Something typed or chosen differs from what the form opened with, or a chosen logo is still uploading. */
export const isDirty = (context: CompanyFormContext): boolean =>
  context.uploading ||
  context.logo.kind !== 'unchanged' || companyFields.some((field) => context.values[field] !== context.initial[field]);

const touch = (touched: readonly CompanyField[], field: CompanyField) => (touched.includes(field) ? touched : [...touched, field]);

/** Spec §5: submittable only when every non-image field is touched, none has an error, and no logo is uploading. */
export const canSubmit = (context: CompanyFormContext): boolean =>
  !context.uploading &&
  companyFields.every((field) => context.touched.includes(field)) &&
  checkCompanyForm(context.values, context.logo).input !== null;

/** The company form's state: values, touched fields and the logo; a valid submit is emitted to the page. */
export const companyFormMachine = setup({
  types: {} as { context: CompanyFormContext; events: CompanyFormEvent; input: CompanyFormInput; emitted: CompanyFormEmitted },
  guards: { canSubmit: ({ context }) => canSubmit(context) },
}).createMachine({
  id: 'companyForm',
  context: ({ input }) => ({
    initial: input.values,
    values: input.values,
    touched: input.prefilled ? companyFields : [],
    logo: { kind: 'unchanged' },
    uploading: false,
    refusal: null,
  }),
  on: {
    'field.change': {
      actions: assign(({ context, event }) => ({
        values: { ...context.values, [event.field]: event.value },
        touched: touch(context.touched, event.field),
        refusal: answered(context, event.field),
      })),
    },
    'field.blur': { actions: assign(({ context, event }) => ({ touched: touch(context.touched, event.field) })) },
    'logo.change': { actions: assign(({ context, event }) => ({ logo: event.logo, refusal: answered(context, 'image') })) },
    'form.refused': {
      description: "The page's save was refused: its reason goes beside the field it names.",
      actions: assign({ refusal: ({ event }) => event.message }),
    },
    'logo.uploading': { actions: assign({ uploading: ({ event }) => event.uploading }) },
    'form.submit': [
      {
        guard: 'canSubmit',
        actions: emit(({ context }) => {
          const { input } = checkCompanyForm(context.values, context.logo);
          if (!input) throw new Error('Only a checked company is submitted');
          return { type: 'form.submitted', input } as const;
        }),
      },
      { description: 'Shows every message at once.', actions: assign({ touched: companyFields }) },
    ],
  },
});
