import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { decode } from '../../src/domain/decode';
import type { Swms } from '../../src/domain/swms';
import { SignOnGaps, SiteSwmsToSign, SwmsSignOns, type SwmsSignOnRequest } from '../../src/domain/swms-signon';
import { seedDemo } from '../../server/seed/demo';
import { drawnSignature } from '../support/upload-fixtures';
import { call, type Method } from './calls';
import { completeSwms } from './fuzz/fixtures';
import { signedInAccount, type SignedInAccount } from './test-app';

/** A tradesperson of a sign-on test, with a complete profile so that the gate would let them in. */
export interface Worker {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly surname: string;
  readonly token: string;
}

/** The demo data's Harbour Build accounts, a site of its own supervised by supervisor@, and the author's SWMS there. */
export interface SignOnWorld {
  readonly app: FastifyInstance;
  readonly admin: SignedInAccount;
  /** The site's supervisor. */
  readonly supervisor: SignedInAccount;
  /** A supervisor of the same company who does not supervise the site. */
  readonly otherSupervisor: SignedInAccount;
  readonly auditor: SignedInAccount;
  /** Ridgeline's admin: another company. */
  readonly otherAdmin: SignedInAccount;
  readonly siteId: string;
  /** Another site of the company, supervised by someone else. */
  readonly otherSiteId: string;
  readonly author: Worker;
  /** The author's SWMS at the site, submitted through the submission call. */
  readonly swmsId: string;
}

let serial = 0;

/**
 * A tradesperson, checked in at `siteId` `minutesAgo` minutes ago (still on site unless `checkedOutMinutesAgo`), or
 * nowhere with `siteId` null.
 */
export async function newWorker(
  app: FastifyInstance,
  siteId: string | null,
  visit: { readonly minutesAgo?: number; readonly checkedOutMinutesAgo?: number } = {},
): Promise<Worker> {
  serial += 1;
  const email = `signon.worker.${serial}.${randomUUID().slice(0, 6)}@trades.test`;
  const id = randomUUID();
  const firstName = 'Kai';
  const surname = `Signer${serial}`;
  await app.db
    .insertInto('users')
    .values({ id, email, first_name: firstName, surname, phone: '0412345678', emergency_contact_name: 'Ali', emergency_contact_phone: '0498765432', whitecard_number: 'WC-1' })
    .execute();
  await app.db.insertInto('user_roles').values({ id: randomUUID(), user_id: id, company_id: null, role: 'TradesPerson', status: 'active' }).execute();
  if (siteId !== null) await checkInAt(app, id, siteId, visit);
  return { id, email, firstName, surname, token: await app.auth.tokenForEmail(email) };
}

/** A check-in written straight into the table, as the gate would have written it. */
export async function checkInAt(app: FastifyInstance, userId: string, siteId: string, visit: { readonly minutesAgo?: number; readonly checkedOutMinutesAgo?: number } = {}) {
  const now = Date.now();
  const checkedOut = visit.checkedOutMinutesAgo;
  await app.db
    .insertInto('check_ins')
    .values({
      id: randomUUID(),
      site_id: siteId,
      user_id: userId,
      created_at: new Date(now - (visit.minutesAgo ?? 1) * 60_000),
      checked_out_at: checkedOut === undefined ? null : new Date(now - checkedOut * 60_000),
      checkout_kind: checkedOut === undefined ? null : 'self',
    })
    .execute();
}

export const typed = (name: string, revision = 1): SwmsSignOnRequest => ({ revision, signature: { kind: 'typed', name }, confirmed: true });
export const drawn = (revision = 1, wave = 0): SwmsSignOnRequest => ({ revision, signature: { kind: 'drawn', image: drawnSignature(wave) }, confirmed: true });

export const signOnUrl = (siteId: string, swmsId: string) => `/api/site/${siteId}/swms/${swmsId}/signon`;

