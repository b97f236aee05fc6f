// Types of scripts/oidc-provider.mjs for the TypeScript tests that import it.
export declare const DEMO_OIDC_CLIENT_ID: string;
export declare const DEMO_OIDC_CLIENT_SECRET: string;
export declare const DEMO_OIDC_ACCOUNTS: string[];
export interface OidcProviderOptions {
  host?: string;
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  accounts?: string[];
}
export declare function startOidcProvider(options: OidcProviderOptions): Promise<{ issuer: string; close(): Promise<void> }>;
