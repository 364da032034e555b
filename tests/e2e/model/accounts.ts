import { expect, request, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn, signInQuickly } from '../support/sign-in';
import type { World } from './runner';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface TokenPayload {
  readonly sub: string;
  readonly exp: number;
  readonly roles: readonly string[];
  readonly company: string | null;
}

export interface Account {
  readonly email: string;
  readonly token: string;
  readonly payload: TokenPayload;
  /** The signed-in browser's storage (access token and refresh cookie), for fresh contexts. */
  readonly storageState: StorageState;
}

export function payloadOf(token: string): TokenPayload {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as TokenPayload;
}

export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));

/** Signs in through the development identity provider and waits until the portal holds the token and has left '/'. */
export async function signInAs(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  await expect.poll(() => storedToken(page)).not.toBeNull();
  await expect(page).not.toHaveURL(/\/$/);
  return (await storedToken(page)) ?? '';
}

let unique = 0;
/** An address no account has yet: it signs in as Unregistered. */
export const freshEmail = (label: string) => `model-${label}-${Date.now().toString(36)}${(unique += 1)}@example.com`;

const accounts = new Map<string, Promise<Account>>();

/** One sign-in per email and worker (through the real provider, over HTTP: `signInQuickly`); later contexts reuse its storage. */
export function account(browser: Browser, email: string): Promise<Account> {
  let signedIn = accounts.get(email);
  if (!signedIn) {
    signedIn = (async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInQuickly(page, email);
      await expect.poll(() => storedToken(page)).not.toBeNull();
      await expect(page).not.toHaveURL(/[?&]code=|\/$/);
      const token = (await storedToken(page)) ?? '';
      const storageState = await context.storageState();
      await context.close();
      return { email, token, payload: payloadOf(token), storageState };
    })();
    accounts.set(email, signedIn);
  }
  return signedIn;
}

/** A fresh context: signed in as `signedIn` (its stored token and cookie), or signed out. */
export async function openContext(browser: Browser, signedIn: Account | null): Promise<World> {
  const context = await browser.newContext(signedIn ? { storageState: signedIn.storageState } : {});
  return { context, page: await context.newPage() };
}

/** The real API as one account: preconditions the user does not make (records, other people's actions). */
export class Api {
  private constructor(private readonly http: APIRequestContext) {}

  static async as(token: string): Promise<Api> {
    const baseURL = test.info().project.use.baseURL;
    return new Api(await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } }));
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown, status?: number): Promise<T> {
    const response = await this.http.fetch(`/api/${path}`, { method, ...(data === undefined ? {} : { data }) });
    const body = await response.text();
    if (status !== undefined) expect(response.status(), `${method} ${path}: ${body}`).toBe(status);
    else expect(response.ok(), `${method} ${path}: ${response.status()} ${body}`).toBe(true);
    return (body ? JSON.parse(body) : null) as T;
  }
}
