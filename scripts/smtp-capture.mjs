// A real SMTP server on loopback that keeps every message it accepts, and a small HTTP
// endpoint on loopback to read them: the browser tests check "exactly one e-mail per
// recipient" where it counts, at the SMTP server, not in the app's own records.
//   GET http://127.0.0.1:<httpPort>/messages → [{ to, from, subject, messageId, links, receivedAt }]
// Started by scripts/e2e-server.mjs, which hands the SMTP address to the app as SMTP_URL.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** The header block of a raw message, folded lines joined. */
function headerOf(raw, name) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return match ? match[1].trim() : null;
}

/** Viewer links in the body (quoted-printable soft breaks undone first). */
function linksOf(raw) {
  const body = raw.replace(/=\r?\n/g, '');
  return [...new Set(body.match(/https?:\/\/[^\s"<>]+\/viewerThirdParty\/[A-Za-z0-9_-]{43}/g) ?? [])];
}

/**
 * @param {{ httpPort: number, host?: string }} options
 * @returns {Promise<{ smtpUrl: string, httpUrl: string, close: () => Promise<void> }>}
 */
export async function startSmtpCapture({ httpPort, host = '127.0.0.1' }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          subject: headerOf(raw, 'Subject'),
          messageId: headerOf(raw, 'Message-ID'),
          links: linksOf(raw),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, host, resolve);
  });
  const http = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, host, resolve);
  });
  return {
    smtpUrl: `smtp://${host}:${smtp.server.address().port}`,
    httpUrl: `http://${host}:${http.address().port}`,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => http.close(resolve)),
      ]).then(() => undefined),
  };
}

/** The HTTP port the browser tests read the capture from: E2E_MAIL_PORT, else the app's port + 10000. */
export const captureHttpPort = (env = process.env) => Number(env.E2E_MAIL_PORT || Number(env.PORT || env.E2E_PORT || 8181) + 10_000);
