/**
 * The addresses a share link is sent to, as the sharer types them (one field: separated by
 * commas, semicolons, spaces or lines), checked with the one e-mail rule of common/ before
 * anything is sent: each one once (without case), at most SHARE_MAIL_RECIPIENTS_MAX.
 */
import { SHARE_MAIL_RECIPIENTS_MAX } from '../../../common/modules/questionnaryV2/schemas';
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
