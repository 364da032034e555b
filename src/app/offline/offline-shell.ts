/** The page the service worker keeps for opening with no signal: the plain index.html, as the portal sends it. */
export const offlineShellUrl = '/index.html';

/** Addresses that are the server's own, never the app's pages: a navigation to one is left to the browser. */
export const serverOnlyPaths: RegExp[] = [/^\/api\//, /^\/oidc(\/|$)/, /^\/dev\//, /^\/blob\//];

const cspHeader = 'content-security-policy';

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The kept shell with a nonce of its own in both its policy and its page (server/http/spa-index.ts): the portal never
 * sends one nonce twice, and the kept copy's policy and page agree, so its styles apply as they did when it was kept.
 */
export async function withFreshNonce(shell: Response): Promise<Response> {
  const headers = new Headers(shell.headers);
  const body = await shell.text();
  const policy = headers.get(cspHeader);
  const kept = policy === null ? undefined : /'nonce-([^']+)'/.exec(policy)?.[1];
  if (policy === null || kept === undefined) return new Response(body, { status: 200, headers });
  const nonce = randomNonce();
  headers.set(cspHeader, policy.replaceAll(`'nonce-${kept}'`, `'nonce-${nonce}'`));
  return new Response(body.replaceAll(`nonce="${kept}"`, `nonce="${nonce}"`), { status: 200, headers });
}
