/**
 * Demo single sign-on, only when VIGIE_DEMO_OIDC_ISSUER names a provider (the loopback one of
 * scripts/oidc-provider.mjs in the browser tests): Acme Industrie logs in there, and the
 * accounts of DEMO_SSO_ACCOUNTS get the SSO flag. Applied at every start, so pointing an
 * existing demo installation at a provider (or at another one) works too.
 */
import type { Databases } from '../db/databases.js';
import { DEMO_HOME } from './demo-data.js';

/** The client registered in scripts/oidc-provider.mjs (same values there). */
export const DEMO_OIDC_CLIENT_ID = 'vigie-demo';
export const DEMO_OIDC_CLIENT_SECRET = 'vigie-demo-oidc-secret';
/**
 * Accounts that may log in with SSO. The district administrator and the district switcher
 * keep password login only, so the refusal of a non-SSO account can be seen in the demo too.
 */
export const DEMO_SSO_ACCOUNTS = ['operator@demo.vigie.test', 'field@demo.vigie.test'] as const;

export async function seedDemoSso(databases: Databases, issuer: string): Promise<void> {
  await databases.control.query('update clients set oidc_issuer = $2, oidc_client_id = $3, oidc_client_secret = $4 where database = $1', [
    DEMO_HOME.database,
    issuer,
    DEMO_OIDC_CLIENT_ID,
    DEMO_OIDC_CLIENT_SECRET,
  ]);
  await databases.control.query('update accounts set sso = true where lower(email) = any($1::text[])', [[...DEMO_SSO_ACCOUNTS]]);
}
