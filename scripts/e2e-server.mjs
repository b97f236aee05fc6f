// The server the browser tests run against: the built app and the real server on a fresh
// embedded data folder (seeded with the demo data), removed when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startOidcProvider } from './oidc-provider.mjs';
import { captureHttpPort, startSmtpCapture } from './smtp-capture.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'vigie-e2e-'));
// VIGIE_SERVER_OUT_DIR / VIGIE_STATIC_DIR: a build other than server/dist and dist.
const serverDir = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist';
// A real OpenID provider on loopback for the SSO tests; the seed points Acme at it.
const appUrl = process.env.VIGIE_PUBLIC_URL || `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const oidc = await startOidcProvider({ redirectUris: [`${appUrl}/api/auth/sso/callback`] });
// A real SMTP server on loopback keeping what it receives (scripts/smtp-capture.mjs): the
// app's mail worker delivers to it unless SMTP_URL names another one.
const mail = await startSmtpCapture({ httpPort: captureHttpPort() });
const server = spawn(process.execPath, ['--enable-source-maps', join(serverDir, 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    VIGIE_DATA_DIR: dataDir,
    VIGIE_PGLITE_TEMPLATE_DIR: resolve('node_modules/.cache/vigie/pglite-template'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    VIGIE_DEMO_OIDC_ISSUER: oidc.issuer,
    SMTP_URL: process.env.SMTP_URL || mail.smtpUrl,
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  cleanUp();
  await oidc.close();
  await mail.close();
  process.exit(code ?? 0);
});
