import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';

/** Lets the server reach its own development identity provider without a network round trip. */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      // The provider takes the scheme from PUBLIC_URL (dev-provider.ts), never from a header.
      headers: { ...options.headers, host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of [value].flat()) if (item !== undefined) headers.append(name, String(item));
    }
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers });
  };
}
