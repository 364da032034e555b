import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSiteMessages } from '../../src/domain/project-site';
import { describeOnPostgres } from '../support/on-postgres';
import { answer } from './calls';
import { checkInAt, drawn, newWorker, signOnCalls, signOnWorld, typed, type SignOnWorld, type Worker } from './signon-fixtures';
import { listenLive, siteKey } from './site-visit-fixtures';
import { createTestAppOn } from './test-app';

/**
 * Issue 57 §3, the gap list: who is on the site now (checked in today, site time, and not checked out) with no sign-on
 * to the latest revision of any SWMS of the site; 'stale' when they signed only earlier revisions.
 */
function gapsOn(embedded: boolean) {
  let world: SignOnWorld;
  let close: () => Promise<void>;
  const api = signOnCalls(() => world);
  let second: string;
  const named: Record<'signed' | 'stale' | 'missing' | 'otherSwms' | 'checkedOut' | 'yesterday' | 'elsewhere', Worker> = {} as never;

  beforeAll(async () => {
    const test = await createTestAppOn(embedded);
    close = test.close;
    world = await signOnWorld(test.app);
    const { app } = world;
    // A second SWMS of the site; its author is on site and has signed it by writing it.
    second = await api.submit();
    // Each checks in a minute after the one before, so the list's order (newest check-in first) is known.
    named.stale = await newWorker(app, world.siteId, { minutesAgo: 16 });
    named.signed = await newWorker(app, world.siteId, { minutesAgo: 15 });
    named.otherSwms = await newWorker(app, world.siteId, { minutesAgo: 14 });
    named.missing = await newWorker(app, world.siteId, { minutesAgo: 13 });
    named.checkedOut = await newWorker(app, world.siteId, { minutesAgo: 12, checkedOutMinutesAgo: 2 });
    // Still open, but from yesterday: the midnight check-out ends it, and the on-site list leaves it out already.
    named.yesterday = await newWorker(app, world.siteId, { minutesAgo: 26 * 60 });
    named.elsewhere = await newWorker(app, world.otherSiteId, { minutesAgo: 11 });
    await checkInAt(app, named.elsewhere.id, world.siteId, { minutesAgo: 40, checkedOutMinutesAgo: 20 });
    expect((await api.signOn(named.stale, typed('Kai Stale'))).statusCode).toBe(201);
    expect((await api.signOn(named.signed, drawn())).statusCode).toBe(201);
    expect((await api.signOn(named.otherSwms, typed('Kai Other'), second)).statusCode).toBe(201);
    expect((await api.signOn(named.elsewhere, typed('Kai Elsewhere'))).statusCode).toBe(201);
    // The new revision makes the first sign-on stale; the signed worker signs it.
    expect(await api.revise()).toBe(2);
    expect((await api.signOn(named.signed, drawn(2))).statusCode).toBe(201);
  }, 180_000);
  afterAll(async () => close());

  const who = (gaps: Awaited<ReturnType<typeof api.gaps>>) => gaps.items.map((item) => [item.worker._id, item.reason]);

  it('names each worker on site now with no current sign-on, newest check-in first: missing, or stale when they signed an earlier revision', async () => {
    const gaps = await api.gaps(world.admin);
    expect(who(gaps)).toEqual([
      [named.missing.id, 'missing'],
      [named.stale.id, 'stale'],
    ]);
    const [missing, stale] = gaps.items;
    expect(missing?.worker).toEqual({ _id: named.missing.id, firstName: named.missing.firstName, surname: named.missing.surname });
    const visit = await world.app.db.selectFrom('check_ins').select('created_at').where('user_id', '=', named.stale.id).executeTakeFirstOrThrow();
    expect(stale?.checkedInAt).toBe(new Date(visit.created_at).toISOString());
  });

  it('leaves out who signed the latest revision of any SWMS of the site, who checked out, and yesterday’s and another site’s visits', async () => {
    const listed = new Set((await api.gaps(world.admin)).items.map((item) => item.worker._id));
    for (const name of ['signed', 'otherSwms', 'checkedOut', 'yesterday', 'elsewhere'] as const) expect(listed.has(named[name].id), name).toBe(false);
    // The author signed both SWMS by writing them.
    expect(listed.has(world.author.id)).toBe(false);
  });

  it('takes a worker off once they sign the current revision, and puts them on when a check-in brings them back unsigned', async () => {
    const { app, admin } = world;
    const live = listenLive(app, admin.companyId);
    expect((await api.signOn(named.stale, typed('Kai Stale', 2))).statusCode).toBe(201);
    await expect.poll(() => live.count('signons')).toBeGreaterThan(0);
    expect(who(await api.gaps(admin))).toEqual([[named.missing.id, 'missing']]);

    // A newcomer checking in through the gate is announced on 'onsite', which the gap list refreshes on too.
    const newcomer = await newWorker(app, null);
    const checkIn = await api.send('POST', `/api/site/${world.siteId}/checkin`, newcomer.token, { key: await siteKey(app, world.siteId), ppeConfirmed: true, safetyPlanAcknowledged: true });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    await expect.poll(() => live.count('onsite')).toBeGreaterThan(0);
    live.stop();
    expect(who(await api.gaps(admin))).toEqual([
      [newcomer.id, 'missing'],
      [named.missing.id, 'missing'],
    ]);
    // Signing any SWMS of the site is enough; checking out ends the gap too.
    expect((await api.signOn(newcomer, typed('Kai New'), second)).statusCode).toBe(201);
    const out = await api.send('POST', `/api/site/${world.siteId}/checkout`, named.missing.token, {});
    expect(out.statusCode, out.body).toBe(200);
    expect(who(await api.gaps(admin))).toEqual([]);
  });

  it("is read by the company's admins and auditors and the site's supervisor, by no other supervisor, company or tradesperson", async () => {
    const { admin, supervisor, auditor, otherSupervisor, otherAdmin, author } = world;
    const url = (companyId: string, siteId = world.siteId) => `/api/company/${companyId}/projectSites/${siteId}/signon-gaps`;
    const byAdmin = await api.gaps(admin);
    expect(await api.gaps(supervisor)).toEqual(byAdmin);
    expect(await api.gaps(auditor)).toEqual(byAdmin);
    expect(answer(await api.send('GET', url(admin.companyId), otherSupervisor.token))).toEqual({ statusCode: 403, body: 'You are not authorised to view this page' });
    const notFound = { statusCode: 404, body: projectSiteMessages.notFound };
    expect(answer(await api.send('GET', url(otherAdmin.companyId), otherAdmin.token))).toEqual(notFound);
    expect(answer(await api.send('GET', url(admin.companyId, randomUUID()), admin.token))).toEqual(notFound);
    expect((await api.send('GET', url(admin.companyId), otherAdmin.token)).statusCode).toBe(403);
    expect((await api.send('GET', url(admin.companyId), author.token)).statusCode).toBe(403);
    expect((await api.send('GET', url(admin.companyId))).statusCode).toBe(401);
    expect((await api.send('GET', url(admin.companyId, 'not-a-site'), admin.token)).statusCode).toBe(400);
    // The other supervisor reads the gap list of a site they supervise.
    const theirs = await world.app.db
      .selectFrom('project_sites as p')
      .innerJoin('user_roles as r', 'r.id', 'p.supervisor_role_id')
      .select('p.id')
      .where('r.user_id', '=', otherSupervisor.userId)
      .executeTakeFirstOrThrow();
    expect((await api.send('GET', url(admin.companyId, theirs.id), otherSupervisor.token)).statusCode).toBe(200);
  });
}

describe('the sign-on gap list, on PGlite', () => gapsOn(true));
describeOnPostgres('the sign-on gap list, on PostgreSQL', () => gapsOn(false));
