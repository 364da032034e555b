import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { sessionStorageKeys } from '../../machines/session-storage';
import { drawnPageId } from '../../src/domain/check-in-page';
import { signedInHintCookie } from '../../src/domain/login-page';

/**
 * Issue 11 §2: what each first screen costs a phone. Builds the web app with a manifest, then for the
 * login page (the entry and every chunk it imports statically) and for each route (that plus the
 * route's own chunk and its static imports) prints the JavaScript in gzip bytes, in the brotli bytes
 * the portal actually sends, and raw. Goals: login <= 100 KB, any route <= 180 KB gzipped. Then loads
 * the login page in Chromium to check that it fetches no more than that, and times it and the check-in page a site
 * poster's QR code opens on a throttled phone, signed out and as a returning tradesperson, and that tradesperson's
 * home, and once checked in, their tap on 'New SWMS'. Run: npm run bench:bundle
 */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

const outDir = path.resolve('.tmp/bundle-bench');
rmSync(outDir, { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], { stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  const known = sizes.get(file);
  if (known) return known;
  const content = readFileSync(path.join(outDir, file));
  // The build writes the .br the server sends (vite.config.ts); files under 1 KB are sent as they are.
  const brotliFile = path.join(outDir, `${file}.br`);
  const measured = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli: existsSync(brotliFile) ? readFileSync(brotliFile).length : content.length };
  sizes.set(file, measured);
  return measured;
}

/** The chunk and every chunk it imports statically, as the browser must fetch before it runs. */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
  return into;
}

const total = (keys: Set<string>) =>
  [...keys].reduce((sum, key) => {
    const size = sizeOf(manifest[key]?.file ?? '');
    return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
  }, { raw: 0, gzip: 0, brotli: 0 });

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The build has no entry chunk');
const entry = closure(entryKey);

/**
 * The route tables: router.tsx (in the entry) and signed-in-routes.tsx, itself loaded on demand, so
 * its routes also fetch its chunk (the signed-in layout and its table).
 */
