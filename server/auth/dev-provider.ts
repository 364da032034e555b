import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, ProviderContext } from 'oidc-provider';
import { providers } from '../../src/domain/token';
import { devDatabaseAdapter } from './dev-database-adapter';
import { renderProblemPage } from './dev-pages';
import { devInteractionRoutes } from './dev-interaction-routes';
import { sharedServerKey } from './server-keys';

export const devClientId = 'portal-dev';
export const devMountPath = '/oidc';
export const devIssuer = (publicUrl: string) => `${publicUrl}${devMountPath}`;

export interface DevProvider {
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

  await app.register(async (oidc) => {
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
  await app.register(devInteractionRoutes, { devProvider, prefix: devMountPath });
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
