import { storedAccessToken } from './session-storage';

/** The headers every API request carries (the API client's too, client.ts). */
export const apiHeaders = { 'content-type': 'application/json', accept: 'application/json' } as const;

/**
 * GET /api/{path} with fetch alone, as the API client sends it with the stored token: for a read started before the
 * client's code is wanted (src/app/routing/route-read.ts). Resolves null when it did not get through.
 */
export function plainRead(path: string): Promise<Response | null> {
  const token = storedAccessToken();
  const headers = token ? { ...apiHeaders, authorization: `Bearer ${token}` } : apiHeaders;
  return fetch(`/api/${path}`, { headers, credentials: 'same-origin' }).then(
    (response) => {
      sentTokens.set(response, token);
      return response;
    },
    () => null,
  );
}

const sentTokens = new WeakMap<Response, string | null>();

/** The token a `plainRead` answer's request carried, so a 401 for a token since renewed is told apart (client.ts). */
export const tokenSentFor = (response: Response): string | null => sentTokens.get(response) ?? null;
