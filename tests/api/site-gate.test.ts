import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditorReadOnly } from '../../src/domain/roles';
import { ppeLabels, type Ppe } from '../../src/domain/ppe';
import { projectSiteMessages } from '../../src/domain/project-site';
import { checkInPath } from '../../src/domain/check-in-page';
import { OnSiteList, siteVisitMessages, type ActiveCheckIn, type EndedCheckIn, type SiteQr } from '../../src/domain/site-visit';
import { decode } from '../../src/domain/decode';
import { runCli, type CliApps } from '../../server/cli';
import { evacuationText } from '../../server/pdf/evacuation-list';
import { posterQrBox, posterText } from '../../server/pdf/site-poster';
import { placeQr, qrMatrix } from '../../server/pdf/qr-code';
import { seedDemo } from '../../server/seed/demo';
import { listenLive, pdfText, renderFirstPage, siteByNumber, siteKey, tradesPerson } from './site-visit-fixtures';
import { createTestApp, signedInAccount, type SignedInAccount, type TestApp } from './test-app';
import { call, answer } from './calls';

let testApp: TestApp;
let app: FastifyInstance;
let workDir: string;
let admin: SignedInAccount;
let supervisor: SignedInAccount;
let auditor: SignedInAccount;
let stranger: SignedInAccount;
let companyId: string;
let site: Awaited<ReturnType<typeof siteByNumber>>;
let foreignSiteId: string;

