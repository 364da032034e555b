import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInPageFile, checkInPath, drawnPageId, type CheckInPageCopies } from '../../src/domain/check-in-page';
import { loginPageFile, signedInHintCookie } from '../../src/domain/login-page';
import { seedDemo } from '../../server/seed/demo';
import { siteKey } from './site-visit-fixtures';
import { createTestApp, signedInAccount, type TestApp } from './test-app';

/**
 * The pages the portal sends drawn in (server/http/spa-index.ts): the login page at a signed-out visitor's `GET /`, and
 * the check-in page a site poster's QR code opens with its site filled in; every other request gets the plain page.
 */

const loginShell = (root: string) => `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />
<title>SiteSafe Portal</title></head><body><div id="root">${root}</div></body></html>`;
const plainRootPage = loginShell('');
const loginPage = loginShell('<main class="login"><h1>Sign in</h1></main>');

/**
 * Issue 11: a signed-out visitor's `GET /` is the build's copy of the page with the login page drawn
 * in; everything else (a browser holding a session, a sign-in coming back with ?code=, any other
 * route) is the plain page. Both carry the response's CSP nonce; neither is cached.
 */
describe('the page GET / answers', () => {
  let distDir: string;
  let running: TestApp;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), plainRootPage);
    writeFileSync(path.join(distDir, loginPageFile), loginPage);
    running = await createTestApp({ serveSpa: true, distDir });
  });
  afterAll(async () => {
    await running.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, signedIn = false) => running.app.inject({ url, ...(signedIn ? { cookies: { [signedInHintCookie]: '1' } } : {}) });

  it('draws the login page in for a signed-out visitor, with the response’s nonce, never cached', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await running.app.inject({ method, url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Cookie');
      if (method === 'HEAD') continue;
      expect(response.body).toContain('<div id="root"><main class="login">');
      expect(response.body).not.toContain('__CSP_NONCE__');
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
      expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    }
  });

  it('sends the plain page to a browser holding a session, to a sign-in coming back, and on every other route', async () => {
    for (const [url, signedIn] of [['/', true], ['/?code=abc', false], ['/?code=abc', true], ['/clients', false], ['/profile', true]] as const) {
      const response = await get(url, signedIn);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, `${url} ${signedIn}`).toContain('<div id="root"></div>');
      expect(response.headers.vary, url).toBe(url === '/' ? 'Cookie' : undefined);
      expect(response.body, url).not.toContain('__CSP_NONCE__');
    }
  });

  it('never serves the copy as a file of its own, where its nonce placeholder would show', async () => {
    const response = await get(`/${loginPageFile}`);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('__CSP_NONCE__');
  });

  it('sends the plain page at / from a build without the copy', async () => {
    unlinkSync(path.join(distDir, loginPageFile));
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    writeFileSync(path.join(distDir, loginPageFile), loginPage);
  });
});

const gateShell = (root: string) => `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" />
<title>Site Check-In · SiteSafe Portal</title></head><body>${root}<div id="root"></div></body></html>`;
const plainGatePage = gateShell('').replace('Site Check-In · ', '');
const drawn = (job: string, below: string) => `<div id="${drawnPageId}"><p>{{companyName}}</p><h1>{{address}}</h1><p>{{suburb}} {{postcode}}</p>${job}{{statusNotice}}${below}</div>`;
const signInForm = '<form><input type="hidden" name="returnTo" value="{{returnTo}}"/></form>';
const loading = '<p>Loading</p>';
const pair = (below: string) => ({ withJobNumber: gateShell(drawn('<p>Job No. {{siteNumber}}</p>', below)), withoutJobNumber: gateShell(drawn('', below)) });
const notices = { ongoing: '', on_hold: '<p>On hold</p>', completed: '<p>Completed: closed</p>', cancelled: '<p>Cancelled: closed</p>' } as const;
const copies: CheckInPageCopies = { signedOut: pair(signInForm), returning: pair(loading), siteClosed: pair(''), notices };

/**
 * Issue 11: the check-in page a site poster's QR code opens is sent with its site drawn in (src/domain/check-in-page.ts),
 * from the build's copies, for the site's current key only; every text the site's people typed is escaped.
 */
