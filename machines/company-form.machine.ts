import { assign, emit, setup } from 'xstate';
import type { CompanyInput } from '../src/domain/company';
import { checkCompanyForm, companyFields, type CompanyField, type CompanyFormValues, type LogoChoice } from '../src/domain/company-form-values';

export interface CompanyFormInput {
  readonly values: CompanyFormValues;
  /** Prefilled values (edit, or a create that failed) count as touched (spec §5 submittable rule). */
  readonly prefilled: boolean;
}

export interface CompanyFormContext {
  readonly values: CompanyFormValues;
  readonly touched: readonly CompanyField[];
  readonly logo: LogoChoice;
  readonly uploading: boolean;
}

export type CompanyFormEvent =
  | { type: 'field.change'; field: CompanyField; value: string }
  | { type: 'field.blur'; field: CompanyField }
  | { type: 'logo.change'; logo: LogoChoice }
  | { type: 'logo.uploading'; uploading: boolean }
  | { type: 'form.submit' };

export type CompanyFormEmitted = { type: 'form.submitted'; input: CompanyInput };

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
    values: input.values,
    touched: input.prefilled ? companyFields : [],
    logo: { kind: 'unchanged' },
    uploading: false,
  }),
  on: {
    'field.change': {
      actions: assign(({ context, event }) => ({
        values: { ...context.values, [event.field]: event.value },
        touched: touch(context.touched, event.field),
      })),
    },
    'field.blur': { actions: assign(({ context, event }) => ({ touched: touch(context.touched, event.field) })) },
    'logo.change': { actions: assign({ logo: ({ event }) => event.logo }) },
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
