import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { tradesProfileMachine, type TradesProfileInput } from '../../../machines/trades-profile.machine';
import { visibleErrors } from '../../../machines/trades-profile.selectors';
import type { TradesPerson } from '../../../src/domain/trades';
import { formValuesOf } from '../../../src/domain/trades-profile-form';
import { account, openContext, type Account } from './accounts';
import { HeldRequest } from './held-requests';
import type { ModelEvent } from '../../support/machine-paths';
import { toast } from './pages/common.screens';
import { tradesProfileForm } from './pages/trades.screens';
import { defineModel, type World, type BrowserTraversal } from './runner';

/*
 * Issue 10 /trades/{id}/edit for a demo tradesperson. The only change typed is to the phone: an
 * invalid one, then their own number again, so a save leaves the record as it was.
 */
const tradesperson = 'tradie4@trades.demo';
const ownPhone = '0402749185';
const draftPhone = '0400000000';

/** The demo tradesperson as the server holds them (server/seed/demo-accounts.ts); the model reads the phone. */
const person = {
  _id: 'tradesperson',
  firstName: 'Mitchell',
  surname: 'Campbell',
  phone: ownPhone,
  email: tradesperson,
  emergencyContactName: 'Donna Campbell',
  emergencyContactPhone: '0416387204',
  tradeQualifications: 'High Risk Work Licence SI (intermediate scaffolding) and RB (basic rigging)',
  whitecardNumber: 'CGI1310594',
  whitecardPhoto: null,
  licences: [],
} as unknown as TradesPerson;

const phoneEdit = (value: string, label: string): ModelEvent => ({ type: 'form.edit', edit: { kind: 'field', field: 'phone', value }, label });
const networkDown = new TypeError('Failed to fetch');

const events: Record<string, ModelEvent[] | ((snapshot: AnyMachineSnapshot) => ModelEvent[])> = {
  'xstate.done.actor.loadProfile': [{ type: 'xstate.done.actor.loadProfile', output: person }],
  'xstate.error.actor.loadProfile': [{ type: 'xstate.error.actor.loadProfile', error: networkDown }],
  'profile.reload': [{ type: 'profile.reload' }],
  'form.edit': [phoneEdit('abc', 'phone abc'), phoneEdit(ownPhone, 'their own phone')],
  'form.blur': [{ type: 'form.blur', field: 'phone' }],
  'form.submit': [{ type: 'form.submit' }],
  // 'Discard changes' is offered beside the notice of a restored draft only.
  'draft.discard': (snapshot) => (snapshot.context.restoredDraft ? [{ type: 'draft.discard' }] : []),
  'xstate.done.actor.saveProfile': [{ type: 'xstate.done.actor.saveProfile', output: person }],
  'xstate.error.actor.saveProfile': [{ type: 'xstate.error.actor.saveProfile', error: networkDown }],
};

type Start = 'no draft' | 'a draft kept';
const starts: BrowserTraversal<Start>[] = [
  { name: 'the profile form', input: { tradesId: 'tradesperson', draft: null } satisfies TradesProfileInput, arrange: 'no draft', events },
  {
    name: 'the profile form with a draft kept',
    input: { tradesId: 'tradesperson', draft: { ...formValuesOf(person), phone: draftPhone } } satisfies TradesProfileInput,
    arrange: 'a draft kept',
    events,
  },
];

interface ProfileWorld extends World {
  readonly tradesId: string;
  held: HeldRequest | null;
}

const profileCall = /\/api\/profile\/trades\/[^/?]+$/;

async function answer(world: ProfileWorld, outcome: 'done' | 'error'): Promise<void> {
  const held = world.held;
  world.held = null;
  if (outcome === 'done') await held?.release();
  else await held?.abort();
}

async function holdRead(world: ProfileWorld, act: () => Promise<unknown>): Promise<void> {
  world.held = await HeldRequest.hold(world.page, 'GET', profileCall);
  await act();
  await world.held.arrived();
}

const values = (snapshot: AnyMachineSnapshot) => snapshot.context.values as { phone: string };

export const tradesProfileModel = defineModel({
  title: 'trades profile',
  machine: tradesProfileMachine,
  traversals: starts,

  async prepare(browser): Promise<Account> {
    return account(browser, tradesperson);
  },

  async open({ browser, shared, traversal }): Promise<ProfileWorld> {
    const world: ProfileWorld = { ...(await openContext(browser, shared)), tradesId: shared.payload.sub, held: null };
    const editPage = `/trades/${world.tradesId}/edit`;
    if (traversal.arrange === 'a draft kept') {
      // Typed on an earlier visit and never saved: the browser keeps it.
      await world.page.goto(editPage);
      await tradesProfileForm(world.page).phone.fill(draftPhone);
    }
    await holdRead(world, () => world.page.goto(editPage));
    return world;
  },

  states: {
    'tradesProfile.loading': async ({ world }) => tradesProfileForm(world.page).expectLoading(),
    'tradesProfile.missing': async ({ world }) => tradesProfileForm(world.page).expectMissing(),
    'tradesProfile.editing': async ({ world, snapshot }) => {
      const form = tradesProfileForm(world.page);
      await expect(form.save).toBeEnabled();
      await expect(form.phone).toHaveValue(values(snapshot).phone);
      await form.expectPhoneError(visibleErrors(snapshot as never).phone ?? null);
      await form.expectDraftRestored(snapshot.context.restoredDraft as boolean);
      await form.expectSaveError(snapshot.context.error as string | null);
      if (snapshot.context.error) await expect(toast(world.page, 'Failed to update the info').first()).toBeVisible();
    },
    'tradesProfile.saving': async ({ world }) => tradesProfileForm(world.page).expectSaving(),
    'tradesProfile.saved': async ({ world }) => {
      // Back where the form was opened from: the tradesperson's home.
      await expect(world.page).toHaveURL(new RegExp(`/trades/${world.tradesId}$`));
      await expect(toast(world.page, 'Details updated successfully')).toBeVisible();
    },
  },

  events: {
    'xstate.done.actor.loadProfile': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.loadProfile': ({ world }) => answer(world, 'error'),
    'profile.reload': ({ world }) => holdRead(world, () => tradesProfileForm(world.page).tryAgain.click()),
    'form.edit': async ({ world, event }) => {
      await tradesProfileForm(world.page).phone.fill((event.edit as { value: string }).value);
    },
    'form.blur': async ({ world }) => {
      const { phone } = tradesProfileForm(world.page);
      await phone.focus();
      await phone.blur();
    },
    'form.submit': async ({ world, after }) => {
      const { save } = tradesProfileForm(world.page);
      if (!after.matches('saving')) {
        await save.click();
        return;
      }
      world.held = await HeldRequest.hold(world.page, 'PUT', profileCall);
      await save.click();
      await world.held.arrived();
    },
    'draft.discard': async ({ world }) => {
      await tradesProfileForm(world.page).discard.click();
    },
    'xstate.done.actor.saveProfile': ({ world }) => answer(world, 'done'),
    'xstate.error.actor.saveProfile': ({ world }) => answer(world, 'error'),
  },

  excluded: {},
});
