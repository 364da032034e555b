// The few parts of oidc-provider 9 the development identity provider uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    readonly jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface Interaction {
    readonly uid: string;
    readonly prompt: { readonly name: string };
    readonly params: Record<string, unknown>;
  }

  export interface ProviderContext {
    type: string;
    body: unknown;
    readonly oidc: {
      readonly provider: Provider;
      readonly client?: { readonly clientId: string };
      readonly account?: { readonly accountId: string };
      readonly session: { readonly accountId?: string; grantIdFor(clientId: string): string | undefined };
      readonly result?: { readonly consent?: { readonly grantId?: string } };
    };
  }

  export interface Account {
    readonly accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export type Configuration = Record<string, unknown> & {
    findAccount(context: ProviderContext, sub: string): Promise<Account | undefined>;
    loadExistingGrant(context: ProviderContext): Promise<Grant | undefined>;
    renderError(context: ProviderContext, out: Record<string, string>, error: Error): Promise<void>;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    readonly issuer: string;
    readonly Grant: {
      new (properties: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: 'server_error', listener: (context: ProviderContext, error: Error) => void): this;
  }
}