describe('the check-in page a QR code opens', () => {
  let distDir: string;
  let running: TestApp;
  let site: { id: string; key: string; address: string; suburb: string; postcode: string; siteNumber: string; companyName: string };

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), plainGatePage);
    writeFileSync(path.join(distDir, checkInPageFile), JSON.stringify(copies));
    running = await createTestApp({ serveSpa: true, distDir });
    const { app } = running;
    await seedDemo(app.db, app.storage);
    const { companyId } = await signedInAccount(app, 'admin@harbourbuild.demo');
    const row = await app.db
      .selectFrom('project_sites as ps')
      .innerJoin('companies as c', 'c.id', 'ps.company_id')
      .select(['ps.id', 'ps.address', 'ps.suburb', 'ps.postcode', 'ps.site_number', 'c.name'])
      .where('ps.company_id', '=', companyId)
      .where('ps.site_number', '!=', '')
      .where('ps.status', '=', 'ongoing')
      .orderBy('ps.site_number')
      .executeTakeFirstOrThrow();
    site = { id: row.id, key: await siteKey(app, row.id), address: row.address, suburb: row.suburb, postcode: row.postcode, siteNumber: row.site_number, companyName: row.name };
  }, 120_000);
  afterAll(async () => {
    await running.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string) => running.app.inject({ url });
  const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1];

  it('draws the site its current key names, with the response’s nonce, never cached, signed in or not', async () => {
    const drawnSite = `<div id="${drawnPageId}"><p>${site.companyName}</p><h1>${site.address}</h1><p>${site.suburb} ${site.postcode}</p><p>Job No. ${site.siteNumber}</p>`;
    const browsers: { cookies: Record<string, string>; below: string }[] = [
      // A browser holding no session: the sign-in, which comes back to this page.
      { cookies: {}, below: `<form><input type="hidden" name="returnTo" value="${checkInPath(site.id, site.key)}"/></form>` },
      // One that holds a session (the app's hint): the loading state until the app knows who it is.
      { cookies: { [signedInHintCookie]: '1' }, below: loading },
    ];
    for (const { cookies, below } of browsers) {
      const response = await running.app.inject({ url: checkInPath(site.id, site.key), cookies });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`${drawnSite}${below}</div><div id="root"></div>`);
      expect(response.body).toContain('<title>Site Check-In · SiteSafe Portal</title>');
      expect(response.body).not.toMatch(/\{\{|__CSP_NONCE__/);
      expect(response.headers['content-security-policy']).toContain(`'nonce-${nonceOf(response.body)}'`);
    }
    // The address with a trailing slash draws too, and its sign-in comes back to the page's one address.
    const slashed = (await get(checkInPath(site.id, site.key).replace('?', '/?'))).body;
    expect(slashed).toContain(`<h1>${site.address}</h1>`);
    expect(slashed).toContain(`value="${checkInPath(site.id, site.key)}"`);
  });

  it('escapes what the site’s people typed, fills each field once, and leaves out a job number the site has not got', async () => {
    await running.app.db
      .updateTable('project_sites')
      .set({ address: '<img src=x onerror=alert(1)> & "Co" {{postcode}}', suburb: '', site_number: '' })
      .where('id', '=', site.id)
      .execute();
    try {
      const { body } = await get(checkInPath(site.id, site.key));
      expect(body).toContain(`<h1>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; {{postcode}}</h1><p> ${site.postcode}</p>${signInForm.replace('{{returnTo}}', checkInPath(site.id, site.key))}</div>`);
      expect(body).not.toContain('<img');
      expect(body).not.toContain('Job No.');
    } finally {
      await running.app.db
        .updateTable('project_sites')
        .set({ address: site.address, suburb: site.suburb, site_number: site.siteNumber })
        .where('id', '=', site.id)
        .execute();
    }
  });

  it('says a site is on hold above its way in, and that a completed or cancelled one is closed, with nothing to sign in to', async () => {
    const drawnSite = `<p>Job No. ${site.siteNumber}</p>`;
    const signIn = signInForm.replace('{{returnTo}}', checkInPath(site.id, site.key));
    const cases = [
      { status: 'on_hold', cookies: {}, after: `${notices.on_hold}${signIn}</div>` },
      { status: 'on_hold', cookies: { [signedInHintCookie]: '1' }, after: `${notices.on_hold}${loading}</div>` },
      { status: 'cancelled', cookies: {}, after: `${notices.cancelled}</div>` },
      { status: 'completed', cookies: { [signedInHintCookie]: '1' }, after: `${notices.completed}</div>` },
      { status: 'ongoing', cookies: {}, after: `${drawnSite}${signIn}</div>` },
    ] as const;
    try {
      for (const { status, cookies, after } of cases) {
        await running.app.db.updateTable('project_sites').set({ status }).where('id', '=', site.id).execute();
        const { body } = await running.app.inject({ url: checkInPath(site.id, site.key), cookies });
        expect(body, status).toContain(status === 'ongoing' ? after : `${drawnSite}${after}`);
        expect(body, status).not.toMatch(/\{\{/);
      }
    } finally {
      await running.app.db.updateTable('project_sites').set({ status: 'ongoing' }).where('id', '=', site.id).execute();
    }
  });

  it('sends the plain page for a wrong, missing or malformed key or site, so it tells no more than the gate’s API', async () => {
    const urls = [
      checkInPath(site.id, 'f'.repeat(32)),
      `/site/${site.id}/check-in`,
      checkInPath('not-a-site', site.key),
      checkInPath('00000000-0000-4000-8000-000000000000', site.key),
      `/site/${site.id}/check-in/more?key=${site.key}`,
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(drawnPageId);
      expect(response.body, url).toContain('<title>SiteSafe Portal</title>');
    }
    // An address that is not even a URL is refused before any page is chosen.
    const broken = await get(`/site/%E0%A4%A/check-in?key=${site.key}`);
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toContain(drawnPageId);
  });

  it('never serves the copies as a file of their own', async () => {
    const response = await get(`/${checkInPageFile}`);
    expect(response.body).not.toContain('withJobNumber');
    expect(response.body).not.toContain(drawnPageId);
  });

  it('sends the plain page from a build without the copies', async () => {
    unlinkSync(path.join(distDir, checkInPageFile));
    try {
      const response = await get(checkInPath(site.id, site.key));
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(drawnPageId);
    } finally {
      writeFileSync(path.join(distDir, checkInPageFile), JSON.stringify(copies));
    }
  });
});
