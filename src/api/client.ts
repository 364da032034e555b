import ky, { HTTPError } from 'ky';
import type { Schema } from 'effect';
import { decode } from '../domain/decode';
import { reportUnauthorised } from './client-unauthorised';
import { apiHeaders, tokenSentFor } from './plain-read';
import { storedAccessToken } from './session-storage';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

export interface CallOptions {
  /** Overrides the stored access token (spec §7: the stored token or an explicitly passed one). */
  readonly token?: string;
  readonly signal?: AbortSignal;
  /** Bytes of the answer received so far, and its size when the server says it. */
  readonly onDownloadProgress?: (received: number, total: number | null) => void;
}

/** Spec §7: one API base, a bearer token and a JSON content type on every request. */
export const apiClient = ky.create({
  prefixUrl: '/api',
  // A read that meets a restarting database (503) is tried again, waiting as Retry-After asks; writes are never repeated.
  retry: { limit: 2, methods: ['get'], statusCodes: [503], afterStatusCodes: [503], maxRetryAfter: 3000 },
  credentials: 'same-origin',
  headers: apiHeaders,
  hooks: {
    beforeRequest: [
      (request) => {
        if (request.headers.has('authorization')) return;
        const token = storedAccessToken();
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
  },
});

async function responseText(response: Response): Promise<string> {
  try {
    return (await response.text()).trim();
  } catch {
    return '';
  }
}

/** Spec §7 and §8: a failed response is thrown as an Error whose message is the response body text. */
export async function call(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: CallOptions & { readonly json?: unknown } = {},
): Promise<Response> {
  const sentToken = options.token ?? storedAccessToken();
  try {
    return await apiClient(path, {
      method,
      json: options.json,
      signal: options.signal,
      ...(options.onDownloadProgress
        ? { onDownloadProgress: (progress: { transferredBytes: number; totalBytes: number }) => options.onDownloadProgress?.(progress.transferredBytes, progress.totalBytes || null) }
        : {}),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : undefined,
    });
  } catch (error) {
    if (error instanceof HTTPError) throw await failure(error.response, sentToken);
    throw error;
  }
}

/** Spec §7 and §8: a failed answer as the error `call` throws; a 401 also tells the session. */
async function failure(response: Response, sentToken: string | null): Promise<ApiError> {
  if (response.status === 401) reportUnauthorised(sentToken);
  const text = await responseText(response);
  return new ApiError(text || response.statusText || `Request failed (${response.status})`, response.status);
}

/**
 * The answer to a GET its route started (src/app/routing/route-read.ts), checked as `call` checks one; asked afresh by
 * `call` when none was started, it did not get through, or it met a restarting database (which `call` retries).
 */
export async function takeOrCall(started: Promise<Response | null> | undefined, path: string, options: CallOptions = {}): Promise<Response> {
  const response = await started;
  if (!response || response.status === 503) return call('get', path, options);
  if (!response.ok) throw await failure(response, tokenSentFor(response));
  return response;
}

export async function callForJson<S extends Schema.Codec<unknown, unknown>>(
  schema: S,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: CallOptions & { readonly json?: unknown } = {},
): Promise<S['Type']> {
  return decodedAnswer(schema, path, await call(method, path, options));
}

/** The JSON a successful `call` to `path` answered, held to `schema`. */
export async function decodedAnswer<S extends Schema.Codec<unknown, unknown>>(schema: S, path: string, response: Response): Promise<S['Type']> {
  const decoded = decode(schema, await response.json());
  if (!decoded.ok) throw new Error(`Unexpected response from ${path}: ${decoded.issues[0].path} ${decoded.issues[0].message}`);
  return decoded.value;
}
