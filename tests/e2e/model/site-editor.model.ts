import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { siteEditorMachine } from '../../../machines/site-editor.machine';
import { projectSiteMessages, type ProjectSite } from '../../../src/domain/project-site';
import type { Ppe } from '../../../src/domain/ppe';
import { siteTextFields, type SiteFormValues } from '../../../src/domain/site-form';
import { siteTimeZoneLabels } from '../../../src/domain/site-time-zone';
import type { ModelEvent } from '../../support/machine-paths';
import { ProblemStatePage } from '../pages/problem-state.page';
import { SiteFormPage } from '../pages/site-form.page';
import { openContext } from './accounts';
import { HeldRequest } from './held-requests';
import { modelCompany, type ModelCompany } from './model-company';
import { expectLoading, toast } from './pages/common.screens';
import { chooseOption } from './pages/site-list.screens';
import { defineModel, type BrowserTraversal, type World } from './runner';

/** A one-page PDF, small enough to write inline. */
const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const planName = 'model-site-plan.pdf';

/** The site each edit path opens, made through the API with these values; the model reads it as the form's prefill. */
const readSite: ProjectSite = {
  _id: 'site',
  address: '9 Model Editor Street',
  suburb: 'Ultimo',
  postcode: '2007',
  fullAddress: '9 Model Editor Street, Ultimo 2007',
  siteNumber: 'ME-1',
  clientName: 'Model Editor Pty Ltd',
  timeZone: 'Australia/Sydney',
  supervisor: null,
  supervisorName: null,
  supervisorDetails: null,
  supervisorPhone: '',
  siteSafetyPlan: null,
  ppe: ['hard_hat'],
  otherPpe: '',
  status: 'ongoing',
  company: { _id: 'company', phone: '0291234567' },
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
/** What the other person saves while the form is open: the suburb, and a newer version. */
const othersSite: ProjectSite = { ...readSite, suburb: 'Pyrmont', fullAddress: '9 Model Editor Street, Pyrmont 2007', version: 2 };

// The server's 409 for a stale version, the browser's fetch failure with no network, and the server's 404.
const staleVersion = Object.assign(new Error(projectSiteMessages.staleVersion), { status: 409 });
const networkDown = new TypeError('Failed to fetch');
const notFound = Object.assign(new Error(projectSiteMessages.notFound), { status: 404 });

const values = (snapshot: AnyMachineSnapshot) => snapshot.context.values as SiteFormValues;
const toggled = (ppe: readonly Ppe[], item: Ppe) => (ppe.includes(item) ? ppe.filter((candidate) => candidate !== item) : [...ppe, item]);

const editEvents: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'xstate.done.actor.loadSite': [{ type: 'xstate.done.actor.loadSite', output: readSite, label: 'the site' }],
  'xstate.error.actor.loadSite': [
    { type: 'xstate.error.actor.loadSite', error: notFound, label: 'not found' },
    { type: 'xstate.error.actor.loadSite', error: networkDown, label: 'network' },
  ],
  // The postcode is made wrong, then right again: the form's validity turns on it.
  'field.change': (snapshot) => [{ type: 'field.change', field: 'postcode', value: values(snapshot).postcode === '2007' ? 'nope' : '2007' }],
  'field.blur': (snapshot) => ((snapshot.context.touched as readonly string[]).includes('postcode') ? [] : [{ type: 'field.blur', field: 'postcode' }]),
  'timeZone.change': (snapshot) => (values(snapshot).timeZone === 'Australia/Brisbane' ? [] : [{ type: 'timeZone.change', timeZone: 'Australia/Brisbane' }]),
  'ppe.change': (snapshot) => [{ type: 'ppe.change', ppe: toggled(values(snapshot).ppe, 'gloves') }],
  'supervisor.change': (snapshot) => (values(snapshot).supervisor === undefined ? [{ type: 'supervisor.change', supervisor: 'supervisor' }] : []),
  'plan.change': (snapshot) =>
    values(snapshot).siteSafetyPlan === null ? [{ type: 'plan.change', plan: { friendlyName: planName, fileKey: 'plan', type: 'siteSafetyPlan' } }] : [],
  'form.submit': [{ type: 'form.submit' }],
  'site.reload': [{ type: 'site.reload' }],
  'xstate.done.actor.saveSite': [{ type: 'xstate.done.actor.saveSite', output: { ...othersSite, version: 3 } }],
  'xstate.error.actor.saveSite': [
    { type: 'xstate.error.actor.saveSite', error: staleVersion, label: 'someone else saved first' },
    { type: 'xstate.error.actor.saveSite', error: networkDown, label: 'network' },
  ],
  'xstate.done.actor.reloadSite': [{ type: 'xstate.done.actor.reloadSite', output: othersSite, label: "the other person's save" }],
  'xstate.error.actor.reloadSite': [{ type: 'xstate.error.actor.reloadSite', error: networkDown, label: 'network' }],
};