export function signOnCalls(world: () => SignOnWorld) {
  const send = (method: Method, url: string, token?: string, payload?: unknown) => call(world().app, method, url, token, payload);
  const decoded = <A>(result: { ok: true; value: A } | { ok: false; issues: readonly { path: string; message: string }[] }): A => {
    if (!result.ok) throw new Error(`the answer does not match its schema: ${JSON.stringify(result.issues)}`);
    return result.value;
  };
  return {
    send,
    signOn: (worker: { readonly token: string }, body: unknown, swmsId = world().swmsId, siteId = world().siteId) => send('POST', signOnUrl(siteId, swmsId), worker.token, body),
    /** The phone's list of the site's SWMS, decoded with the contract's schema. */
    async toSign(worker: { readonly token: string }, siteId = world().siteId): Promise<SiteSwmsToSign> {
      const response = await send('GET', `/api/site/${siteId}/signons`, worker.token);
      expect(response.statusCode, response.body).toBe(200);
      return decoded(decode(SiteSwmsToSign, response.json()));
    },
    async signOns(viewer: SignedInAccount, swmsId = world().swmsId): Promise<SwmsSignOns> {
      const response = await send('GET', `/api/company/${viewer.companyId}/swms/${swmsId}/signons`, viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      return decoded(decode(SwmsSignOns, response.json()));
    },
    async gaps(viewer: SignedInAccount, siteId = world().siteId): Promise<SignOnGaps> {
      const response = await send('GET', `/api/company/${viewer.companyId}/projectSites/${siteId}/signon-gaps`, viewer.token);
      expect(response.statusCode, response.body).toBe(200);
      return decoded(decode(SignOnGaps, response.json()));
    },
    /** The author sends the SWMS's next revision; answers its number. */
    async revise(swmsId = world().swmsId, author = world().author, siteId = world().siteId): Promise<number> {
      const response = await send('POST', `/api/site/${siteId}/swms/${swmsId}/revisions`, author.token, completeSwms());
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ revision: number }>().revision;
    },
    /** The author submits another SWMS at the site; answers its id. */
    async submit(author = world().author, siteId = world().siteId): Promise<string> {
      const response = await send('POST', `/api/site/${siteId}/swms`, author.token, completeSwms());
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Swms>()._id;
    },
  };
}

/** Builds the world on an app: the demo data, a new site the demo supervisor supervises, its author and their SWMS. */
export async function signOnWorld(app: FastifyInstance): Promise<SignOnWorld> {
  await app.reviewDigest.stop();
  await seedDemo(app.db, app.storage);
  const admin = await signedInAccount(app, 'admin@harbourbuild.demo');
  const supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
  const otherSupervisor = await signedInAccount(app, 'supervisor2@harbourbuild.demo');
  const role = await app.db
    .selectFrom('user_roles')
    .select('id')
    .where('user_id', '=', supervisor.userId)
    .where('company_id', '=', admin.companyId)
    .where('role', '=', 'CompanySupervisor')
    .executeTakeFirstOrThrow();
  const site = await call(app, 'POST', `/api/company/${admin.companyId}/projectSites`, admin.token, {
    address: '8 Sign St',
    suburb: 'Parramatta',
    postcode: '2150',
    siteNumber: `SO-${randomUUID().slice(0, 6)}`,
    clientName: 'Westfield',
    ppe: ['hard_hat'],
    supervisor: role.id,
  });
  expect(site.statusCode, site.body).toBe(201);
  const siteId = site.json<{ _id: string }>()._id;
  const otherSite = await app.db
    .selectFrom('project_sites as p')
    .leftJoin('user_roles as r', 'r.id', 'p.supervisor_role_id')
    .select('p.id')
    .where('p.company_id', '=', admin.companyId)
    .where('p.id', '!=', siteId)
    .where((eb) => eb.or([eb('r.user_id', 'is', null), eb('r.user_id', '!=', supervisor.userId)]))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const author = await newWorker(app, siteId, { minutesAgo: 30 });
  const submitted = await call(app, 'POST', `/api/site/${siteId}/swms`, author.token, completeSwms());
  expect(submitted.statusCode, submitted.body).toBe(201);
  return {
    app,
    admin,
    supervisor,
    otherSupervisor,
    auditor: await signedInAccount(app, 'auditor@harbourbuild.demo'),
    otherAdmin: await signedInAccount(app, 'admin@ridgeline.demo'),
    siteId,
    otherSiteId: otherSite.id,
    author,
    swmsId: submitted.json<Swms>()._id,
  };
}
