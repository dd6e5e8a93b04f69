/**
 * The part of oidc-provider 9 this service uses. The package ships no types, and the
 * DefinitelyTyped ones are not installed; configuration stays loosely typed on purpose
 * (oidc-provider validates it when a Provider is made).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextLike {
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    set(name: string, value: string): void;
    oidc?: { route?: string; client?: ClientLike };
  }

  export interface ClientLike {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    grantTypeAllowed(type: string): boolean;
    applicationType: string;
  }

  export interface InteractionLike {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    returnTo: string;
    exp: number;
  }

  export interface GrantLike {
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface GrantConstructor {
    new (init: { accountId: string; clientId: string }): GrantLike;
    find(id: string): Promise<GrantLike | undefined>;
  }

  export type ProviderConfiguration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: (ctx: KoaContextLike, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionLike>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    readonly Client: { find(id: string): Promise<ClientLike | undefined> };
    readonly Grant: GrantConstructor;
  }

  export class OIDCProviderError extends Error {
    constructor(status: number, message: string);
    error: string;
    error_description?: string;
    status: number;
    expose: boolean;
  }

  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    InvalidClientMetadata: new (description: string) => OIDCProviderError;
    InvalidRedirectUri: new (description: string) => OIDCProviderError;
    InvalidTarget: new (description?: string) => OIDCProviderError;
    SessionNotFound: new (description: string) => OIDCProviderError;
  };

  export default Provider;
}