const gate = (siteId: string, rest: string, company = companyId) => `/api/company/${company}/projectSites/${siteId}/${rest}`;
function onSite(value: unknown): OnSiteList {
  const result = decode(OnSiteList, value);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-site-gate-'));
  testApp = await createTestApp({ publicUrl: 'https://portal.example.com.au' });
  app = testApp.app;
  await seedDemo(app.db, app.storage);
  admin = await signedInAccount(app, 'admin@harbourbuild.demo');
  supervisor = await signedInAccount(app, 'supervisor@harbourbuild.demo');
  auditor = await signedInAccount(app, 'auditor@harbourbuild.demo');
  stranger = await signedInAccount(app, 'admin@ridgeline.demo');
  companyId = admin.companyId;
  site = await siteByNumber(app, 'HB-1042');
  foreignSiteId = (await app.db.selectFrom('project_sites').select('id').where('company_id', '=', stranger.companyId).executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  await testApp.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('the site’s QR code', () => {
  it('answers the check-in address built from PUBLIC_URL with the site’s current key, to its admins and supervisors', async () => {
    const key = await siteKey(app, site.id);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    for (const account of [admin, supervisor]) {
      const response = await call(app, 'GET', gate(site.id, 'qr'), account.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SiteQr>()).toEqual({ url: `https://portal.example.com.au${checkInPath(site.id, key)}` });
      expect(response.json<SiteQr>().url).toBe(`https://portal.example.com.au/site/${site.id}/check-in?key=${key}`);
    }
  });

  it('is not for auditors, other companies or tradespeople', async () => {
    const tradie = await signedInAccount(app, 'tradie1@trades.demo');
    expect((await call(app, 'GET', gate(site.id, 'qr'), auditor.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', gate(site.id, 'qr'), tradie.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', gate(site.id, 'qr'), stranger.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', gate(site.id, 'qr'))).statusCode).toBe(401);
  });

  it('answers a site of another company, or none, exactly as the site details route does', async () => {
    for (const siteId of [foreignSiteId, randomUUID()]) {
      const details = answer(await call(app, 'GET', `/api/company/${companyId}/projectSites/${siteId}`, admin.token));
      expect(details).toEqual({ statusCode: 404, body: projectSiteMessages.notFound });
      for (const [method, rest] of [
        ['GET', 'qr'],
        ['POST', 'qr'],
        ['GET', 'poster.pdf'],
        ['GET', 'onsite'],
        ['GET', 'evacuation.pdf'],
        ['POST', `onsite/${randomUUID()}/checkout`],
      ] as const) {
        expect(answer(await call(app, method, gate(siteId, rest), admin.token)), `${method} ${rest}`).toEqual(details);
      }
    }
    const strangerDetails = answer(await call(app, 'GET', `/api/company/${companyId}/projectSites/${site.id}`, stranger.token));
    expect(answer(await call(app, 'GET', gate(site.id, 'qr'), stranger.token))).toEqual(strangerDetails);
    expect(answer(await call(app, 'GET', gate(site.id, 'onsite'), stranger.token))).toEqual(strangerDetails);
    const malformed = answer(await call(app, 'GET', `/api/company/${companyId}/projectSites/not-an-id`, admin.token));
    expect(answer(await call(app, 'GET', gate('not-an-id', 'qr'), admin.token))).toEqual(malformed);
  });

  it('is replaced by a new key: old posters then answer 403 with the exact message everywhere, and the change is recorded', async () => {
    const replaced = await siteByNumber(app, 'HB-1047');
    const oldKey = await siteKey(app, replaced.id);
    const tradie = await tradesPerson(app, 'poster-reader@example.com');
    expect((await call(app, 'GET', `/api/site/${replaced.id}?key=${oldKey}`)).statusCode).toBe(200);

    const live = listenLive(app, companyId);
    const response = await call(app, 'POST', gate(replaced.id, 'qr'), supervisor.token);
    expect(response.statusCode, response.body).toBe(200);
    const newKey = await siteKey(app, replaced.id);
    expect(newKey).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey).not.toBe(oldKey);
    expect(response.json<SiteQr>().url).toBe(`https://portal.example.com.au/site/${replaced.id}/check-in?key=${newKey}`);
    expect((await call(app, 'GET', gate(replaced.id, 'qr'), admin.token)).json<SiteQr>()).toEqual(response.json());
    await expect.poll(() => live.count('sites')).toBe(1);
    live.stop();

    const refusals = [
      await call(app, 'GET', `/api/site/${replaced.id}?key=${oldKey}`),
      await call(app, 'GET', `/api/site/${replaced.id}?key=${oldKey}`, tradie.token),
      await call(app, 'POST', `/api/site/${replaced.id}/join`, tradie.token, { key: oldKey }),
      await call(app, 'POST', `/api/site/${replaced.id}/checkin`, tradie.token, { key: oldKey, ppeConfirmed: true }),
      await call(app, 'POST', `/api/site/${replaced.id}/checkout`, tradie.token, { key: oldKey }),
    ];
    for (const refusal of refusals) expect(answer(refusal)).toEqual({ statusCode: 403, body: 'This site QR code is no longer valid' });
    expect((await call(app, 'GET', `/api/site/${replaced.id}?key=${newKey}`)).statusCode).toBe(200);

    const events = await app.db.selectFrom('audit_events').selectAll().where('action', '=', 'site.qrReplaced').where('entity_id', '=', replaced.id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_user_id: supervisor.userId, entity: 'project_site', chain: companyId, detail: {} });
    expect(JSON.stringify(events[0])).not.toContain(newKey);
    expect(JSON.stringify(events[0])).not.toContain(oldKey);
  });

  it('cannot be replaced by an auditor (read-only)', async () => {
    expect(answer(await call(app, 'POST', gate(site.id, 'qr'), auditor.token))).toEqual({ statusCode: 403, body: auditorReadOnly });
  });
});

describe('GET …/poster.pdf', () => {
  it('is an A4 poster with the heading, company, address, job number, PPE, instructions and the check-in address', async () => {
    const response = await call(app, 'GET', gate(site.id, 'poster.pdf'), supervisor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="site-poster-HB-1042.pdf"');
    const text = await pdfText(workDir, response.rawPayload, 'poster');
    const company = await app.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
    const url = `https://portal.example.com.au/site/${site.id}/check-in?key=${await siteKey(app, site.id)}`;
    for (const expected of [
      posterText.heading,
      company.name,
      `${site.address}, ${site.suburb} ${site.postcode}`,
      'Job No. HB-1042',
      'Scan with your phone camera to check in and submit your SWMS.',
      'No app needed.',
      url,
      ...site.ppe.map((item) => ppeLabels[item as Ppe]),
    ]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    expect(site.ppe.length).toBeGreaterThan(0);
    if (site.other_ppe) expect(text.replace(/\s+/g, ' ')).toContain(`Other PPE: ${site.other_ppe.slice(0, 30)}`);
    expect((await pdfInfoPages(response.rawPayload)).pages).toBe(1);
  });

  it('draws the QR code of the current check-in address, module for module', async () => {
    const url = (await call(app, 'GET', gate(site.id, 'qr'), admin.token)).json<SiteQr>().url;
    const response = await call(app, 'GET', gate(site.id, 'poster.pdf'), admin.token);
    const page = await renderFirstPage(workDir, response.rawPayload, 'poster-render');
    // A4 at 72 dpi: one pixel per point (pdftoppm rounds the 595.28 pt width up).
    expect(page.width).toBeGreaterThanOrEqual(595);
    expect(page.width).toBeLessThanOrEqual(596);
    expect(page.height).toBe(842);
    const placement = placeQr(qrMatrix(url), posterQrBox.left, posterQrBox.top, posterQrBox.side);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const mismatches: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        const x = placement.x + (column + 0.5) * placement.moduleSize;
        const y = placement.y + (row + 0.5) * placement.moduleSize;
        const dark = page.grey(x, y) < 128;
        if (dark !== (modules.get(row, column) === 1)) mismatches.push(`${row},${column}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The quiet zone around the symbol is white.
    for (let offset = 1; offset < 4 * placement.moduleSize; offset += 2) {
      expect(page.grey(placement.x - offset, placement.y + 10)).toBeGreaterThan(200);
      expect(page.grey(placement.x + 10, placement.y - offset)).toBeGreaterThan(200);
    }
  });

  it('is for the company’s admins and supervisors only', async () => {
    expect((await call(app, 'GET', gate(site.id, 'poster.pdf'), auditor.token)).statusCode).toBe(403);
    expect((await call(app, 'GET', gate(site.id, 'poster.pdf'), stranger.token)).statusCode).toBe(403);
  });
});

async function pdfInfoPages(bytes: Buffer): Promise<{ pages: number }> {
  const { execFile } = await import('node:child_process');
  const { writeFileSync } = await import('node:fs');
  const file = path.join(workDir, `info-${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const output = await new Promise<string>((resolve, reject) => execFile('pdfinfo', [file], (error, stdout) => (error ? reject(error) : resolve(stdout))));
  return { pages: Number(/Pages:\s+(\d+)/.exec(output)?.[1] ?? 0) };
}

describe('who is on site now', () => {
  let onSiteSite: Awaited<ReturnType<typeof siteByNumber>>;
  let key: string;

  beforeAll(async () => {
    onSiteSite = await siteByNumber(app, 'HB-1053');
    key = await siteKey(app, onSiteSite.id);
  });

  const onSiteNow = async (account: SignedInAccount = admin) => {
    const response = await call(app, 'GET', gate(onSiteSite.id, 'onsite'), account.token);
    expect(response.statusCode, response.body).toBe(200);
    return onSite(response.json());
  };

  it('lists a tradesperson from check-in to check-out, with name, trade, phone, emergency contact and time in', async () => {
    expect(await onSiteNow()).toEqual({ siteId: onSiteSite.id, count: 0, people: [] });
    const person = await tradesPerson(app, 'sparky@example.com', { firstName: 'Ruby', surname: 'Okafor', trade: 'Electrician', phone: '0411222333' });
    const checkedIn = (await call(app, 'POST', `/api/site/${onSiteSite.id}/checkin`, person.token, { key, ppeConfirmed: true })).json<ActiveCheckIn>();

    for (const account of [admin, supervisor, auditor]) {
      expect(await onSiteNow(account)).toEqual({
        siteId: onSiteSite.id,
        count: 1,
        people: [
          {
            checkInId: checkedIn._id,
            userId: person.userId,
            firstName: 'Ruby',
            surname: 'Okafor',
            trade: 'Electrician',
            phone: '0411222333',
            emergencyContactName: 'Alex Nguyen',
            emergencyContactPhone: '0498765432',
            checkedInAt: checkedIn.checkedInAt,
          },
        ],
      });
    }
    expect((await call(app, 'POST', `/api/site/${onSiteSite.id}/checkout`, person.token)).statusCode).toBe(200);
    expect((await onSiteNow()).count).toBe(0);
  });

  it('lists the newest first and leaves out a check-in from before midnight site time that is still open', async () => {
    const early = await tradesPerson(app, 'early@example.com', { firstName: 'Early' });
    const late = await tradesPerson(app, 'late-comer@example.com', { firstName: 'Late' });
    const stale = await tradesPerson(app, 'stale@example.com', { firstName: 'Stale' });
    await app.db.insertInto('check_ins').values({ id: randomUUID(), site_id: onSiteSite.id, user_id: stale.userId, created_at: new Date(Date.now() - 26 * 3_600_000) }).execute();
    await call(app, 'POST', `/api/site/${onSiteSite.id}/checkin`, early.token, { key, ppeConfirmed: true });
    await call(app, 'POST', `/api/site/${onSiteSite.id}/checkin`, late.token, { key, ppeConfirmed: true });
    const list = await onSiteNow();
    expect(list.people.map((person) => person.firstName)).toEqual(['Late', 'Early']);
    expect(list.count).toBe(2);
    for (const person of [early, late]) await call(app, 'POST', `/api/site/${onSiteSite.id}/checkout`, person.token);
  });

  it('lets an admin or supervisor check someone out by hand, recorded as theirs, and tells the open screens', async () => {
    const person = await tradesPerson(app, 'forgot@example.com', { firstName: 'Forgetful', surname: 'Fred' });
    const checkedIn = (await call(app, 'POST', `/api/site/${onSiteSite.id}/checkin`, person.token, { key, ppeConfirmed: true })).json<ActiveCheckIn>();
    const url = gate(onSiteSite.id, `onsite/${checkedIn._id}/checkout`);

    expect(answer(await call(app, 'POST', url, auditor.token))).toEqual({ statusCode: 403, body: auditorReadOnly });
    expect((await call(app, 'POST', gate(onSiteSite.id, `onsite/${checkedIn._id}/checkout`, stranger.companyId), stranger.token)).statusCode).toBe(404);
    expect((await call(app, 'POST', url, stranger.token)).statusCode).toBe(403);
    expect((await call(app, 'POST', url, person.token)).statusCode).toBe(403);

    const live = listenLive(app, companyId);
    const response = await call(app, 'POST', url, supervisor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EndedCheckIn>()).toMatchObject({ _id: checkedIn._id, siteId: onSiteSite.id, checkedInAt: checkedIn.checkedInAt, checkoutKind: 'manual' });
    await expect.poll(() => live.count('onsite')).toBeGreaterThanOrEqual(1);
    live.stop();
    expect((await onSiteNow()).count).toBe(0);
    const row = await app.db.selectFrom('check_ins').selectAll().where('id', '=', checkedIn._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ checkout_kind: 'manual', checked_out_by: supervisor.userId });
    const events = await app.db.selectFrom('audit_events').selectAll().where('action', '=', 'checkIn.closedByHand').execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_user_id: supervisor.userId,
      actor_role: 'CompanySupervisor',
      entity: 'project_site',
      entity_id: onSiteSite.id,
      chain: companyId,
      detail: { checkInId: checkedIn._id, tradesPersonId: person.userId, name: 'Forgetful Fred', checkoutKind: 'manual' },
    });

    expect(answer(await call(app, 'POST', url, admin.token))).toEqual({ statusCode: 404, body: siteVisitMessages.checkInNotFound });
    expect(answer(await call(app, 'POST', gate(onSiteSite.id, `onsite/${randomUUID()}/checkout`), admin.token))).toEqual({ statusCode: 404, body: siteVisitMessages.checkInNotFound });
    expect(answer(await call(app, 'POST', gate(onSiteSite.id, 'onsite/not-an-id/checkout'), admin.token))).toEqual({ statusCode: 404, body: siteVisitMessages.checkInNotFound });
    const tradesAnswer = await call(app, 'POST', `/api/site/${onSiteSite.id}/checkout`, person.token);
    expect(answer(tradesAnswer)).toEqual({ statusCode: 409, body: siteVisitMessages.notCheckedIn });
  });

  it('refuses to check out by hand a check-in of another site of the company', async () => {
    const person = await tradesPerson(app, 'elsewhere@example.com');
    const checkedIn = (
      await call(app, 'POST', `/api/site/${site.id}/checkin`, person.token, { key: await siteKey(app, site.id), ppeConfirmed: true })
    ).json<ActiveCheckIn>();
    const response = await call(app, 'POST', gate(onSiteSite.id, `onsite/${checkedIn._id}/checkout`), admin.token);
    expect(answer(response)).toEqual({ statusCode: 404, body: siteVisitMessages.checkInNotFound });
    expect((await call(app, 'POST', gate(site.id, `onsite/${checkedIn._id}/checkout`), admin.token)).statusCode).toBe(200);
  });
});

describe('GET …/evacuation.pdf', () => {
  it('lists everyone on site now with phones, emergency contacts and a tick box, for readers of the company', async () => {
    const evacuated = await siteByNumber(app, 'HB-1036');
    const key = await siteKey(app, evacuated.id);
    const first = await tradesPerson(app, 'muster-one@example.com', { firstName: 'Ava', surname: 'Singh', trade: 'Plumber', phone: '0400111222' });
    const second = await tradesPerson(app, 'muster-two@example.com', { firstName: 'Noah', surname: 'Kelly', trade: 'Carpenter', phone: '0400333444' });
    for (const person of [first, second]) await call(app, 'POST', `/api/site/${evacuated.id}/checkin`, person.token, { key, ppeConfirmed: true });

    const response = await call(app, 'GET', gate(evacuated.id, 'evacuation.pdf'), auditor.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="evacuation-HB-1036-\d{4}-\d{2}-\d{2}-\d{4}\.pdf"$/);
    const text = (await pdfText(workDir, response.rawPayload, 'evacuation')).replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Evacuation list',
      `${evacuated.address}, ${evacuated.suburb} ${evacuated.postcode}`,
      'Job No. HB-1036',
      'On site now: 2',
      'Ava Singh',
      'Plumber',
      '0400111222',
      'Noah Kelly',
      'Carpenter',
      '0400333444',
      'Alex Nguyen',
      '0498765432',
      'EMERGENCY CONTACT',
      'TIME IN',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Issue 55 §3: the print time and each time in are on the site's clock (a Sydney postcode), named.
    expect(text).toMatch(/Printed \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} AE[SD]T/);
    expect(text.match(/\b\d{2}:\d{2} AE[SD]T\b/g)?.length).toBeGreaterThanOrEqual(3);
    for (const person of [first, second]) await call(app, 'POST', `/api/site/${evacuated.id}/checkout`, person.token);
  });

  it('repeats the header on every page of a long list', async () => {
    const crowded = await siteByNumber(app, 'HB-1029');
    const people = [];
    for (let index = 0; index < 45; index += 1) {
      people.push(await tradesPerson(app, `crowd-${index}@example.com`, { firstName: `Worker${index}`, surname: 'Crowd' }));
    }
    await app.db
      .insertInto('check_ins')
      .values(people.map((person) => ({ id: randomUUID(), site_id: crowded.id, user_id: person.userId, created_at: new Date() })))
      .execute();
    const response = await call(app, 'GET', gate(crowded.id, 'evacuation.pdf'), admin.token);
    const pages = (await pdfInfoPages(response.rawPayload)).pages;
    expect(pages).toBeGreaterThan(1);
    const text = await pdfText(workDir, response.rawPayload, 'evacuation-long');
    const pageTexts = text.split('\f').filter((page) => page.trim());
    expect(pageTexts).toHaveLength(pages);
    for (const page of pageTexts) {
      expect(page).toContain(evacuationText.title);
      expect(page).toContain('On site now: 45');
      expect(page).toContain('EMERGENCY CONTACT');
    }
    for (let index = 0; index < 45; index += 1) expect(text).toContain(`Worker${index} Crowd`);
  });

  it('says so when nobody is on site, and is refused to other companies', async () => {
    const empty = await siteByNumber(app, 'HB-1058');
    const response = await call(app, 'GET', gate(empty.id, 'evacuation.pdf'), supervisor.token);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(workDir, response.rawPayload, 'evacuation-empty');
    expect(text).toContain('On site now: 0');
    expect(text).toContain('No Data Found');
    expect((await call(app, 'GET', gate(empty.id, 'evacuation.pdf'), stranger.token)).statusCode).toBe(403);
  });
});

describe('npm run cli -- site link', () => {
  async function cli(...args: string[]) {
    const apps: CliApps = { accounts: async () => ({ app, close: async () => {} }), everything: async () => ({ app, close: async () => {} }) };
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(args, { out: (text) => out.push(text), err: (text) => err.push(text) }, apps);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('prints the site’s check-in address by job number or id, as the QR code carries it', async () => {
    const url = (await call(app, 'GET', gate(site.id, 'qr'), admin.token)).json<SiteQr>().url;
    expect(await cli('site', 'link', 'HB-1042')).toEqual({ code: 0, out: url, err: '' });
    expect(await cli('site', 'link', 'hb-1042')).toEqual({ code: 0, out: url, err: '' });
    expect(await cli('site', 'link', site.id)).toEqual({ code: 0, out: url, err: '' });
  });

  it('fails with a message for an unknown site, and shows the usage without one', async () => {
    expect(await cli('site', 'link', 'NOPE-1')).toMatchObject({ code: 1, err: 'No project site has the job number or id NOPE-1' });
    expect((await cli('site', 'link')).code).toBe(2);
  });
});
