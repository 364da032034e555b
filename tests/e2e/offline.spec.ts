import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoGate } from './support/demo-gate';
import { signInQuickly } from './support/sign-in';

/**
 * Issue 55 §4: once visited, a tradesperson's screens open with no signal (the service worker, src/app/offline/sw.ts),
 * each with what the phone keeps; and a SWMS saved offline is said to be sent once the outbox has sent it. A service
 * worker needs a secure context, so these run on localhost (the public-url project's http://portal.test is not one:
 * there the portal opens without a worker).
 */

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' } as const;
const shotsDir = process.env.SCREENSHOTS_DIR;

/** With SCREENSHOTS_DIR set, the screen is also saved as pictures to look at (light and dark, 390 and 1280 px). */
async function snap(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const viewport = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shotsDir}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * A tradesperson on a phone, signed in and checked in at Ridgeline's first open site: the SWMS these tests send go to
 * Ridgeline's admin, so Harbour Build's hourly review digest stays for tradesperson.spec.ts, which waits for it.
 */
async function checkedInTradesperson(page: Page, browser: Browser, email: string) {
  const gate = await demoGate(page, true, 'admin@ridgeline.demo');
  const context = await browser.newContext(phone);
  const tradie = await context.newPage();
  await signInQuickly(tradie, email);
  await expect(tradie).toHaveURL(/\/trades\/[0-9a-f-]{36}$/);
  const home = new URL(tradie.url()).pathname;
  await tradie.goto(gate.link);
  const ppe = tradie.getByRole('checkbox', { name: 'I have this PPE' });
  await expect(tradie.getByRole('button', { name: 'Check in' })).toBeVisible();
  if (await ppe.count()) await ppe.check();
  await tradie.getByRole('button', { name: 'Check in' }).click();
  await expect(tradie.getByRole('link', { name: 'New SWMS' })).toBeVisible();
  const checkOut = async () => {
    await context.setOffline(false);
    await tradie.goto(gate.link);
    await tradie.getByRole('button', { name: 'Check out' }).click();
    await expect(tradie.getByRole('button', { name: 'Check in' })).toBeVisible();
    await context.close();
  };
  return { tradie, context, home, gate, checkOut };
}

const taskDescription = 'Patch the roof sheets over bay 3 before the rain';
const offlineHome = 'You are offline. Your check-ins, SWMS and profile show again when the signal returns; below is what this phone keeps.';

/** The task descriptions of the SWMS drafts the phone keeps (IndexedDB, src/features/swms-builder/draft-store.ts). */
const keptDrafts = (tradie: Page) =>
  tradie.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('sitesafe-swms-drafts');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('drafts').objectStore('drafts').getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => resolve((reading.result as { draft: { task: { taskDescription: string } } }[]).map((record) => record.draft.task.taskDescription));
        };
      }),
  );

/** From step 1 of the builder: the high-risk work and the task, which the phone keeps as a draft. */
async function startSwms(tradie: Page): Promise<void> {
  await expect(tradie.getByRole('heading', { name: 'High-risk construction work' })).toBeVisible();
  await tradie.getByRole('checkbox', { name: /^\(a\) involves a risk of a person falling more than 2 metres/ }).check();
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Task' })).toBeVisible();
  await tradie.getByRole('textbox', { name: 'Task description' }).fill(taskDescription);
}

/** From the task step: everything else WHS Regulation 299 asks for, then Submit. */
async function finishSwms(tradie: Page): Promise<void> {
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Hazards and risks' })).toBeVisible();
  await tradie.getByRole('textbox', { name: 'Hazards and risks' }).fill('Fall through brittle sheets');
  await tradie.getByRole('radio', { name: /^4 Major/ }).check();
  await tradie.getByRole('radio', { name: /^3 Possible/ }).check();
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Control measures' })).toBeVisible();
  await tradie.getByRole('textbox', { name: 'Control measures' }).fill('Mesh under the sheets, harness on a static line');
  await tradie.getByRole('textbox', { name: 'How are the controls implemented?' }).fill('Mesh fixed before work starts');
  await tradie.getByRole('textbox', { name: 'How are they monitored?' }).fill('Leading hand checks every hour');
  await tradie.getByRole('textbox', { name: 'How are they reviewed?' }).fill('Reviewed at each pre-start');
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'PPE' })).toBeVisible();
  await tradie.getByRole('button', { name: 'Next' }).click();
  await expect(tradie.getByRole('heading', { name: 'Review' })).toBeVisible();
  await tradie.getByRole('button', { name: 'Submit' }).click();
}

