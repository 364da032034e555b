import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { accountUrl } from '../storage/blob-store';

type Directives = NonNullable<Exclude<FastifyHelmetOptions['contentSecurityPolicy'], boolean | undefined>['directives']>;

const styleNonces = new WeakMap<ServerResponse, string>();

function nonceOf(response: ServerResponse): string {
  let nonce = styleNonces.get(response);
  if (nonce === undefined) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(response, nonce);
  }
  return nonce;
}

/**
 * The nonce this response's policy allows inline <style> elements with. Radix's scroll lock
 * (react-style-singleton) writes one when a dialog, menu or select opens; the SPA reads the nonce
 * from index.html's csp-nonce meta.
 */
export const styleNonce = (reply: FastifyReply) => nonceOf(reply.raw);

/** Where browsers upload files and read them back: Azure's endpoint (or BLOB_PUBLIC_URL), else the portal's own /blob. */
export function blobOrigins(config: Pick<AppConfig, 'publicUrl' | 'azureStorageConnectionString' | 'blobPublicUrl'>): string[] {
  const endpoint = config.azureStorageConnectionString ? (config.blobPublicUrl ?? accountUrl(config.azureStorageConnectionString)) : config.publicUrl;
  return [new URL(endpoint).origin];
}

/** Issue 12 §1: scripts from this origin only, never inline; styles from it or carrying this response's nonce. */
export function portalDirectives(config: AppConfig): Directives {
  // Tests set publicUrl once they listen, so the portal's own origin is read on each response.
  const fileOrigins = () => blobOrigins(config).join(' ');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", (_request, response) => `'nonce-${nonceOf(response)}'`],
    'img-src': ["'self'", 'data:', 'blob:', fileOrigins],
    'connect-src': ["'self'", fileOrigins],
    'font-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Pages the policy is not written for. File bodies (the embedded blob store) are not pages of ours:
 * a document policy would break Chrome's PDF viewer, and what keeps an uploaded file from running on
 * this origin is its forced content type with nosniff. The development mailbox shows stored email
 * HTML, which is written with inline styles as email has to be.
 */
function routePolicy(url: string, directives: Directives): FastifyHelmetOptions | undefined {
  if (url.startsWith('/blob/')) return { contentSecurityPolicy: false };
  if (url.startsWith('/dev/mailbox')) {
    return { contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'style-src': ["'self'", "'unsafe-inline'"] } } };
  }
  return undefined;
}

/** Security headers on every response (@fastify/helmet); register it before any route. */
export const securityHeaders = fp(
  async (app) => {
    const directives = portalDirectives(app.config);
    // Runs before helmet's own onRoute hook, which reads the route's `helmet` option.
    app.addHook('onRoute', (route) => {
      route.helmet ??= routePolicy(route.url, directives);
    });
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: app.config.mode === 'production' ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