type Visit = 'edit' | 'create';

const starts: BrowserTraversal<Visit>[] = [
  {
    name: 'a company admin editing a site',
    input: { siteId: 'site' },
    arrange: 'edit',
    events: editEvents,
    // 'Reload' shows only beside someone else's save.
    offered: (type, snapshot) => type !== 'site.reload' || snapshot.context.conflict !== null,
  },
  { name: 'a company admin creating a site', input: { siteId: null }, arrange: 'create', events: { 'form.submit': [{ type: 'form.submit' }] } },
];

interface Shared {
  readonly company: ModelCompany;
}

interface EditorWorld extends World {
  readonly shared: Shared;
  readonly form: SiteFormPage;
  /** The site being edited (none on the create form). */
  readonly siteId: string | null;
  held: HeldRequest | null;
}

const siteCall = /\/api\/company\/[^/]+\/projectSites\/[^/?]+(\?.*)?$/;
const detailsUrl = (world: EditorWorld) => new RegExp(`/company/${world.shared.company.companyId}/projectsites/${world.siteId ?? '[^/]+'}$`);
const formAlert = (page: Page, tone: 'warning' | 'error') => page.locator(`form.site-form .site-alert[data-tone="${tone}"]`);

async function hold(world: EditorWorld, method: string): Promise<HeldRequest> {
  world.held = await HeldRequest.hold(world.page, method, siteCall);
  return world.held;
}

