import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueRefreshToken, refreshGraceSeconds } from '../../server/auth/refresh-tokens';
import { hashSecret } from '../../server/auth/secrets';
import { findOrCreateUserByEmail } from '../../server/users/repository';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(async () => testApp.close());

const refresh = (token: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { portal_refresh: token } });

const newRefreshToken = (answer: { cookies: readonly { name: string; value: string }[] }) =>
  answer.cookies.find((cookie) => cookie.name === 'portal_refresh')?.value ?? '';

async function signedIn(email: string) {
  const user = await findOrCreateUserByEmail(app.db, email);
  return { userId: user.id, token: (await issueRefreshToken(app.db, user.id)).token };
}

const familyOf = async (token: string) =>
  (await app.db.selectFrom('refresh_tokens').select('family').where('token_hash', '=', hashSecret(token)).executeTakeFirstOrThrow()).family;

const liveTokens = (userId: string) =>
  app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).where('rotated_at', 'is', null).execute();

const reuseEvents = (userId: string) =>
  app.db.selectFrom('audit_events').select('action').where('action', '=', 'auth.refreshReuse').where('entity_id', '=', userId).execute();

/** Moves the token's rotation back past the grace window, as if it had been replayed that much later. */
const rotatedLongAgo = (token: string) =>
  app.db
    .updateTable('refresh_tokens')
    .set({ rotated_at: new Date(Date.now() - (refreshGraceSeconds + 1) * 1000) })
    .where('token_hash', '=', hashSecret(token))
    .execute();

describe('refresh rotation with a grace window', () => {
  it('answers two refreshes with one token at the same instant (two tabs), each with a new token of the same family', async () => {
    const { userId, token } = await signedIn('two-tabs@example.com');
    const [first, second] = await Promise.all([refresh(token), refresh(token)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    for (const answer of [first, second]) expect(decodeJwt(answer?.json<{ token: string }>().token ?? '').sub).toBe(userId);
    const renewed = [newRefreshToken(first ?? { cookies: [] }), newRefreshToken(second ?? { cookies: [] })];
    expect(new Set([token, ...renewed]).size).toBe(3);
    const family = await familyOf(token);
    for (const sibling of renewed) expect(await familyOf(sibling)).toBe(family);
    expect(await liveTokens(userId)).toHaveLength(2);
    expect(await reuseEvents(userId)).toEqual([]);
    // Whichever answer's cookie the browser kept, the session goes on.
    for (const sibling of renewed) expect((await refresh(sibling)).statusCode).toBe(200);
  });

  it('ends the whole family when a rotated token is replayed after the window, and records it', async () => {
    const { userId, token: stolen } = await signedIn('stolen@example.com');
    const rotated = await refresh(stolen);
    expect(rotated.statusCode).toBe(200);
    const current = newRefreshToken(rotated);
    await rotatedLongAgo(stolen);
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toBe('Your session has ended, please sign in again');
    expect((await refresh(current)).statusCode).toBe(401);
    expect(await app.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).toEqual([]);
    expect(await reuseEvents(userId)).toEqual([{ action: 'auth.refreshReuse' }]);
  });

  it('keeps the window short: a rotated token presented 11 seconds later ends the family (docs/security.md promises 10 seconds)', async () => {
    const { userId, token: copied } = await signedIn('eleven-seconds@example.com');
    const rotated = await refresh(copied);
    expect(rotated.statusCode).toBe(200);
    // Fixed here rather than read from refreshGraceSeconds, so a longer window fails this test.
    await app.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 11_000) })
      .where('token_hash', '=', hashSecret(copied))
      .execute();
    expect((await refresh(copied)).statusCode).toBe(401);
    expect((await refresh(newRefreshToken(rotated))).statusCode).toBe(401);
    expect(await reuseEvents(userId)).toEqual([{ action: 'auth.refreshReuse' }]);
  });

  it('gives nothing within the window for a token whose session was signed out', async () => {
    const { userId, token } = await signedIn('signed-out@example.com');
    const rotated = await refresh(token);
    expect(rotated.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { portal_refresh: newRefreshToken(rotated) } })).statusCode).toBe(204);
    expect((await refresh(token)).statusCode).toBe(401);
    expect(await liveTokens(userId)).toEqual([]);
  });
});
