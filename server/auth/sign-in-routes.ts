import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { decode } from '../../src/domain/decode';
import { checkInReturnPath } from '../../src/domain/check-in-page';
import { returnToParam } from '../../src/domain/login-page';
import { ProviderSchema, type Provider } from '../../src/domain/token';
import { badRequest } from '../http/errors';
import { findOrCreateUserByIdentity } from '../users/repository';
import { recordAuthEvent } from './audit';
import { createAuthCode } from './auth-codes';
import { clearSignInCookie, readSignInCookie, setSignInCookie } from './cookies';
import { devIssuer } from './dev-provider';
import type { SignInClients } from './identity-providers';

interface Options {
  readonly signInClients: SignInClients;
  readonly cookieSecret: string;
}

type ProviderRequest = FastifyRequest<{ Params: { provider: string } }>;
type SignInStart = { Params: { provider: string }; Querystring: Record<string, unknown> };

const providerLabels: Record<Provider, string> = { google: 'Google', apple: 'Apple' };

/** Google and Apple send email_verified as a boolean, Apple sometimes as the string 'true'. */
const isVerified = (value: unknown) => value === true || value === 'true';

export const signInRoutes: FastifyPluginAsync<Options> = async (app, { signInClients, cookieSecret }) => {
  const publicUrl = () => app.config.publicUrl;
  const callbackUrl = (provider: Provider) => `${publicUrl()}/api/auth/callback/${provider}`;

  const providerOf = (request: ProviderRequest): Provider => {
    const provider = decode(ProviderSchema, request.params.provider);
    if (!provider.ok) throw badRequest('Sign-in is offered with Google or Apple only');
    return provider.value;
  };

  /** Where the app lands after the callback: with the check-in page to go back to, when the sign-in carried one. */
  const landing = (query: string, returnTo: string | undefined) =>
    `${publicUrl()}/?${query}${returnTo ? `&${returnToParam}=${encodeURIComponent(returnTo)}` : ''}`;

  app.get<SignInStart>('/login/:provider', { config: { limit: 'signInStart' } }, async (request, reply) => {
    const provider = providerOf(request);
    // Issue 11: the drawn check-in page's form sends its own address; anything that is not a check-in page is not followed.
    const wanted = request.query[returnToParam];
    const returnTo = checkInReturnPath(typeof wanted === 'string' ? wanted : undefined);
    if (!signInClients.isConfigured(provider)) throw badRequest(`Sign-in with ${providerLabels[provider]} is not configured`);
    try {
      const client = await signInClients.resolve(provider);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const transaction = { provider, codeVerifier, state: oidc.randomState(), nonce: oidc.randomNonce(), ...(returnTo ? { returnTo } : {}) };
      const url = oidc.buildAuthorizationUrl(client.configuration, {
        redirect_uri: callbackUrl(provider),
        scope: client.scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
        ...(client.responseMode ? { response_mode: client.responseMode } : {}),
        ...(client.prompt ? { prompt: client.prompt } : {}),
      });
      setSignInCookie(reply, publicUrl(), cookieSecret, transaction);
      if (client.issuer === devIssuer(publicUrl())) forgetDevProviderSession(reply);
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.warn({ err: error, provider }, 'sign-in could not start');
      return reply.redirect(landing('signInError=1', returnTo), 302);
    }
  });

  // Spec §8: a failed sign-in is only logged; the SPA learns of it from signInError and shows nothing more.
  const callback = async (request: ProviderRequest, reply: FastifyReply) => {
    clearSignInCookie(reply, publicUrl());
    const transaction = readSignInCookie(request, cookieSecret);
    try {
      const provider = providerOf(request);
      if (!transaction || transaction.provider !== provider) throw new Error('No sign-in in progress for this browser');
      const client = await signInClients.resolve(provider);
      const tokens = await oidc.authorizationCodeGrant(client.configuration, authorisationResponseUrl(request, callbackUrl(provider)), {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || !isVerified(claims.email_verified)) {
        throw new Error('The identity provider did not vouch for an email address');
      }
      const user = await findOrCreateUserByIdentity(app.db, { issuer: claims.iss, subject: claims.sub, email: claims.email });
      const code = await createAuthCode(app.db, user.id);
      await recordAuthEvent(app.db, { action: 'auth.signIn', userId: user.id, detail: { provider, issuer: claims.iss }, requestId: request.id });
      return reply.redirect(landing(`code=${encodeURIComponent(code)}`, transaction.returnTo), 302);
    } catch (error) {
      request.log.warn({ err: error, provider: request.params.provider }, 'sign-in failed');
      return reply.redirect(landing('signInError=1', transaction?.returnTo), 302);
    }
  };
  app.route<{ Params: { provider: string } }>({ method: ['GET', 'POST'], url: '/callback/:provider', config: { limit: 'signInCallback' }, handler: callback });
};

/** The authorisation response as openid-client reads it: query parameters, or a form_post body (Apple). */
function authorisationResponseUrl(request: FastifyRequest, callbackUrl: string): URL {
  const url = new URL(callbackUrl);
  const source = request.method === 'POST' ? request.body : request.query;
  for (const [name, value] of Object.entries((source ?? {}) as Record<string, unknown>)) {
    for (const item of [value].flat()) if (typeof item === 'string') url.searchParams.append(name, item);
  }
  return url;
}

/**
 * The development provider shares the portal's origin, so its session cookie would sign the previous
 * person straight back in (and oidc-provider cannot switch accounts inside one session): each sign-in
 * through it starts without one, and its page always asks who is signing in.
 */
function forgetDevProviderSession(reply: FastifyReply): void {
  for (const name of ['_session', '_session.sig', '_session.legacy', '_session.legacy.sig']) {
    reply.clearCookie(name, { path: '/' });
  }
}
