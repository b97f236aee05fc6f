// A real OpenID Connect provider on loopback (the oidc-provider package) for the SSO tests and
// the demo: one static confidential client, accounts = e-mail addresses, oidc-provider's
// development login page (any password), consent granted automatically (first-party client).
// Not for production: the keys are generated per start and the storage is in memory.
//
//   import { startOidcProvider } from './oidc-provider.mjs'   (tests, e2e-server.mjs)
//   node scripts/oidc-provider.mjs                              (standalone; see the env below)
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';

/** The demo client: the seed gives these to Acme when VIGIE_DEMO_OIDC_ISSUER is set. */
export const DEMO_OIDC_CLIENT_ID = 'vigie-demo';
export const DEMO_OIDC_CLIENT_SECRET = 'vigie-demo-oidc-secret';
/** The demo e-mails (server/src/seed/demo-data.ts), the accounts this provider knows by default. */
export const DEMO_OIDC_ACCOUNTS = [
  'operator@demo.vigie.test',
  'district-admin@demo.vigie.test',
  'field@demo.vigie.test',
  'districts@demo.vigie.test',
];

/**
 * Starts the provider. `redirectUris`: the Vigie callback URL(s) (`<public URL>/api/auth/sso/callback`).
 * Answers { issuer, close() }.
 */
export async function startOidcProvider({
  host = '127.0.0.1',
  port = 0,
  redirectUris,
  clientId = DEMO_OIDC_CLIENT_ID,
  clientSecret = DEMO_OIDC_CLIENT_SECRET,
  accounts = DEMO_OIDC_ACCOUNTS,
} = {}) {
  if (!redirectUris?.length) throw new Error('startOidcProvider needs redirectUris');
  const known = new Set(accounts.map((email) => email.toLowerCase()));
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const issuer = `http://${host}:${server.address().port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // The development login form takes any login and password: the login is the e-mail, and
    // only the known e-mails are accounts.
    async findAccount(_ctx, id) {
      const email = String(id).toLowerCase();
      if (!known.has(email)) return undefined;
      return { accountId: email, claims: async () => ({ sub: email, email, email_verified: true }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // First-party client: no consent screen, the grant is created on the spot.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Standalone: OIDC_PORT (default 8090), OIDC_REDIRECT_URI (default the app on :8080).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.OIDC_PORT ?? 8090);
  const redirect = process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:8080/api/auth/sso/callback';
  const { issuer, close } = await startOidcProvider({ port, redirectUris: [redirect] });
  console.log(`OpenID provider at ${issuer} (client ${DEMO_OIDC_CLIENT_ID}, redirect ${redirect})`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void close().then(() => process.exit(0)));
}