test('once visited, the tradesperson’s screens open with no signal, each with what the phone keeps', async ({ page, browser }) => {
  const { tradie, context, home, gate, checkOut } = await checkedInTradesperson(page, browser, 'tradie5@trades.demo');
  await tradie.getByRole('link', { name: 'New SWMS' }).first().click();
  await expect(tradie).toHaveURL(/\/site\/[0-9a-f-]{36}\/swms\/new$/);
  const builder = new URL(tradie.url()).pathname;
  await startSwms(tradie);
  await expect.poll(() => keptDrafts(tradie), { message: 'the draft is kept on the phone' }).toEqual([taskDescription]);
  await tradie.goto(`${home}/edit`);
  await expect(tradie.getByRole('textbox', { name: 'White Card Number', exact: true })).toBeVisible();
  // The worker is registered once the first screen has shown, keeps the screens' code, then takes the page over.
  await tradie.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

  const refused: string[] = [];
  tradie.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await context.setOffline(true);
  // Home with no signal: the offline line and the draft this phone keeps, which opens the builder where it was left.
  await tradie.goto(home);
  await expect(tradie.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(tradie.getByText(offlineHome)).toBeVisible();
  await expect(tradie.getByText('Something went wrong :(')).toHaveCount(0);
  await snap(tradie, 'offline-home-draft');
  await tradie.getByRole('link', { name: `Continue ${taskDescription}` }).click();
  await expect(tradie).toHaveURL(new RegExp(`${builder}$`));
  await expect(tradie.getByRole('heading', { level: 1, name: 'New SWMS' })).toBeVisible();
  await expect(tradie.getByRole('heading', { name: 'Task' })).toBeVisible();
  await expect(tradie.getByRole('textbox', { name: 'Task description' })).toHaveValue(taskDescription);
  await expect(tradie.getByText('You are offline. Keep going: everything is saved on this phone.')).toBeVisible();
  await tradie.reload();
  await expect(tradie.getByRole('textbox', { name: 'Task description' })).toHaveValue(taskDescription);
  await snap(tradie, 'offline-builder');
  // A dialog's scroll lock writes a <style> with the page's nonce: the kept page's policy admits it.
  await tradie.getByRole('button', { name: 'Start again' }).click();
  await expect(tradie.getByRole('alertdialog', { name: 'Start again?' }).or(tradie.getByRole('dialog', { name: 'Start again?' }))).toBeVisible();
  await tradie.getByRole('button', { name: 'Keep editing' }).click();
  expect(refused, 'nothing the page needs is refused by its policy').toEqual([]);

  // Submitted with no signal, it waits in the outbox on the phone, which every screen shows after a reload.
  await finishSwms(tradie);
  await expect(tradie.getByText('You are offline: this SWMS is saved on this phone and will be sent when the connection returns')).toBeVisible();
  await tradie.goto(home);
  await expect(tradie.getByText('1 SWMS waiting to send')).toBeVisible();
  await expect(tradie.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await tradie.reload();
  await expect(tradie.getByText('1 SWMS waiting to send')).toBeVisible();
  await expect(tradie.getByText(offlineHome)).toBeVisible();
  await expect(tradie.getByText('Something went wrong :(')).toHaveCount(0);
  await snap(tradie, 'offline-home');

  await tradie.goto(`${home}/edit`);
  await expect(tradie.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(tradie.getByText('You are offline. Your profile opens when the signal returns.')).toBeVisible();
  await expect(tradie.getByText('Something went wrong :(')).toHaveCount(0);
  await snap(tradie, 'offline-profile');
  // The check-in page needs the portal to check in; with no signal it says so, and keeps what was ticked.
  await tradie.goto(gate.link);
  await expect(tradie.getByRole('alert')).toContainText('Check your signal and try again.');
  await expect(tradie.getByRole('link', { name: 'My home' })).toBeVisible();
  await snap(tradie, 'offline-check-in');
  for (const screen of [builder, home, `${home}/edit`, gate.link]) {
    await tradie.goto(screen);
    await expect(tradie.getByText('This page could not be loaded')).toHaveCount(0);
  }
  expect(refused).toEqual([]);

  // A screen whose code the phone does not keep still offers a reload (spec §9), which opens it once the signal is back.
  await tradie.goto('/unauthorised');
  await expect(tradie.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();

  // The signal returns: the outbox sends it from whichever screen is open, this one too, before any reload.
  await context.setOffline(false);
  await expect(tradie.getByText('SWMS sent').first()).toBeVisible({ timeout: 30_000 });
  await tradie.getByRole('button', { name: 'Reload' }).click();
  await expect(tradie.getByRole('heading', { level: 1, name: 'You are not authorised to view this page' }).or(tradie.getByText('You are not authorised to view this page'))).toBeVisible();
  await expect(tradie.getByText('This page could not be loaded')).toHaveCount(0);
  await tradie.goto(home);
  await expect(tradie.getByText(taskDescription)).toBeVisible();
  await expect(tradie.getByText('1 SWMS waiting to send')).toHaveCount(0);
  await checkOut();
});

test('a SWMS saved with no signal: once the outbox has sent it, the builder says so and no longer that it waits', async ({ page, browser }) => {
  const { tradie, context, checkOut } = await checkedInTradesperson(page, browser, 'tradie6@trades.demo');
  await tradie.getByRole('link', { name: 'New SWMS' }).first().click();
  await startSwms(tradie);
  await context.setOffline(true);
  await finishSwms(tradie);
  const waiting = tradie.getByText('You are offline: this SWMS is saved on this phone and will be sent when the connection returns');
  await expect(waiting).toBeVisible();
  await expect(tradie.getByRole('heading', { name: 'Saved on this phone' })).toBeVisible();
  await snap(tradie, 'builder-queued');

  await context.setOffline(false);
  await expect(tradie.getByRole('heading', { name: 'SWMS submitted for review' })).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toHaveCount(0);
  await expect(tradie.getByRole('heading', { name: 'Saved on this phone' })).toHaveCount(0);
  await snap(tradie, 'builder-sent');
  await checkOut();
});

/** The kept access token's expiry, in seconds (its payload, read as the session machine reads it). */
const keptTokenExpiry = (tradie: Page) =>
  tradie.evaluate(() => {
    const payload = (window.localStorage.getItem('accessToken') ?? '').split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number }).exp;
  });

test('a sign-in that expires with no signal is kept: the builder opens with the draft, and renews and sends once the signal returns', async ({ page, browser }) => {
  const { tradie, context, checkOut } = await checkedInTradesperson(page, browser, 'tradie7@trades.demo');
  await tradie.getByRole('link', { name: 'New SWMS' }).first().click();
  await expect(tradie).toHaveURL(/\/site\/[0-9a-f-]{36}\/swms\/new$/);
  await startSwms(tradie);
  await expect.poll(() => keptDrafts(tradie), { message: 'the draft is kept on the phone' }).toEqual([taskDescription]);
  await tradie.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

  await context.setOffline(true);
  // More than an hour with no signal: the kept token has expired, so the session tries to renew it and gets no answer.
  await tradie.evaluate(() => {
    const [header, payload, signature] = (window.localStorage.getItem('accessToken') ?? '').split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    const expired = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 600 }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    window.localStorage.setItem('accessToken', `${header}.${expired}.${signature}`);
  });
  const expiredAt = await keptTokenExpiry(tradie);
  await tradie.reload();
  await expect(tradie.getByRole('heading', { level: 1, name: 'New SWMS' })).toBeVisible();
  await expect(tradie.getByRole('textbox', { name: 'Task description' })).toHaveValue(taskDescription);
  await expect(tradie.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  expect(await keptTokenExpiry(tradie), 'the unrenewed token is kept').toBe(expiredAt);

  await finishSwms(tradie);
  await expect(tradie.getByText('You are offline: this SWMS is saved on this phone and will be sent when the connection returns')).toBeVisible();

  // The signal returns: the session renews its token, and the outbox sends the SWMS with it.
  await context.setOffline(false);
  await expect.poll(() => keptTokenExpiry(tradie), { message: 'the token is renewed', timeout: 30_000 }).toBeGreaterThan(Date.now() / 1000 + 600);
  await expect(tradie.getByRole('heading', { name: 'SWMS submitted for review' })).toBeVisible({ timeout: 30_000 });
  await expect(tradie.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await checkOut();
});

test('a home or profile whose reads get no answer while the phone believes it is online shows what the phone keeps, not an error', async ({ browser }) => {
  // A weak signal: the browser reports online, but the reads die on the way (page.route sees them without the worker).
  const context = await browser.newContext({ ...phone, serviceWorkers: 'block' });
  const tradie = await context.newPage();
  await signInQuickly(tradie, 'tradie1@trades.demo');
  await expect(tradie).toHaveURL(/\/trades\/[0-9a-f-]{36}$/);
  const home = new URL(tradie.url()).pathname;
  await context.route('**/api/profile/trades/**', (route) => route.abort('internetdisconnected'));

  await tradie.reload();
  await expect(tradie.getByText(offlineHome)).toBeVisible();
  await expect(tradie.getByText('Something went wrong :(')).toHaveCount(0);
  await tradie.goto(`${home}/edit`);
  await expect(tradie.getByText('You are offline. Your profile opens when the signal returns.')).toBeVisible();
  await expect(tradie.getByText('Something went wrong :(')).toHaveCount(0);

  // The server's own failure is still an error to try again.
  await context.unroute('**/api/profile/trades/**');
  await context.route('**/api/profile/trades/**', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Something went wrong :(' }));
  await tradie.goto(home);
  await expect(tradie.getByText('Something went wrong :(')).toBeVisible();
  await expect(tradie.getByText(offlineHome)).toHaveCount(0);

  // Once the reads get through, Try again shows the home.
  await context.unroute('**/api/profile/trades/**');
  await tradie.getByRole('button', { name: 'Try again' }).click();
  await expect(tradie.getByRole('heading', { level: 2, name: /^G'day/ })).toBeVisible();
  await context.close();
});
