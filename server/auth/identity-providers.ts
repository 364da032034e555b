import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { Provider } from '../../src/domain/token';
import type { OidcClientConfig } from '../config';
import { appleClientAuth } from './apple-client-secret';
import { devClientId, devIssuer } from './dev-provider';
import { inProcessFetch } from './in-process-fetch';

export interface SignInClient {
  readonly issuer: string;
  readonly configuration: oidc.Configuration;
  readonly scope: string;
  readonly responseMode?: 'form_post';
  /** After a sign-out the next sign-in asks who is signing in rather than reusing the provider's session. */
  readonly prompt?: 'login' | 'select_account';
}

interface IssuerSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientAuth: oidc.ClientAuth;
  readonly options?: oidc.DiscoveryRequestOptions;
  readonly responseMode?: 'form_post';
  readonly prompt?: 'login' | 'select_account';
}

/**
 * DESIGN.md sign-in: one OpenID Connect code flow for every issuer. Google and Apple when configured,
 * else (outside production only) the development provider for both buttons; only settings differ.
 */
export function createSignInClients(app: FastifyInstance) {
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  const settingsFor = (provider: Provider): IssuerSettings | undefined => {
    const configured = app.config[provider];
    if (configured) return configuredSettings(configured);
    if (!app.config.devIdentityProvider) return undefined;
    const issuer = devIssuer(app.config.publicUrl);
    return {
      issuer,
      clientId: devClientId,
      clientAuth: oidc.None(),
      options: {
        [oidc.customFetch]: inProcessFetch(app),
        ...(issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
      prompt: 'login',
      // The development provider answers the Apple button as Apple does, so that path is exercised too.
      ...(provider === 'apple' ? { responseMode: 'form_post' as const } : {}),
    };
  };

  const discover = (settings: IssuerSettings) => {
    const key = `${settings.issuer} ${settings.clientId}`;
    const cached = discovered.get(key);
    if (cached) return cached;
    const configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, settings.clientAuth, settings.options);
    discovered.set(key, configuration);
    configuration.catch(() => discovered.delete(key));
    return configuration;
  };

  return {
    isConfigured: (provider: Provider) => settingsFor(provider) !== undefined,
    async resolve(provider: Provider): Promise<SignInClient> {
      const settings = settingsFor(provider);
      if (!settings) throw new Error(`Sign-in with ${provider} is not configured`);
      return {
        issuer: settings.issuer,
        configuration: await discover(settings),
        scope: 'openid email',
        ...(settings.responseMode ? { responseMode: settings.responseMode } : {}),
        ...(settings.prompt ? { prompt: settings.prompt } : {}),
      };
    },
  };
}

export type SignInClients = ReturnType<typeof createSignInClients>;

function configuredSettings(config: OidcClientConfig): IssuerSettings {
  if (config.apple) {
    return { issuer: config.issuer, clientId: config.clientId, clientAuth: appleClientAuth(config.clientId, config.apple), responseMode: 'form_post' };
  }
  const clientAuth = config.clientSecret ? oidc.ClientSecretPost(config.clientSecret) : oidc.None();
  return { issuer: config.issuer, clientId: config.clientId, clientAuth, prompt: 'select_account' };
}
