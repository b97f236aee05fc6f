/**
 * A real SMTP server on loopback for the mail tests: it keeps every message it accepts, and its
 * `policy` may refuse a recipient with an SMTP code. `decodedBody` reads a message's text.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  rcpt: string[];
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for the config's SMTP_URL or a MailWorker. */
  url: string;
  /** The messages accepted so far (empty it with `received.length = 0`). */
  received: Received[];
  /** An SMTP code refusing `address`, or null to accept it. */
  policy: (address: string) => number | null;
  close: () => Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const capture: SmtpCapture = { url: '', received: [], policy: () => null, close: async () => undefined };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = capture.policy(address.address);
      if (code === null) return callback();
      callback(Object.assign(new Error(code >= 500 ? 'No such mailbox' : 'Try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        capture.received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  capture.url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  capture.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return capture;
}

/** The decoded text of every MIME part of a raw message (quoted-printable or base64 bodies). */
export function decodedBody(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return body;
    })
    .join('\n');
}
