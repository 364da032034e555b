import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAzurite, type RunningAzurite } from '../../server/storage/azurite';
import { hoppingBrowser, type Answer } from '../support/hopping-browser';
import { companyBody } from '../support/company-body';
import { runCliProcess, startPortal, type PortalProcess } from '../support/portal-process';
import { describeOnPostgres } from '../support/on-postgres';

const server = process.env.TEST_DATABASE_URL;
const publicUrl = 'http://portal.test';

async function onServer(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

const location = (answer: Answer) => String(answer.headers.location);
const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Opens a company's live-update stream on one instance and collects the events it sends. */
function liveStream(instance: string, companyId: string, token: string) {
  const events: string[] = [];
  let onEvent = () => {};
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(`${instance}/api/company/${companyId}/live`, { headers: { authorization: `Bearer ${token}`, host: 'portal.test' } }, resolve);
    request.on('error', reject);
  });
  void opened.then((response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      for (const block of chunk.split('\n\n')) {
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) events.push(data);
      }
      onEvent();
    });
  });
  return {
    opened,
    events,
    next: (count: number, timeoutMs = 5000) =>
      new Promise<string[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${events.length} live events within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (events.length < count) return;
          clearTimeout(timer);
          resolve(events.slice());
        };
        onEvent = check;
        check();
      }),
    close: async () => (await opened).destroy(),
  };
}

describeOnPostgres('two instances behind a load balancer on one PostgreSQL and one blob store', { timeout: 180_000 }, () => {
  const database = `portal_instances_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let azurite: RunningAzurite;
  let a: PortalProcess;
  let b: PortalProcess;
  let databaseUrl = '';

  beforeAll(async () => {
    await onServer((client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(server ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.href;
    const blobDir = mkdtempSync(path.join(os.tmpdir(), 'portal-shared-blobs-'));
    dataDirs.push(blobDir);
    azurite = await startAzurite(blobDir);
    const instance = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-instance-'));
      dataDirs.push(dataDir);
      return startPortal({
        DATABASE_URL: url.href,
        AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
      });
    };
    // Started together: they take turns to migrate and only one loads the demo data.
    [a, b] = await Promise.all([instance(), instance()]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await azurite?.stop();
    await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('signs in with each step on the other instance, works and refreshes through either, and hears live updates from the other', async () => {
    const browser = hoppingBrowser(publicUrl);
    const [one, other] = [a.baseUrl, b.baseUrl];

    const login = await browser.request(one, 'GET', '/api/auth/login/google');
    expect(login.status).toBe(302);
    expect(location(login)).toMatch(new RegExp(`^${publicUrl}/oidc/auth\\?`));
    const authorise = await browser.request(other, 'GET', location(login));
    expect(authorise.status).toBe(303);
    const page = await browser.request(one, 'GET', location(authorise));
    expect(page.body).toContain('<h1>Development sign-in</h1>');
    const action = /<form method="post" action="([^"]+\/login)"/.exec(page.body)?.[1] ?? '';
    const chosen = await browser.request(other, 'POST', action, {
      body: new URLSearchParams({ email: 'admin@harbourbuild.demo' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(chosen.status).toBe(303);
    const resumed = await browser.request(one, 'GET', location(chosen));
    expect(resumed.status).toBe(303);
    const callback = await browser.request(other, 'GET', location(resumed));
    expect(callback.status).toBe(302);
    const code = new URL(location(callback)).searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const exchanged = await browser.request(one, 'POST', '/api/auth/token', { body: JSON.stringify({ code }), headers: { 'content-type': 'application/json' } });
    expect(exchanged.status).toBe(200);
    const { token } = JSON.parse(exchanged.body) as { token: string };
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { roles: string[]; company: string };
    expect(payload.roles).toEqual(['CompanyAdmin']);

    const sites = await browser.request(other, 'GET', `/api/company/${payload.company}/projectSites`, { headers: json(token) });
    expect(sites.status).toBe(200);
    const site = (JSON.parse(sites.body) as { items: Array<{ _id: string; status: string }> }).items[0];
    expect(site).toBeDefined();

    const refreshed = await browser.request(other, 'POST', '/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    const fresh = (JSON.parse(refreshed.body) as { token: string }).token;
    const refreshedAgain = await browser.request(one, 'POST', '/api/auth/refresh');
    expect(refreshedAgain.status).toBe(200);

    const onOther = liveStream(other, payload.company, fresh);
    const onOne = liveStream(one, payload.company, fresh);
    expect((await onOther.opened).statusCode).toBe(200);
    expect((await onOne.opened).statusCode).toBe(200);
    const status = site?.status === 'on_hold' ? 'ongoing' : 'on_hold';
    const changed = await browser.request(one, 'PATCH', `/api/company/${payload.company}/projectSites/${site?._id}/status`, {
      body: JSON.stringify({ status }),
      headers: json(fresh),
    });
    expect(changed.status).toBe(200);
    expect(await onOther.next(1)).toEqual(['{"topic":"sites"}']);
    expect(await onOne.next(1)).toEqual(['{"topic":"sites"}']);
    await Promise.all([onOther.close(), onOne.close()]);

    const companies = await browser.request(other, 'GET', `/api/company/${payload.company}`, { headers: json(fresh) });
    expect(companies.status).toBe(200);
  });

  it('loaded the demo data once although both instances started on the empty database together', async () => {
    const url = new URL(server ?? '');
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    const companies = await client.query<{ count: string }>('SELECT count(*) FROM companies').finally(() => client.end());
    expect(Number(companies.rows[0]?.count)).toBe(2);
  });

  it("refuses a deleted client's users on the other instance at once, after it served them", async () => {
    const env = { DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl };
    const tokenFor = async (email: string) => (await runCliProcess(['token', email], env)).stdout.trim().split('\n').at(-1) ?? '';
    const superToken = await tokenFor('super@sitesafe.demo');
    const browser = hoppingBrowser(publicUrl);
    const created = await browser.request(a.baseUrl, 'POST', '/api/company', { headers: json(superToken), body: JSON.stringify(companyBody()) });
    expect(created.status).toBe(201);
    const companyId = (JSON.parse(created.body) as { _id: string })._id;
    const adminEmail = `admin.${randomBytes(4).toString('hex')}@instances.test`;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const user = await db.query<{ id: string }>(`INSERT INTO users (id, email) VALUES (gen_random_uuid(), $1) RETURNING id`, [adminEmail]);
      await db.query(`INSERT INTO user_roles (id, user_id, company_id, role, status, accepted_at) VALUES (gen_random_uuid(), $1, $2, 'CompanyAdmin', 'active', now())`, [
        user.rows[0]?.id,
        companyId,
      ]);
    } finally {
      await db.end();
    }
    const adminToken = await tokenFor(adminEmail);
    const read = () => browser.request(b.baseUrl, 'GET', `/api/company/${companyId}`, { headers: json(adminToken) });
    // Served on the other instance first: whatever it keeps of the company must not outlive the deletion.
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);

    const deleted = await browser.request(a.baseUrl, 'DELETE', `/api/company/${companyId}`, { headers: { authorization: `Bearer ${superToken}` } });
    expect(deleted.status).toBe(204);
    const refused = await read();
    expect(refused.status).toBe(401);
    expect(refused.body).toBe('Your company no longer has access');
  });
});
