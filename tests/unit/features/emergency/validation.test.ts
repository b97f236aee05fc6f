import { describe, expect, it } from 'vitest';
import { recipientError } from '../../../../src/features/emergency/validation';

describe('emergency recipient rules (aligned with the server)', () => {
  it.each(['secours@example.org', '  secours@example.org  ', 'first.last+tag@sub.example.fr'])('accepts %j', (value) => {
    expect(recipientError(value)).toBeNull();
  });

  it('requires an address', () => {
    expect(recipientError('   ')).toBe('required');
  });

  it.each([
    'a,b@example.org',
    'a;b@example.org',
    '"a"@example.org',
    '<a@example.org>',
    'a(b)@example.org',
    'a[b]@example.org',
    'a:b@example.org',
    'a\\b@example.org',
    'a\u0007b@example.org',
    // C1 control characters too (U+0085 is a line break to some mail software).
    'a\u0085b@example.org',
    'a b@example.org',
    'no-at.example.org',
    'a@nodot',
    `${'a'.repeat(250)}@example.org`,
  ])('refuses %j', (value) => {
    expect(recipientError(value)).toBe('invalid');
  });
});
