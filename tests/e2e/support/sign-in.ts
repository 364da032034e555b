import { expect, request, test, type Page } from '@playwright/test';

export const demo = {
  superUser: 'super@sitesafe.demo',
  admin: 'admin@harbourbuild.demo',
  supervisor: 'supervisor@harbourbuild.demo',
  unknown: 'stranger@example.com',
} as const;

/** Signs in through the development identity provider, as a person would. */
export async function signIn(page: Page, email: string, provider: 'Google' | 'Apple' = 'Google') {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await chooseDevAccount(page, email);
}

/**
 * Signs in as `email` without the sign-in screens, for tests about something else (the screens have their own:
 * sign-in.spec.ts, csp.spec.ts, the session and sign-in redirect models, the tradesperson's loop). The same OpenID
 * Connect round trips as `signIn` (the portal's login, the development provider's form, the callback) are made over
 * HTTP; the portal's one-time code is then opened in the app at `/?code=`, where the callback's redirect would take
 * the browser, and the app exchanges it as ever and goes to the account's home. A session of its own each time: one
 * test's refresh never rotates another's token. It skips the login page's load and the provider's page: about 1 s
 * of a 2 s sign-in on an idle machine.
 */
export async function signInQuickly(page: Page, email: string) {
  const http = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const providerPage = await http.get('/api/auth/login/google');
    expect(providerPage.ok(), `the sign-in as ${email} began at ${providerPage.url()}`).toBe(true);
    const signedIn = await http.post(`${new URL(providerPage.url()).pathname}/login`, { form: { email } });
    const code = new URL(signedIn.url()).searchParams.get('code');
    expect(code, `the sign-in as ${email} ended at ${signedIn.url()}`).not.toBeNull();
    await page.goto(`/?code=${encodeURIComponent(code ?? '')}`);
  } finally {
    await http.dispose();
  }
}

/** On the development identity provider's page: picks the demo account, or types any other address. */
export async function chooseDevAccount(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  const account = page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&'), 'i') });
  if (await account.count()) {
    await account.first().click();
  } else {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

export const storedKeys = (page: Page) => page.evaluate(() => Object.keys(window.localStorage).sort());
