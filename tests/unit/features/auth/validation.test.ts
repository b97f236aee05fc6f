import { describe, expect, it } from 'vitest';
import { hasErrors, validateCredentials } from '../../../../src/features/auth/validation';

describe('login validation', () => {
  it('requires the e-mail and the password', () => {
    expect(validateCredentials({ email: '  ', password: '' })).toEqual({
      email: { key: 'validation.email_required' },
      password: { key: 'validation.password_required' },
    });
  });

  it('rejects e-mail addresses that are not well formed', () => {
    for (const email of ['user', 'user@', '@example.com', 'user@example', 'us er@example.com', 'user@example..com']) {
      expect(validateCredentials({ email, password: 'long-enough' }).email, email).toEqual({ key: 'validation.email_invalid' });
    }
  });

  it('accepts ordinary e-mail addresses, surrounding spaces included', () => {
    for (const email of ['user@example.com', 'first.last+tag@sub.example.fr', ' élodie@exemple.fr ']) {
      expect(validateCredentials({ email, password: 'long-enough' }), email).toEqual({});
    }
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateCredentials({ email: 'a@b.fr', password: '1234567' }).password).toEqual({
      key: 'validation.password_min_length',
      values: { min: 8 },
    });
    expect(validateCredentials({ email: 'a@b.fr', password: '12345678' })).toEqual({});
  });

  it('needs no password in SSO mode', () => {
    const errors = validateCredentials({ email: 'a@b.fr', password: '' }, { sso: true });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
    expect(hasErrors(validateCredentials({ email: '', password: '' }, { sso: true }))).toBe(true);
  });
});
