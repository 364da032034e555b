import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from '../../src/domain/token';
import { refreshLifetimeSeconds } from './refresh-tokens';

export const refreshCookieName = 'portal_refresh';
const signInCookieName = 'portal_signin';
const signInLifetimeSeconds = 10 * 60;

const isHttps = (publicUrl: string) => publicUrl.startsWith('https:');

/** DESIGN.md: the refresh token lives in an httpOnly SameSite=Strict cookie scoped to /api/auth. */
export function setRefreshCookie(reply: FastifyReply, publicUrl: string, token: string): void {
  reply.setCookie(refreshCookieName, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(publicUrl),
    maxAge: refreshLifetimeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(refreshCookieName, { path: '/api/auth', httpOnly: true, sameSite: 'strict', secure: isHttps(publicUrl) });
}

export interface SignInTransaction {
  readonly provider: Provider;
  readonly codeVerifier: string;
  readonly state: string;
  readonly nonce: string;
  /** The check-in page the sign-in comes back to, when its drawn form started it (src/domain/check-in-page.ts). */
  readonly returnTo?: string;
  readonly expiresAt: number;
}

// Apple answers with a cross-site form POST, which only carries SameSite=None cookies (https only).
const signInCookieOptions = (publicUrl: string) =>
  ({
    path: '/api/auth/callback',
    httpOnly: true,
    sameSite: isHttps(publicUrl) ? 'none' : 'lax',
    secure: isHttps(publicUrl),
  }) as const;

export function setSignInCookie(reply: FastifyReply, publicUrl: string, secret: string, transaction: Omit<SignInTransaction, 'expiresAt'>): void {
  const value: SignInTransaction = { ...transaction, expiresAt: Date.now() + signInLifetimeSeconds * 1000 };
  const signed = fastifyCookie.sign(Buffer.from(JSON.stringify(value)).toString('base64url'), secret);
  reply.setCookie(signInCookieName, signed, { ...signInCookieOptions(publicUrl), maxAge: signInLifetimeSeconds });
}

export function readSignInCookie(request: FastifyRequest, secret: string): SignInTransaction | undefined {
  const raw = request.cookies[signInCookieName];
  if (!raw) return undefined;
  const unsigned = fastifyCookie.unsign(raw, secret);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const transaction = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as SignInTransaction;
  return transaction.expiresAt > Date.now() ? transaction : undefined;
}

export function clearSignInCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(signInCookieName, signInCookieOptions(publicUrl));
}