async function answer(world: EditorWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

/** Someone else saves the site (the suburb changes, the version moves on), as the admin in another browser would. */
async function saveElsewhere(world: EditorWorld): Promise<void> {
  const { adminApi, companyId } = world.shared.company;
  const path = `company/${companyId}/projectSites/${world.siteId ?? ''}`;
  const site = await adminApi.call<ProjectSite>('GET', path);
  const plan = site.siteSafetyPlan;
  await adminApi.call('PUT', path, {
    address: site.address,
    suburb: othersSite.suburb,
    postcode: site.postcode,
    siteNumber: site.siteNumber,
    clientName: site.clientName,
    otherPpe: site.otherPpe,
    timeZone: site.timeZone,
    ppe: site.ppe,
    siteSafetyPlan: plan ? { friendlyName: plan.friendlyName, fileKey: plan.fileKey, type: plan.type } : null,
    version: site.version,
  });
}

async function expectForm(world: EditorWorld, snapshot: AnyMachineSnapshot): Promise<void> {
  const { form } = world;
  const shown = values(snapshot);
  for (const field of siteTextFields) await expect(form.field(field)).toHaveValue(shown[field]);
  await expect(world.page.getByRole('combobox', { name: 'Time Zone', exact: true })).toContainText(siteTimeZoneLabels[shown.timeZone]);
  await expect(form.ppe('Gloves')).toHaveAttribute('aria-pressed', String(shown.ppe.includes('gloves')));
  if (shown.supervisor !== undefined) await expect(form.supervisor).toContainText(world.shared.company.supervisorName);
  if (shown.siteSafetyPlan) await expect(world.page.locator('[data-slot="file-upload"]')).toContainText(planName);
}

export const siteEditorModel = defineModel({
  title: 'site editor',
  machine: siteEditorMachine,
  traversals: starts,

  async prepare(browser): Promise<Shared> {
    return { company: await modelCompany(browser) };
  },

  async open({ browser, shared, traversal, path }): Promise<EditorWorld> {
    const { companyId, adminApi, admin } = shared.company;
    const base = await openContext(browser, admin);
    if (traversal.arrange === 'create') {
      const world: EditorWorld = { ...base, shared, form: new SiteFormPage(base.page), siteId: null, held: null };
      await world.page.goto(`/company/${companyId}/projectsites/add`);
      return world;
    }
    // A site id no site has, for the path that finds none; the server answers 404 for real.
    const missing = path.steps[1]?.event.label === 'not found';
    const siteId = missing
      ? randomUUID()
      : (
          await adminApi.call<{ _id: string }>(
            'POST',
            `company/${companyId}/projectSites`,
            { address: readSite.address, suburb: readSite.suburb, postcode: readSite.postcode, siteNumber: readSite.siteNumber, clientName: readSite.clientName, ppe: readSite.ppe },
            201,
          )
        )._id;
    const world: EditorWorld = { ...base, shared, form: new SiteFormPage(base.page), siteId, held: null };
    const loading = await hold(world, 'GET');
    await world.page.goto(`/company/${companyId}/projectsites/${siteId}/edit`);
    await loading.arrived();
    return world;
  },

  states: {
    'siteEditor.loading': async ({ world }) => expectLoading(world.page),
    'siteEditor.missing': async ({ world, snapshot }) => {
      if (snapshot.context.problem === 'notFound') {
        await expect(new ProblemStatePage(world.page).message).toHaveText(projectSiteMessages.notFound);
        await expect(new ProblemStatePage(world.page).way('Back to Projects')).toBeVisible();
      } else {
        await expect(world.page.getByRole('alert').filter({ hasText: 'Something went wrong :(' })).toBeVisible();
        await expect(world.page.getByRole('button', { name: 'Try again' })).toBeVisible();
      }
    },
    'siteEditor.editing': async ({ world, snapshot }) => {
      const { page, form } = world;
      const submit = world.siteId ? form.saveUpdates : form.finish;
      await expect(page.getByRole('heading', { name: world.siteId ? 'Site Information' : 'Create New Project Site' })).toBeVisible();
      await expectForm(world, snapshot);
      await expect(submit).toBeEnabled();
      const touched = snapshot.context.touched as readonly string[];
      const postcodeWrong = !/^\d{4}$/.test(values(snapshot).postcode);
      if (touched.includes('postcode') && postcodeWrong) await expect(form.errorFor('postcode')).toHaveText(projectSiteMessages.postcode);
      else await expect(form.errorFor('postcode')).toBeHidden();
      if (!world.siteId && touched.length > 0) await expect(form.errorFor('address')).toBeVisible();
      const conflict = snapshot.context.conflict as string | null;
      await expect(formAlert(page, 'warning')).toHaveCount(conflict ? 1 : 0);
      if (conflict) {
        await expect(formAlert(page, 'warning')).toContainText(projectSiteMessages.staleVersion);
        await expect(formAlert(page, 'warning').getByRole('button', { name: 'Reload' })).toBeEnabled();
      }
      // A failed save says why in the form as a whole (a network failure names no field), and in a toast.
      const error = snapshot.context.error as string | null;
      await expect(formAlert(page, 'error')).toHaveCount(error && !conflict ? 1 : 0);
      if (error && !conflict && snapshot.matches('editing')) await expect(formAlert(page, 'error')).not.toBeEmpty();
    },
    'siteEditor.saving': async ({ world }) => {
      await expect(world.form.saveUpdates).toBeDisabled();
      await expect(world.page.locator('form.site-form')).toHaveAttribute('aria-busy', 'true');
    },
    'siteEditor.reloading': async ({ world }) => {
      await expect(formAlert(world.page, 'warning').getByRole('button', { name: 'Reload' })).toBeDisabled();
      await expect(world.page.locator('form.site-form')).toHaveAttribute('aria-busy', 'true');
    },
    'siteEditor.saved': async ({ world }) => {
      await expect(world.page).toHaveURL(detailsUrl(world));
      await expect(toast(world.page, world.siteId ? projectSiteMessages.updated : projectSiteMessages.added)).toBeVisible();
    },
  },

  events: {
    'xstate.done.actor.loadSite': async ({ world }) => answer(world, 'done'),
    // Not found is the server's own 404 (`open` asked for a site id no site has); a network failure is aborted.
    'xstate.error.actor.loadSite': async ({ world, event }) => answer(world, event.label === 'not found' ? 'done' : 'error'),
    'field.change': async ({ world, event }) => world.form.field('postcode').fill(event.value as string),
    'field.blur': async ({ world }) => {
      await world.form.field('postcode').focus();
      await world.form.field('postcode').blur();
    },
    'timeZone.change': async ({ world }) => chooseOption(world.page.getByRole('combobox', { name: 'Time Zone', exact: true }), siteTimeZoneLabels['Australia/Brisbane']),
    'ppe.change': async ({ world }) => world.form.ppe('Gloves').click(),
    'supervisor.change': async ({ world }) => chooseOption(world.form.supervisor, world.shared.company.supervisorName),
    'plan.change': async ({ world }) => world.form.attachPlan(planName, tinyPdf),
    'form.submit': async ({ world, after }) => {
      const submit = world.siteId ? world.form.saveUpdates : world.form.finish;
      if (!after.matches('saving')) return submit.click();
      const saving = await hold(world, world.siteId ? 'PUT' : 'POST');
      await submit.click();
      await saving.arrived();
    },
    'xstate.done.actor.saveSite': async ({ world }) => answer(world, 'done'),
    'xstate.error.actor.saveSite': async ({ world, event }) => {
      if (event.label !== 'someone else saved first') return answer(world, 'error');
      // The held save carries the version the form read; the other save moves it on, so the server answers 409.
      await saveElsewhere(world);
      return answer(world, 'done');
    },
    'site.reload': async ({ world }) => {
      const reading = await hold(world, 'GET');
      await formAlert(world.page, 'warning').getByRole('button', { name: 'Reload' }).click();
      await reading.arrived();
    },
    'xstate.done.actor.reloadSite': async ({ world }) => answer(world, 'done'),
    'xstate.error.actor.reloadSite': async ({ world }) => answer(world, 'error'),
  },

  excluded: {
    states: {
      'siteEditor.starting': 'decides between the create form and the edit’s read before anything renders',
    },
  },
});
