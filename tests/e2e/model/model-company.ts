import { expect, request, test, type Browser } from '@playwright/test';
import { companyBody } from '../../support/company-body';
import { invitationLink } from '../pages/mailbox';
import { signInQuickly, demo } from '../support/sign-in';
import { account, Api, freshEmail, payloadOf, storedToken, type Account } from './accounts';

/** A site of the model company, with the key its poster's QR code carries. */
export interface ModelSite {
  readonly _id: string;
  readonly address: string;
  readonly key: string;
}

/**
 * A client company of the model tests' own, made through the real API and onboarding as the super user would: an
 * admin and a site supervisor who accepted their invitations, and a tradesperson who joined from a site's poster and
 * filled in their profile, each signed in through the development identity provider. The SWMS the models submit
 * land in this company's review digests, never in the demo admin's, which tradesperson.spec.ts waits for.
 */
export interface ModelCompany {
  readonly companyId: string;
  readonly name: string;
  readonly admin: Account;
  readonly supervisor: Account;
  readonly supervisorName: string;
  readonly tradie: Account;
  readonly adminApi: Api;
  readonly tradieApi: Api;
  /** Another tradesperson, onboarded as the first was (from the poster of a site of their own), once per `label`. */
  tradesperson(label: string): Promise<Account>;
  /** A site of its own for each caller (`label` names it), its poster key read as an admin would. */
  site(label: string, fields?: Partial<SiteFields>): Promise<ModelSite>;
}

interface SiteFields {
  readonly suburb: string;
  readonly postcode: string;
  readonly siteNumber: string;
  readonly clientName: string;
  readonly ppe: readonly string[];
  readonly supervisor: string;
}

/** The token of a first sign-in as `email` (no role yet), in a context of its own that is then closed. */
async function firstSignIn(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInQuickly(page, email);
    await expect.poll(() => storedToken(page)).not.toBeNull();
    return (await storedToken(page)) ?? '';
  } finally {
    await context.close();
  }
}

/** Invited by `inviter` and accepted by the invitee through the invitation link's code; later sign-ins carry the role. */
async function acceptedInvitation(browser: Browser, inviter: Api, companyId: string, role: 'CompanyAdmin' | 'CompanySupervisor', person: { firstName: string; surname: string }): Promise<Account> {
  const email = freshEmail(role === 'CompanyAdmin' ? 'company-admin' : 'supervisor');
  await inviter.call('POST', 'user/invite', { ...person, email, phone: '0412345678', companyId, role }, 201);
  const mailbox = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const link = await invitationLink(mailbox, email).finally(() => mailbox.dispose());
  const inviteCode = new URL(link, 'http://portal').searchParams.get('invitationCode') ?? '';
  const invitee = await Api.as(await firstSignIn(browser, email));
  await invitee.call('POST', 'user/accept', { inviteCode });
  return account(browser, email);
}

/** Checks `tradie` out of those of `siteIds` where a check-in is still open (checking in elsewhere ends one). */
export async function checkOutOf(api: Api, tradie: Account, siteIds: ReadonlySet<string>): Promise<void> {
  const activity = await api.call<{ checkIns: { site: { _id: string }; checkedOutAt: string | null }[] }>('GET', `profile/trades/${tradie.payload.sub}/activity`);
  for (const checkIn of activity.checkIns) {
    if (checkIn.checkedOutAt === null && siteIds.has(checkIn.site._id)) await api.call('POST', `site/${checkIn.site._id}/checkout`, {});
  }
}

const companies = new Map<string, Promise<ModelCompany>>();

/** The worker's model company, made once per portal (a worker drives one portal). */
export function modelCompany(browser: Browser): Promise<ModelCompany> {
  const baseURL = test.info().project.use.baseURL ?? '';
  let made = companies.get(baseURL);
  if (!made) {
    made = makeCompany(browser);
    companies.set(baseURL, made);
  }
  return made;
}

async function makeCompany(browser: Browser): Promise<ModelCompany> {
  const superUser = await Api.as((await account(browser, demo.superUser)).token);
  const name = `Model Tests Co ${Date.now().toString(36)}`;
  const company = await superUser.call<{ _id: string }>('POST', 'company', companyBody({ name, email: `office-${Date.now().toString(36)}@model.test` }), 201);
  const admin = await acceptedInvitation(browser, superUser, company._id, 'CompanyAdmin', { firstName: 'Morgan', surname: 'Modeladmin' });
  const adminApi = await Api.as(admin.token);
  const supervisorPerson = { firstName: 'Sasha', surname: `Modelsuper${Date.now().toString(36)}` };
  const supervisor = await acceptedInvitation(browser, adminApi, company._id, 'CompanySupervisor', supervisorPerson);

  let sites = 0;
  const site = async (label: string, fields: Partial<SiteFields> = {}): Promise<ModelSite> => {
    sites += 1;
    const address = `${sites} ${label} ${Date.now().toString(36)} Street`;
    const created = await adminApi.call<{ _id: string }>(
      'POST',
      `company/${company._id}/projectSites`,
      { address, suburb: 'Ultimo', postcode: '2007', siteNumber: `MT-${sites}`, clientName: 'Model Tests Pty Ltd', ppe: ['hard_hat'], ...fields },
      201,
    );
    const { url } = await adminApi.call<{ url: string }>('GET', `company/${company._id}/projectSites/${created._id}/qr`);
    return { _id: created._id, address, key: new URL(url).searchParams.get('key') ?? '' };
  };

  // DESIGN.md: whoever signs in from a site's poster without a role becomes a tradesperson; then their profile.
  const onboard = async (label: string): Promise<Account> => {
    const gate = await site(`Model ${label} Gate`);
    const email = freshEmail(label);
    const unregistered = await Api.as(await firstSignIn(browser, email));
    const { token } = await unregistered.call<{ token: string }>('POST', `site/${gate._id}/join`, { key: gate.key });
    await (await Api.as(token)).call('PUT', `profile/trades/${payloadOf(token).sub}`, {
      firstName: 'Taylor',
      surname: `Model${label}`,
      phone: '0412345679',
      email,
      emergencyContactName: 'Jordan Modelcontact',
      emergencyContactPhone: '0412345680',
      tradeQualifications: 'Carpenter',
      whitecardNumber: `WC-${label.toUpperCase()}`,
      whitecardPhoto: null,
      licences: [],
    });
    return account(browser, email);
  };
  const tradespeople = new Map<string, Promise<Account>>();
  const tradesperson = (label: string) => {
    let onboarded = tradespeople.get(label);
    if (!onboarded) {
      onboarded = onboard(label);
      tradespeople.set(label, onboarded);
    }
    return onboarded;
  };
  const tradie = await tradesperson('tradie');
  return {
    companyId: company._id,
    name,
    admin,
    supervisor,
    supervisorName: `${supervisorPerson.firstName} ${supervisorPerson.surname}`,
    tradie,
    adminApi,
    tradieApi: await Api.as(tradie.token),
    tradesperson,
    site,
  };
}