const routeTables = ['src/app/router.tsx', 'src/app/signed-in-routes.tsx'];
/** A screen that fetches one of several modules before it shows is counted with the heaviest: the diagram page draws one machine. */
const showsOneOf: Record<string, RegExp> = { 'src/features/workflows/workflow-page.tsx': /^machines\// };

function withHeaviestShown(key: string, keys: Set<string>): Set<string> {
  const pattern = showsOneOf[key];
  if (!pattern) return keys;
  const shown = new Set([...keys].flatMap((loaded) => manifest[loaded]?.dynamicImports ?? []).filter((imported) => pattern.test(imported)));
  const candidates = [...shown].map((imported) => closure(imported, new Set(keys)));
  if (candidates.length === 0) throw new Error(`${key} loads nothing matching ${pattern}`);
  return candidates.reduce((heaviest, candidate) => (total(candidate).gzip > total(heaviest).gzip ? candidate : heaviest));
}
const routes = routeTables.flatMap((table) => {
  const area = manifest[table] ? closure(table, new Set(entry)) : entry;
  const source = readFileSync(table, 'utf8');
  return [...source.matchAll(/path: '([^']+)', element: lazyPage\(\(\) => import\('\.\.\/([^']+)'\)/g)].map(([, route, module]) => {
    const key = ['.tsx', '.ts'].map((extension) => `src/${module}${extension}`).find((candidate) => manifest[candidate]);
    if (!key) throw new Error(`No chunk for ${module}`);
    return { route: route ?? '', keys: withHeaviestShown(key, closure(key, new Set(area))) };
  });
});
if (routes.length < 30) throw new Error(`Only ${routes.length} routes found in ${routeTables.join(', ')}`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [{ route: '/ (login)', keys: entry }, ...routes].map(({ route, keys }) => ({ route, ...total(keys), chunks: keys.size }));
console.log(`${'route'.padEnd(58)} ${'gzip JS'.padStart(10)} ${'brotli JS'.padStart(10)} ${'raw JS'.padStart(10)} chunks`);
for (const row of rows) console.log(`${row.route.padEnd(58)} ${kb(row.gzip).padStart(10)} ${kb(row.brotli).padStart(10)} ${kb(row.raw).padStart(10)} ${String(row.chunks).padStart(6)}`);
const login = rows[0]?.gzip ?? 0;
const heaviest = rows.reduce((max, row) => (row.gzip > max.gzip ? row : max));
console.log(`\nlogin ${kb(login)} (goal <= 100 KB) · heaviest route ${heaviest.route} ${kb(heaviest.gzip)} (goal <= 180 KB)`);
const over = rows.filter((row) => row.gzip > 180 * 1024).map((row) => row.route);
console.log(`routes over 180 KB: ${over.length === 0 ? 'none' : over.join(', ')}`);
/** Fetched once a screen shows, so that it works offline later; not part of showing it. */
const fetchedAfterShowing = { toaster: 'src/ui/toaster.tsx', dialog: 'src/ui/dialog.tsx', 'photo compression': 'node_modules/browser-image-compression/dist/browser-image-compression.mjs' };
const afterShowing = Object.entries(fetchedAfterShowing).map(([name, key]) => {
  if (!manifest[key]) throw new Error(`No chunk for ${key}`);
  return `${name} ${kb(total(new Set([...closure(key)].filter((loaded) => !entry.has(loaded)))).gzip)}`;
});
console.log(`fetched after a screen shows (the signed-in layout; screens with a dialog; screens that take photos), at most: ${afterShowing.join(', ')}`);
const precompressed = existsSync(path.join(outDir, manifest[entryKey]?.file ?? '') + '.br');
console.log(`entry chunk pre-compressed as .br and .gz: ${precompressed ? 'yes' : 'no'}`);
const entryFiles = new Set([...entry].map((key) => manifest[key]?.file));

/** The throttled phone profile: 4x slower CPU, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips. */
async function throttledPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** The page's Largest Contentful Paint so far, in ms from the navigation's start. */
const largestContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          const last = entries.getEntries().at(-1);
          resolve(last ? last.startTime : Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

const seconds = (runs: readonly number[]) => runs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ');
/** Three runs sorted: the middle one. */
const median = (runs: readonly number[]) => `${((runs[1] ?? 0) / 1000).toFixed(2)} s`;
const sorted = (runs: number[]) => runs.sort((a, b) => a - b);

/**
 * The login page's Largest Contentful Paint on the throttled phone profile, cold cache, served by the portal
 * itself from this build (pre-compressed assets). Goal < 2.5 s.
 */
async function throttledLogin(browser: Browser, baseUrl: string): Promise<void> {
  const runs: number[] = [];
  // Since the login page is drawn into the page the portal sends (issue 11), it paints before the app's code has
  // run. The app's code starts by writing the theme on <html> (main.tsx); it renders the page itself after that.
  const takenOver: number[] = [];
  const fetched = new Set<string>();
  for (let run = 0; run < 3; run += 1) {
    const { context, page } = await throttledPhone(browser);
    await page.goto(baseUrl, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    runs.push(await largestContentfulPaint(page));
    await page.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
    takenOver.push(await page.evaluate(() => performance.now()));
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((resource) => new URL(resource.name).pathname).filter((name) => name.endsWith('.js')));
    for (const script of scripts) fetched.add(script.replace(/^\//, ''));
    await context.close();
  }
  const beyondEntry = [...fetched].filter((file) => !entryFiles.has(file));
  const fetchedGzip = [...fetched].reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  console.log(`JavaScript the login page fetched: ${fetched.size} files, ${kb(fetchedGzip)} gzipped; beyond its static imports: ${beyondEntry.length === 0 ? 'none' : beyondEntry.join(', ')}`);
  console.log(`throttled login LCP (4x CPU, 1.6 Mbit/s, 150 ms RTT), 3 cold loads: ${seconds(sorted(runs))}; median ${median(runs)} (goal < 2.5 s)`);
  console.log(`the app's code began to run at (polled each frame): ${seconds(sorted(takenOver))}; median ${median(takenOver)}`);
}

/** The demo's first site's check-in page (of those open for check-in, when `ongoing`), as its QR code links it: path and key. */
async function demoCheckInPath(baseUrl: string, token: string, ongoing = false): Promise<string> {
  const api = async <T,>(apiPath: string) => {
    const response = await fetch(`${baseUrl}/api/${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET /api/${apiPath} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const companyId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { company: string }).company;
  const sites = await api<{ items: { _id: string }[] }>(`company/${companyId}/projectSites${ongoing ? '?status=ongoing' : ''}`);
  const siteId = sites.items[0]?._id;
  if (!siteId) throw new Error('The demo company has no site to check in at');
  const qr = await api<{ url: string }>(`company/${companyId}/projectSites/${siteId}/qr`);
  const address = new URL(qr.url);
  return `${address.pathname}${address.search}`;
}

/**
 * The tradesperson's first screen: the check-in page a site poster's QR code opens, signed out, on the same profile.
 * Its address comes from the site's own QR link (the demo data's first site). Prints when the site's address painted,
 * when its sign-in buttons could be pressed, and the page's LCP (the sign-in's lead paragraph, which is larger and
 * comes with the buttons). The issue sets its 2.5 s goal for the login page only.
 */
async function throttledCheckIn(browser: Browser, baseUrl: string, checkInPath: string): Promise<void> {
  const shown: number[] = [];
  const pressable: number[] = [];
  const largest: number[] = [];
  const takenOver: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const { context, page } = await throttledPhone(browser);
    // Each largest paint is noted as it is reported, while its element is still in the page: the site's address
    // drawn into the HTML is removed as the app takes over (src/domain/check-in-page.ts). The moments the sign-in
    // buttons are first in the page and the drawn page leaves it are noted in the page too, at the frame after each:
    // asking from here, each through Playwright's polling, read them 0.3-0.4 s late on this throttled CPU.
    await page.addInitScript((drawn) => {
      const painted: { at: number; className: string }[] = [];
      const marks: { buttons?: number; tookOver?: number } = {};
      let drawnSeen = false;
      Object.assign(window, { painted, marks });
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as (PerformanceEntry & { element: Element | null })[]) painted.push({ at: entry.startTime, className: entry.element?.className ?? '' });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // No named functions in here: tsx names them with a helper the page has not got.
      new MutationObserver(() => {
        const page = document.getElementById(drawn);
        drawnSeen ||= page !== null;
        const due: (keyof typeof marks)[] = [];
        if (drawnSeen && page === null && marks.tookOver === undefined) due.push('tookOver');
        if (marks.buttons === undefined && [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Continue with Google')) due.push('buttons');
        for (const mark of due) requestAnimationFrame(() => (marks[mark] ??= performance.now()));
      }).observe(document, { childList: true, subtree: true });
    }, drawnPageId);
    await page.goto(`${baseUrl}${checkInPath}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    // The app's own page in place of the drawn one (src/components/drawn-page/drawn-page.ts), its code and the gate's API call done.
    await page.locator(`#${drawnPageId}`).waitFor({ state: 'detached' });
    largest.push(await largestContentfulPaint(page));
    const { painted, marks } = await page.evaluate(() => {
      const noted = window as unknown as { painted: { at: number; className: string }[]; marks: { buttons?: number; tookOver?: number } };
      return { painted: noted.painted, marks: noted.marks };
    });
    const ready = marks.buttons ?? Number.NaN;
    pressable.push(ready);
    // Code that draws nothing in has no drawn page to leave: the app's page was up with its buttons.
    takenOver.push(marks.tookOver ?? ready);
    // Where the address was never the largest paint, it came in the same render as the larger sign-in panel.
    shown.push(painted.find((entry) => entry.className === 'gate-site-address')?.at ?? ready);
    await context.close();
  }
  console.log(
    `throttled check-in page (a QR code's link, signed out), 3 cold loads: the site's address painted ${seconds(sorted(shown))}, median ${median(shown)}; ` +
      `its sign-in buttons ready ${seconds(sorted(pressable))}, median ${median(pressable)}; the app took over ${seconds(sorted(takenOver))}, median ${median(takenOver)}; ` +
      `LCP ${seconds(sorted(largest))}, median ${median(largest)}`,
  );
}

/** The buttons that say the gate has answered a signed-in tradesperson: check in, or out if they are on site. */
const gateAnswers = ['Check in', 'Check out', 'Check in again'];

/** When a signed-in screen is ready: one of these buttons, or an element this selector finds, is in the page. */
interface ReadyWhen {
  readonly buttons?: readonly string[];
  readonly selector?: string;
}

/** The session as the app keeps it (src/api/session-storage.ts), in the page from its first script, and its cookie hint. */
async function holdSession(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.context().addCookies([{ name: signedInHintCookie, value: '1', url: baseUrl }]);
  await page.addInitScript(
    ({ accessToken, keys }) => {
      localStorage.setItem(keys.accessToken, accessToken);
      localStorage.setItem(keys.provider, 'google');
    },
    { accessToken: token, keys: sessionStorageKeys },
  );
}

/**
 * A signed-in person opening `screenPath` on the throttled phone: when the screen was ready (noted in the page, at the
 * frame after it), on three cold loads (a new browser profile each, holding only their session) and on the load after
 * each (the assets cached), and which of the app's scripts had arrived by then on the cold ones.
 */
async function throttledSignedIn(browser: Browser, baseUrl: string, screenPath: string, token: string, ready: ReadyWhen) {
  const cold: number[] = [];
  const warm: number[] = [];
  const scriptsBefore: number[] = [];
  const kbBefore: number[] = [];
  const load = async (page: Page) => {
    await page.goto(`${baseUrl}${screenPath}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { ready?: number }).ready !== undefined, undefined, { timeout: 60_000 });
    return page.evaluate(() => {
      const readyAt = (window as unknown as { ready: number }).ready;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= readyAt);
      return { readyAt, scripts: scripts.length, bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0) };
    });
  };
  for (let run = 0; run < 3; run += 1) {
    const { context, page } = await throttledPhone(browser);
    await holdSession(page, baseUrl, token);
    // The moment the screen is first ready.
    await page.addInitScript(
      ({ buttons, selector }) => {
        // No named functions in here: tsx names them with a helper the page has not got.
        const observer = new MutationObserver(() => {
          const shown = selector ? document.querySelector(selector) !== null : [...document.querySelectorAll('button')].some((button) => buttons.includes(button.textContent?.trim() ?? ''));
          if (!shown) return;
          observer.disconnect();
          requestAnimationFrame(() => Object.assign(window, { ready: performance.now() }));
        });
        observer.observe(document, { childList: true, subtree: true });
      },
      { buttons: [...(ready.buttons ?? [])], selector: ready.selector ?? '' },
    );
    const first = await load(page);
    cold.push(first.readyAt);
    scriptsBefore.push(first.scripts);
    kbBefore.push(first.bytes);
    warm.push((await load(page)).readyAt);
    await context.close();
  }
  return (what: string) =>
    `${what} ${seconds(sorted(cold))} cold, median ${median(cold)}; ${seconds(sorted(warm))} on the next load, median ${median(warm)}; ` +
    `scripts arrived by then on a cold load: ${scriptsBefore.join(', ')} files, ${kbBefore.map((bytes) => kb(bytes)).join(', ')} as sent`;
}

/**
 * A returning tradesperson (the demo's tradie1, profile complete) opening the same check-in page: when the gate's button
 * showed (Check in, or Check out if they are on site). Then the same person's home (`/trades/{id}`, as a reload or a
 * bookmark opens it): when its greeting showed, once the screen's code and its two reads had arrived.
 */
async function throttledTradesperson(browser: Browser, baseUrl: string, checkInPath: string, token: string): Promise<void> {
  const gate = await throttledSignedIn(browser, baseUrl, checkInPath, token, { buttons: gateAnswers });
  console.log(gate("throttled check-in page, a returning tradesperson (signed in, profile complete): the gate's button showed"));
  const tradesperson = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
  const home = await throttledSignedIn(browser, baseUrl, `/trades/${encodeURIComponent(tradesperson)}`, token, { selector: '.home-greeting' });
  console.log(home("throttled tradesperson's home, opened at its address: the greeting showed"));
}

/**
 * A tradesperson checked in at a site (the demo's first open one), back on its check-in page on the throttled phone with
 * a cold cache: from the tap on 'New SWMS', eight seconds after the page showed it, to the builder's first step (both
 * noted in the page, at the frame after the step). Then they check out again.
 */
async function throttledNewSwms(browser: Browser, baseUrl: string, checkInPath: string, token: string): Promise<void> {
  const unthrottled = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const plain = await unthrottled.newPage();
  await holdSession(plain, baseUrl, token);
  await plain.goto(`${baseUrl}${checkInPath}`);
  const checkIn = plain.getByRole('button', { name: 'Check in', exact: true });
  await checkIn.waitFor();
  const ppe = plain.getByRole('checkbox', { name: 'I have this PPE' });
  if (await ppe.count()) await ppe.check();
  await checkIn.click();
  await plain.getByRole('link', { name: 'New SWMS' }).waitFor();
  const taps: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const { context, page } = await throttledPhone(browser);
    await holdSession(page, baseUrl, token);
    await page.addInitScript(() => {
      // No named functions in here: tsx names them with a helper the page has not got.
      document.addEventListener('click', () => Object.assign(window, { tapped: performance.now() }), { capture: true });
      const observer = new MutationObserver(() => {
        if (document.getElementById('builder-step-heading') === null) return;
        observer.disconnect();
        requestAnimationFrame(() => Object.assign(window, { builder: performance.now() }));
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}${checkInPath}`, { waitUntil: 'commit' });
    const newSwms = page.getByRole('link', { name: 'New SWMS' });
    await newSwms.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(8000);
    await newSwms.click();
    await page.waitForFunction(() => (window as unknown as { builder?: number }).builder !== undefined, undefined, { timeout: 60_000 });
    taps.push(await page.evaluate(() => (window as unknown as { builder: number; tapped: number }).builder - (window as unknown as { tapped: number }).tapped));
    await context.close();
  }
  await plain.reload();
  const checkOut = plain.getByRole('button', { name: 'Check out' });
  await checkOut.click();
  await checkOut.waitFor({ state: 'detached' });
  await unthrottled.close();
  console.log(`throttled check-in page, checked in: 'New SWMS' tapped to the builder's first step ${seconds(sorted(taps))}, median ${median(taps)} (cold cache, the tap 8 s after the page showed it)`);
}

async function throttledFirstScreens(): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const { freePort, runCliProcess, startPortal } = await import('../support/portal-process');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lcp-'));
  const port = await freePort();
  // The demo data gives the check-in page a site; tokens the CLI signs name the portal's public address as their issuer.
  const env = { DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` };
  const portal = await startPortal({ ...env, PORT: String(port), SERVE_SPA: 'true', DIST_DIR: outDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, 180_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await throttledLogin(browser, portal.baseUrl);
    const { code, stdout, stderr } = await runCliProcess(['token', 'admin@harbourbuild.demo'], env);
    if (code !== 0) throw new Error(`cli token exited ${code}: ${stderr.trim()}`);
    const checkInPath = await demoCheckInPath(portal.baseUrl, stdout.trim());
    await throttledCheckIn(browser, portal.baseUrl, checkInPath);
    const tradesperson = await runCliProcess(['token', 'tradie1@trades.demo'], env);
    if (tradesperson.code !== 0) throw new Error(`cli token exited ${tradesperson.code}: ${tradesperson.stderr.trim()}`);
    // A site open for check-in: the demo's first site is cancelled, where the gate has no button to wait for.
    const openCheckInPath = await demoCheckInPath(portal.baseUrl, stdout.trim(), true);
    await throttledTradesperson(browser, portal.baseUrl, openCheckInPath, tradesperson.stdout.trim());
    await throttledNewSwms(browser, portal.baseUrl, openCheckInPath, tradesperson.stdout.trim());
  } finally {
    await browser.close();
    await portal.stop();
    // The portal's data folder (its database and blob store, about 40 MB) is this run's own.
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench:bundle -- --sizes-only` skips the browser (the LCP needs a quiet machine; the sizes do not).
if (!process.argv.includes('--sizes-only')) await throttledFirstScreens();
