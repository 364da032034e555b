import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, ProviderContext } from 'oidc-provider';
import { providers } from '../../src/domain/token';
import { devDatabaseAdapter } from './dev-database-adapter';
import { renderProblemPage } from './dev-pages';
import { devInteractionRoutes } from './dev-interaction-routes';
import { sharedServerKey } from './server-keys';

export const devClientId = 'portal-dev';
const devMountPath = '/oidc';
export const devIssuer = (publicUrl: string) => `${publicUrl}${devMountPath}`;

interface DevProvider {
  readonly provider: Provider;
  readonly handle: (request: IncomingMessage & { originalUrl?: string }, response: ServerResponse) => Promise<void>;
}

/**
 * DESIGN.md's development identity provider (never in production): an oidc-provider issuer at
 * `${publicUrl}/oidc` whose sign-in page lists the demo accounts. The issuer follows
 * app.config.publicUrl, which whoever starts the app may set after listening.
 */
export async function mountDevProvider(app: FastifyInstance, cookieSecret: string): Promise<void> {
  const devProvider = devProviderFor(app, cookieSecret);

  await app.register(async (mounted) => {
    // Every request the provider reads, its own routes' and the sign-in page's, first has its X-Forwarded-* set by the portal.
    mounted.addHook('onRequest', async (request) => forwardAsThePortalSeesIt(request, app.config.publicUrl));
    await mounted.register(async (oidc) => {
      oidc.removeAllContentTypeParsers();
      oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));
      oidc.all(`${devMountPath}/*`, async (request, reply) => {
        const { handle } = await devProvider();
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url?.slice(devMountPath.length) || '/';
        await handle(raw, reply.raw);
      });
    });
    await mounted.register(devInteractionRoutes, { devProvider, prefix: devMountPath });
  });
}

/**
 * Issue 12 §6: oidc-provider runs on Koa, which in proxy mode believes X-Forwarded-Host, -Proto and
 * -For from whoever sends them. Here it sees the portal as the rest of the portal does: the scheme and
 * host of PUBLIC_URL, which every link and the Secure flag of the portal's cookies are built from (so
 * its endpoints, redirects and cookies follow PUBLIC_URL, also for the portal's own in-process calls),
 * and the client address Fastify took under TRUST_PROXY. Whatever a client sent in those headers is
 * replaced before the provider reads the request.
 */
function forwardAsThePortalSeesIt(request: FastifyRequest, publicUrl: string): void {
  const portal = new URL(publicUrl);
  const { ip } = request;
  const { headers } = request.raw;
  headers['x-forwarded-proto'] = portal.protocol.slice(0, -1);
  headers['x-forwarded-host'] = portal.host;
  headers['x-forwarded-for'] = ip;
}

function devProviderFor(app: FastifyInstance, cookieSecret: string): () => Promise<DevProvider> {
  const Adapter = devDatabaseAdapter(app.db);
  let current: { issuer: string; devProvider: Promise<DevProvider> } | undefined;

  const create = async (publicUrl: string): Promise<DevProvider> => {
    const { default: OidcProvider } = await import('oidc-provider');
    const signingKey = JSON.parse(await sharedServerKey(app.db, 'dev-oidc-rs256', generateDevSigningKey)) as JsonWebKey;
    const provider = new OidcProvider(devIssuer(publicUrl), {
      adapter: Adapter,
      clients: [
        {
          client_id: devClientId,
          client_name: 'SiteSafe Portal',
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code'],
          response_types: ['code'],
          redirect_uris: providers.map((name) => `${publicUrl}/api/auth/callback/${name}`),
        },
      ],
      jwks: { keys: [{ ...signingKey, alg: 'RS256', use: 'sig', kid: 'dev-rs256' }] },
      cookies: { keys: [cookieSecret] },
      scopes: ['openid', 'email'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      interactions: { url: (_context: unknown, interaction: { uid: string }) => `${devMountPath}/interaction/${interaction.uid}` },
      ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      findAccount: async (_context, sub) => ({
        accountId: sub,
        claims: async () => ({ sub, email: sub, email_verified: true }),
      }),
      loadExistingGrant: grantWithoutConsent,
      renderError: async (context, out) => {
        context.type = 'html';
        context.body = renderProblemPage(out.error_description ?? out.error ?? 'Something went wrong', `${app.config.publicUrl}/`);
      },
    } satisfies Configuration);
    // Koa reads X-Forwarded-*, which forwardAsThePortalSeesIt has set from PUBLIC_URL and request.ip (TRUST_PROXY).
    provider.proxy = true;
    provider.on('server_error', (_context, error) => app.log.error({ err: error }, 'development identity provider failed'));
    return { provider, handle: provider.callback() };
  };

  return () => {
    const issuer = devIssuer(app.config.publicUrl);
    if (current?.issuer !== issuer) current = { issuer, devProvider: create(app.config.publicUrl) };
    return current.devProvider;
  };
}

const generateDevSigningKey = () => JSON.stringify(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }));

// The portal is the provider's only client, so signing in implies consent: no consent screen.
async function grantWithoutConsent(context: ProviderContext) {
  const { oidc } = context;
  const clientId = oidc.client?.clientId ?? devClientId;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (existing || !oidc.account) return existing;
  const grant = new oidc.provider.Grant({ accountId: oidc.account.accountId, clientId });
  grant.addOIDCScope('openid email');
  await grant.save();
  return grant;
}
