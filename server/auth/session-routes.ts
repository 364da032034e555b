import type { FastifyPluginAsync } from 'fastify';
import { TokenRequest } from '../../src/domain/token';
import { badRequest, decodeOr400, unauthorised } from '../http/errors';
import { recordAuthEvent } from './audit';
import { consumeAuthCode } from './auth-codes';
import { clearRefreshCookie, refreshCookieName, setRefreshCookie } from './cookies';
import { issueRefreshToken, revokeRefreshToken, rotateRefreshToken } from './refresh-tokens';

const invalidSignInCode = 'Sign-in code is invalid or expired';
const sessionEnded = 'Your session has ended, please sign in again';

/** The SPA's session calls: code exchange (spec §7 auth/token), refresh and sign-out. */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const publicUrl = () => app.config.publicUrl;

  // Spec §7 has every call send a JSON content type, bodiless refresh and logout calls included.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });

  app.post('/token', { config: { limit: 'tokenExchange' } }, async (request, reply) => {
    const body = decodeOr400(TokenRequest, request.body);
    const userId = await consumeAuthCode(app.db, body.code);
    if (!userId) throw unauthorised(invalidSignInCode);
    if (body.inviteCode && app.auth.onInviteCode) await app.auth.onInviteCode({ userId, requestId: request.id }, body.inviteCode);
    const token = await app.auth.issueAccessToken(userId);
    const refresh = await issueRefreshToken(app.db, userId);
    setRefreshCookie(reply, publicUrl(), refresh.token);
    return { token };
  });

  app.post('/refresh', { config: { limit: 'refresh' } }, async (request, reply) => {
    const presented = request.cookies[refreshCookieName];
    const refresh = presented ? await rotateRefreshToken(app.db, presented, request.id) : undefined;
    if (!refresh) {
      clearRefreshCookie(reply, publicUrl());
      throw unauthorised(sessionEnded);
    }
    setRefreshCookie(reply, publicUrl(), refresh.token);
    return { token: await app.auth.issueAccessToken(refresh.userId) };
  });

  app.post('/logout', async (request, reply) => {
    const presented = request.cookies[refreshCookieName];
    const userId = presented ? await revokeRefreshToken(app.db, presented) : undefined;
    if (userId) await recordAuthEvent(app.db, { action: 'auth.signOut', userId, requestId: request.id });
    clearRefreshCookie(reply, publicUrl());
    return reply.code(204).send();
  });
};
