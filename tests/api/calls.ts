import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as the SPA makes it: a bearer token when given, a JSON body when given. */
export function call(app: FastifyInstance, method: Method, url: string, token?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** What a test compares an answer by: its status and its body (a refusal's body is its message). */
export const answer = (response: { statusCode: number; body: string }) => ({ statusCode: response.statusCode, body: response.body });
