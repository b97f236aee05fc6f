/**
 * The addresses a share link is sent to, as the sharer types them (one field: separated by
 * commas, semicolons, spaces or lines), checked with the one e-mail rule of common/ before
 * anything is sent: each one once (without case), at most SHARE_MAIL_RECIPIENTS_MAX. And what
 * the link's row says of a sending's e-mails (deliveryLines).
 */
import { SHARE_MAIL_RECIPIENTS_MAX, type ReportShareDelivery, type ReportShareMail } from '../../../common/modules/questionnaires/schemas';
import { isEmail } from '../../../common/schemas/email';

export interface ParsedRecipients {
  /** The valid addresses, each once, in the order typed. */
  addresses: string[];
  /** What was typed that is no e-mail address. */
  invalid: string[];
  /** More addresses than one sending takes. */
  tooMany: boolean;
}

export function parseRecipients(text: string): ParsedRecipients {
  const seen = new Set<string>();
  const addresses: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (part === '') continue;
    if (!isEmail(part)) invalid.push(part);
    else if (!seen.has(part.toLowerCase())) {
      seen.add(part.toLowerCase());
      addresses.push(part);
    }
  }
  return { addresses, invalid, tooMany: addresses.length > SHARE_MAIL_RECIPIENTS_MAX };
}

/** One line of a sending in the link's row: the addresses whose e-mails share a fate, as the row words it. */
export interface DeliveryLine {
  /** 'untracked': an address of the sending whose e-mail the outbox no longer knows. */
  state: ReportShareDelivery['state'] | 'untracked';
  recipients: string[];
  /** The sent ones' date as shown (e-mails sent within the same shown minute share a line). */
  date: string | null;
  failure: ReportShareDelivery['failure'];
  error: string | null;
}

/** A sending's e-mails grouped by what the row says of them, in the order of its addresses. */
export function deliveryLines(mail: Pick<ReportShareMail, 'recipients' | 'deliveries'>, formatDate: (iso: string) => string): DeliveryLine[] {
  const lines = new Map<string, DeliveryLine>();
  const add = (line: Omit<DeliveryLine, 'recipients'>, recipient: string) => {
    const key = JSON.stringify(line);
    const found = lines.get(key);
    if (found) found.recipients.push(recipient);
    else lines.set(key, { ...line, recipients: [recipient] });
  };
  for (const d of mail.deliveries) add({ state: d.state, date: d.sentAt === null ? null : formatDate(d.sentAt), failure: d.failure, error: d.error }, d.recipient);
  const told = new Set(mail.deliveries.map((d) => d.recipient.toLowerCase()));
  for (const recipient of mail.recipients) {
    if (!told.has(recipient.toLowerCase())) add({ state: 'untracked', date: null, failure: null, error: null }, recipient);
  }
  return [...lines.values()];
}
