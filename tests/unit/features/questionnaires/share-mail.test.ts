import { describe, expect, it } from 'vitest';
import { SHARE_MAIL_RECIPIENTS_MAX } from '../../../../common/modules/questionnaires/schemas';
import { parseRecipients } from '../../../../src/features/questionnaires/share-mail';

describe('the addresses a share link is sent to', () => {
  it('splits on commas, semicolons, spaces and lines; keeps each address once whatever its case', () => {
    expect(parseRecipients(' client@example.org, Inspecteur@example.org;inspecteur@example.org\nassureur@example.fr  ')).toEqual({
      addresses: ['client@example.org', 'Inspecteur@example.org', 'assureur@example.fr'],
      invalid: [],
      tooMany: false,
    });
    expect(parseRecipients('   ')).toEqual({ addresses: [], invalid: [], tooMany: false });
  });

  it('names what is no address, by the rule of common/ (the server’s)', () => {
    expect(parseRecipients('ok@example.org pas-une-adresse a@b <x@example.org>').invalid).toEqual(['pas-une-adresse', 'a@b', '<x@example.org>']);
  });

  it(`takes ${SHARE_MAIL_RECIPIENTS_MAX} addresses at most`, () => {
    const many = Array.from({ length: SHARE_MAIL_RECIPIENTS_MAX + 1 }, (_, i) => `p${i}@example.org`);
    expect(parseRecipients(many.slice(0, -1).join(',')).tooMany).toBe(false);
    expect(parseRecipients(many.join(',')).tooMany).toBe(true);
  });
});
