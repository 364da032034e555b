import { describe, expect, test } from 'vitest';
import { createActor, type InputFrom } from 'xstate';
import { canSubmit, companyFormMachine, formRefusal, isDirty, visibleErrors } from '../../machines/company-form.machine';
import type { CompanyInput } from '../../src/domain/company';
import { blankCompanyForm, checkCompanyForm, companyFields, type CompanyFormValues, type LogoChoice } from '../../src/domain/company-form-values';
import { modelPaths } from '../support/machine-paths';
import { replayPath, TransitionCoverage, type Rig } from './model-coverage';

const validValues: CompanyFormValues = {
  name: 'Harbour Builders',
  abn: '51 824 753 556',
  buildersRegNumber: 'BR-1',
  phone: '0298765432',
  email: 'office@harbour.example',
  address: '1 Quay St',
  postalAddress: 'PO Box 1',
};
const uploaded: LogoChoice = { kind: 'uploaded', reference: { friendlyName: 'logo.png', fileKey: 'files/logo', type: 'companyProfile' } };

// Few samples on purpose: the graph's states are values × touched order × logo × uploading.
const sampleEvents = {
  'field.change': [
    { type: 'field.change', field: 'name', value: '' },
    { type: 'field.change', field: 'name', value: 'Harbour Builders' },
  ],
  'field.blur': [{ type: 'field.blur', field: 'abn' }],
  'logo.change': [
    { type: 'logo.change', logo: uploaded },
    { type: 'logo.change', logo: { kind: 'removed' } },
  ],
  'logo.uploading': [
    { type: 'logo.uploading', uploading: true },
    { type: 'logo.uploading', uploading: false },
  ],
  'form.submit': [{ type: 'form.submit' }],
  'form.refused': [{ type: 'form.refused', message: 'Company Name: must be at most 200 characters' }],
};

/** Edit (prefilled, valid) and create (blank, untouched). */
const inputs: InputFrom<typeof companyFormMachine>[] = [
  { values: validValues, prefilled: true },
  { values: blankCompanyForm, prefilled: false },
];

interface FormRig extends Rig<typeof companyFormMachine> {
  submitted: CompanyInput[];
  expected: CompanyInput[];
}

const coverage = new TransitionCoverage(companyFormMachine);
const paths = modelPaths(companyFormMachine, { inputs, events: sampleEvents });

describe('company form machine, model-based', () => {
  test.for(paths.map((path) => [`${(path.input as { prefilled: boolean }).prefilled ? 'edit' : 'create'}: ${path.description}`, path] as const))(
    '%s',
    async ([, path]) => {
      await replayPath<typeof companyFormMachine, FormRig>(path, {
        coverage,
        createRig: ({ input, scripted, clock, inspect }) => {
          const actor = createActor(companyFormMachine, { input, clock, inspect });
          const submitted: CompanyInput[] = [];
          actor.on('form.submitted', ({ input: company }) => submitted.push(company));
          return { actor, scripted, clock, submitted, expected: [] };
        },
        check: (rig, step, previous) => {
          const { context } = rig.actor.getSnapshot();
          const event = step.event as { type: string; field?: string; value?: string; logo?: LogoChoice; uploading?: boolean; message?: string };
          const before = previous?.state.context;
          if (event.type === 'xstate.init') {
            expect(context.touched, 'prefilled values count as touched').toEqual(path.input.prefilled ? companyFields : []);
            expect(context.logo).toEqual({ kind: 'unchanged' });
          }
          if (event.type === 'field.change' || event.type === 'field.blur') {
            expect(context.touched).toContain(event.field);
            expect(new Set(context.touched).size, 'a field is touched once').toBe(context.touched.length);
          }
          if (event.type === 'field.change') expect(context.values[event.field as 'name']).toBe(event.value);
          if (event.type === 'logo.change') expect(context.logo).toEqual(event.logo);
          if (event.type === 'logo.uploading') expect(context.uploading).toBe(event.uploading);
          if (event.type === 'form.refused') {
            const ownCheck = context.touched.includes('name') ? checkCompanyForm(context.values, context.logo).errors.name : undefined;
            expect(visibleErrors(context).name, "the server's reason shows beside the field it names, unless the field's own check speaks").toBe(ownCheck ?? event.message);
            expect(formRefusal(context)).toBeNull();
          }
          if (event.type === 'field.change' && event.field === 'name') expect(context.refusal, 'changing the named field answers the refusal').toBeNull();
          expect(isDirty(context), 'a logo still uploading counts as unsaved').toBe(context.uploading || context.logo.kind !== 'unchanged' || companyFields.some((field) => context.values[field] !== path.input.values[field]));
          if (event.type === 'form.submit' && before) {
            if (canSubmit(before)) {
              rig.expected.push(checkCompanyForm(before.values, before.logo).input!);
              expect(context).toEqual(before);
            } else {
              expect(context.touched, 'an invalid submit shows every message').toEqual(companyFields);
              expect(context.values).toEqual(before.values);
            }
          }
          expect(rig.submitted).toEqual(rig.expected);
        },
      });
    },
  );

  test('every state and transition of the company form machine is exercised', () => {
    coverage.assertComplete('companyForm');
  });
});

describe('company form machine, submit rule (spec §5)', () => {
  const context = { initial: validValues, values: validValues, touched: companyFields, logo: { kind: 'unchanged' } as LogoChoice, uploading: false, refusal: null };

  test('a valid, fully touched form with no upload running is submittable', () => {
    expect(canSubmit(context)).toBe(true);
  });

  test('an upload in progress, an untouched field or an invalid value blocks submit', () => {
    expect(canSubmit({ ...context, uploading: true })).toBe(false);
    expect(canSubmit({ ...context, touched: companyFields.slice(1) })).toBe(false);
    expect(canSubmit({ ...context, values: { ...validValues, abn: '123' } })).toBe(false);
  });

  test('the submitted input carries the logo choice, trimmed', () => {
    const actor = createActor(companyFormMachine, { input: { values: { ...validValues, name: '  Harbour Builders ' }, prefilled: true } }).start();
    const submitted: CompanyInput[] = [];
    actor.on('form.submitted', ({ input }) => submitted.push(input));
    actor.send({ type: 'logo.change', logo: { kind: 'removed' } });
    actor.send({ type: 'form.submit' });
    expect(submitted).toEqual([{ ...validValues, abn: submitted[0]?.abn, name: 'Harbour Builders', image: null }]);
    actor.stop();
  });
});
