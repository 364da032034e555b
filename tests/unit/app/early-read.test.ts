import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type EarlyReads = typeof import('../../../src/api/early-read');

/**
 * Issue 11: the check-in page's read asked for as the app starts (src/api/early-read.ts). Fetch and browser storage
 * are this module's edges, faked here; the page's use of it is proven in a browser (check-in-page-drawn-in.spec.ts).
 */
const origin = 'https://portal.example.com.au';
const path = 'site/3ef634ce-699b-4e90-8c01-5576483679e1?key=abc';
const url = `${origin}/api/${path}`;
const jwt = (exp: number) =>
  ['{"alg":"RS256"}', JSON.stringify({ sub: 'user-1', exp, roles: ['TradesPerson'], company: null }), 'signature']
    .map((part, index) => (index < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.');
const now = Date.parse('2026-11-29T15:00:00Z');
const live = jwt(now / 1000 + 600);

let stored: string | null;
let fetched: { url: string; headers: Record<string, string> }[];
let answer: () => Promise<Response>;

let readEarly: EarlyReads['readEarly'];
let takeEarlyRead: EarlyReads['takeEarlyRead'];

beforeEach(async () => {
  // A module of its own for each case: the reads a case asked for and left are not the next one's.
  vi.resetModules();
  ({ readEarly, takeEarlyRead } = (await import('../../../src/api/early-read')) as EarlyReads);
  stored = null;
  fetched = [];
  answer = () => Promise.resolve(new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('window', { location: { href: `${origin}/site/x/check-in?key=abc` }, localStorage: { getItem: () => stored } });
  vi.stubGlobal('fetch', (input: string, init: { headers: Record<string, string> }) => {
    fetched.push({ url: input, headers: init.headers });
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const request = (init: RequestInit = {}, address = url) => new Request(address, init);

describe('a read asked for as the app starts', () => {
  it('answers the same read with the stored token once; the next one goes to the server', async () => {
    stored = live;
    readEarly(() => [path], now);
    expect(fetched).toEqual([{ url, headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${live}` } }]);
    const same = { headers: { authorization: `Bearer ${live}` } };
    const early = await takeEarlyRead(request(same));
    expect(await early?.json()).toEqual({ ok: true });
    expect(await takeEarlyRead(request(same))).toBeNull();
  });

  it('asks for each read the screen makes for the person the token is for, each answered once', async () => {
    stored = live;
    const asked: (string | null)[] = [];
    readEarly((signedInAs) => {
      asked.push(signedInAs);
      return [path, 'profile/trades/user-1/activity'];
    }, now);
    expect(asked).toEqual(['user-1']);
    expect(fetched.map((read) => read.url)).toEqual([url, `${origin}/api/profile/trades/user-1/activity`]);
    const mine = { headers: { authorization: `Bearer ${live}` } };
    expect(await takeEarlyRead(request(mine, `${origin}/api/profile/trades/user-1/activity`))).toBeInstanceOf(Response);
    expect(await takeEarlyRead(request(mine))).toBeInstanceOf(Response);
    expect(await takeEarlyRead(request(mine))).toBeNull();
  });

  it('goes without a token for a visitor who has none, and answers only a read without one', async () => {
    const asked: (string | null)[] = [];
    readEarly((signedInAs) => {
      asked.push(signedInAs);
      return [path];
    }, now);
    expect(asked).toEqual([null]);
    expect(fetched[0]?.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
    expect(await takeEarlyRead(request())).toBeInstanceOf(Response);
  });

  it('is not asked for with a token that has expired or cannot be read', () => {
    stored = jwt(now / 1000 - 1);
    readEarly(() => [path], now);
    stored = 'not-a-token';
    readEarly(() => [path], now);
    expect(fetched).toEqual([]);
  });

  it('is not used for another address or a write, and is used up by a read of its address with another token', async () => {
    stored = live;
    readEarly(() => [path], now);
    const mine = { authorization: `Bearer ${live}` };
    expect(await takeEarlyRead(request({ headers: mine }, `${origin}/api/site/another?key=abc`))).toBeNull();
    expect(await takeEarlyRead(request({ method: 'POST', headers: mine }))).toBeNull();
    expect(await takeEarlyRead(request({ headers: { authorization: 'Bearer a-newer-token' } }))).toBeNull();
    expect(await takeEarlyRead(request({ headers: mine }))).toBeNull();
  });

  it('leaves a read that did not get through to be asked again', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    readEarly(() => [path], now);
    expect(await takeEarlyRead(request())).toBeNull();
  });

  it('is not served once it is older than a first screen takes', async () => {
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    readEarly(() => [path], now);
    clock.mockReturnValue(1_000 + 15_001);
    expect(await takeEarlyRead(request())).toBeNull();
  });

  it('gives up waiting when the screen stops asking', async () => {
    answer = () => new Promise<Response>(() => undefined);
    readEarly(() => [path], now);
    const controller = new AbortController();
    const taken = takeEarlyRead(request({ signal: controller.signal }));
    controller.abort(new DOMException('The screen closed', 'AbortError'));
    await expect(taken).rejects.toThrow('The screen closed');
  });
});
