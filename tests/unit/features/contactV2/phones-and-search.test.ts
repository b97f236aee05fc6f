/**
 * Contacts on a phone: a number as people write it becomes an address the phone dials or texts,
 * and the contact list's address keeps only what the server would accept.
 */
import { describe, expect, it } from 'vitest';
import { phoneHref, smsHref } from '../../../../src/features/contactV2/phones';
import { validateContactSearch } from '../../../../src/features/contactV2/search';

const SITE = '0b5b3c3e-2f0d-4b4e-9a51-6d2f1e0c9a10';

describe('tap to call or text', () => {
  it('drops spaces, dots, dashes and brackets, keeping a leading +', () => {
    expect(phoneHref('06 12 34 56 78')).toBe('tel:0612345678');
    expect(phoneHref('+33 (6) 12.34-56-78')).toBe('tel:+33612345678');
    expect(smsHref('06-12-34-56-78')).toBe('sms:0612345678');
  });
});

describe('the contact list’s address', () => {
  it('keeps a search, a site, a known role and the flags', () => {
    expect(validateContactSearch({ search: 'durand', site: SITE, role: 'fireSafety', archived: 'true', deleted: true })).toEqual({
      search: 'durand',
      site: SITE,
      role: 'fireSafety',
      archived: 'true',
      deleted: 'true',
    });
  });

  it('drops an unknown role, a site that is no id and a blank search; keeps digits typed as a search', () => {
    expect(validateContactSearch({ role: 'boss', site: 'lyon', search: ' ' })).toEqual({});
    expect(validateContactSearch({ search: 612345678 })).toEqual({ search: '612345678' });
  });
});
