/**
 * What the SMTP server on loopback received (scripts/smtp-capture.mjs, started with the test
 * server by scripts/e2e-server.mjs): the place to check that an alert gave exactly one e-mail
 * per recipient, whatever the app and the server believe they did.
 */
import type { CapturedMessage } from '../../scripts/smtp-capture.mjs';
import { BASE_URL } from '../../playwright.config';

/** One e-mail as the capture keeps it (its type beside the capture: scripts/smtp-capture.d.mts). */
export type CapturedMail = CapturedMessage;

/** Same rule as scripts/smtp-capture.mjs captureHttpPort: E2E_MAIL_PORT, else the app's port + 10000. */
const captureUrl = (): string => {
  const port = process.env.E2E_MAIL_PORT || String(Number(new URL(BASE_URL).port) + 10_000);
  return `http://127.0.0.1:${port}/messages`;
};

export async function capturedMails(): Promise<CapturedMail[]> {
  const response = await fetch(captureUrl());
  if (!response.ok) throw new Error(`SMTP capture answered ${response.status}`);
  return (await response.json()) as CapturedMail[];
}

/** The captured e-mails addressed to any of `recipients` (case-insensitive). */
export async function mailsTo(recipients: readonly string[]): Promise<CapturedMail[]> {
  const wanted = new Set(recipients.map((r) => r.toLowerCase()));
  return (await capturedMails()).filter((mail) => mail.to.some((to) => wanted.has(to.toLowerCase())));
}
