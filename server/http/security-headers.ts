import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { accountUrl } from '../storage/blob-store';

type Directives = NonNullable<Exclude<NonNullable<Parameters<typeof helmet.contentSecurityPolicy>[0]>, boolean | undefined>['directives']>;

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

/** The file origins as the policies list them, worked out again only when the configuration changes. */
let lastOrigins: { readonly key: string; readonly origins: string } | undefined;
function fileOriginsOf(config: Pick<AppConfig, 'publicUrl' | 'azureStorageConnectionString' | 'blobPublicUrl'>): string {
  const key = `${config.publicUrl} ${config.azureStorageConnectionString ?? ''} ${config.blobPublicUrl ?? ''}`;
  if (lastOrigins?.key !== key) lastOrigins = { key, origins: blobOrigins(config).join(' ') };
  return lastOrigins.origins;
}

/** Issue 12 §1: scripts from this origin only, never inline; styles from it or carrying this response's nonce. */
export function portalDirectives(config: AppConfig): Directives {
  // Tests set publicUrl once they listen, so the portal's own origin is read on each response.
  const fileOrigins = () => fileOriginsOf(config);
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

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;
type Policy = ReturnType<typeof helmet>;
/** What puts a route's security headers on a response: helmet's middleware, or its recorded writes. */
type SecurityHeaders = (request: IncomingMessage, response: ServerResponse, done: (error?: unknown) => void) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers this route's responses carry (set for every route by `securityHeaders`). */
    securityHeaders?: SecurityHeaders;
  }
}

/**
 * The policy each kind of route answers with. Pages (and anything unrouted) carry the page policy.
 * File bodies (the embedded blob store) are not pages of ours: a document policy would break Chrome's
 * PDF viewer, and what keeps an uploaded file from running on this origin is its forced content type
 * with nosniff. The development mailbox shows stored email HTML, which is written with inline styles
 * as email has to be. The API answers JSON and files, never a page that writes an inline style, so its
 * policy allows none and needs no per-response nonce.
 */
type RouteKind = 'page' | 'blob' | 'mailbox' | 'api';

function routeKind(url: string): RouteKind {
  if (url.startsWith('/blob/')) return 'blob';
  if (url.startsWith('/dev/mailbox')) return 'mailbox';
  if (url.startsWith('/api/')) return 'api';
  return 'page';
}

/** What a policy does to a response, in order: each header it sets (with its value) or removes (undefined). */
type HeaderWrites = readonly (readonly [name: string, value: string | undefined])[];

/**
 * Runs a policy's middleware once on a recording response. Only for a policy with no per-response
 * part (no nonce): what it writes then depends on nothing but its options and the file origins.
 */
function recordedWrites(policy: Policy): HeaderWrites {
  const writes: [string, string | undefined][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => writes.push([name, String(value)]),
    removeHeader: (name: string) => writes.push([name, undefined]),
  };
  let failure: unknown;
  policy({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return writes;
}

/** Puts a recorded policy's headers on a response. */
function replay(writes: HeaderWrites, response: ServerResponse): void {
  for (const [name, value] of writes) {
    if (value === undefined) response.removeHeader(name);
    else response.setHeader(name, value);
  }
}

/**
 * Security headers on every response (helmet); register it before any route. Each policy's
 * middleware is built once: @fastify/helmet builds a new helmet, parsing every directive again, on each
 * request (7% of a list request's time, issue 11). The policies of API, file and mailbox answers have no
 * per-response part, so what their middleware writes is recorded once per set of file origins and
 * replayed: running helmet's dozen middlewares on each answer costs another 8% of a list request's CPU.
 * Pages carry a fresh nonce, so their policy runs on each response.
 */
export const securityHeaders = fp(
  async (app) => {
    const directives = portalDirectives(app.config);
    const options: HelmetOptions = {
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: app.config.mode === 'production' ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    };
    const withStyles = (styles: string[]) => helmet({ ...options, contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'style-src': styles } } });
    const page = helmet(options);
    const fixed: Record<Exclude<RouteKind, 'page'>, Policy> = {
      blob: helmet({ ...options, contentSecurityPolicy: false }),
      mailbox: withStyles(["'self'", "'unsafe-inline'"]),
      api: withStyles(["'self'"]),
    };
    // Tests set publicUrl once they listen: recorded again when the file origins change (never in a deployment).
    let recorded: { readonly origins: string; readonly writes: Record<Exclude<RouteKind, 'page'>, HeaderWrites> } | undefined;
    const recordedFor = (origins: string) => {
      if (recorded?.origins !== origins) {
        recorded = { origins, writes: { blob: recordedWrites(fixed.blob), mailbox: recordedWrites(fixed.mailbox), api: recordedWrites(fixed.api) } };
      }
      return recorded.writes;
    };
    const replayed =
      (kind: Exclude<RouteKind, 'page'>): SecurityHeaders =>
      (_request, response, done) => {
        replay(recordedFor(fileOriginsOf(app.config))[kind], response);
        done();
      };
    const policies: Record<RouteKind, SecurityHeaders> = { page, blob: replayed('blob'), mailbox: replayed('mailbox'), api: replayed('api') };
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, securityHeaders: policies[routeKind(route.url)] };
    });
    // Not-found and error answers have no route of their own: they carry the page policy.
    app.addHook('onRequest', (request, reply, done) => {
      (request.routeOptions.config.securityHeaders ?? policies.page)(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
