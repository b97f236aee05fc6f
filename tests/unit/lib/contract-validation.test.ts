/**
 * The app validates its forms with the API's own schemas: the e-mail rule is the
 * Email schema's pattern and maxLength wherever an address is typed, and the administration
 * forms check with TypeBox's interpreting validator, which must never evaluate code (the CSP
 * forbids `eval` and `new Function`: even a caught attempt is a reported violation).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Value } from 'typebox/value';
import { Email, EMAIL_MAX_LENGTH, EMAIL_REGEXP } from '../../../common/schemas/email';
import { validateCredentials } from '../../../src/features/auth/validation';
import { recipientError } from '../../../src/features/emergency/validation';
import { isValidEmail } from '../../../src/lib/validation';

const SAMPLES = [
  'user@example.com',
  'first.last+tag@sub.example.fr',
  'élodie@exemple.fr',
  'a,b@example.org',
  'a;b@example.org',
  '"a"@example.org',
  'a:b@example.org',
  'a@example..org',
  'a@.example.org',
  'user@example',
  'us er@example.com',
  'a\u0085b@example.org',
  `${'a'.repeat(240)}@example.org`,
  `${'a'.repeat(250)}@example.org`,
];

describe('one e-mail rule, the schema', () => {
  it('tests the Email schema own pattern and maxLength', () => {
    const { pattern, maxLength } = Email as unknown as { pattern: string; maxLength: number };
    expect(pattern).toBe(EMAIL_REGEXP.source);
    expect(maxLength).toBe(EMAIL_MAX_LENGTH);
  });

  it.each(SAMPLES)('login, recipients and the schema agree on %j', (email) => {
    const valid = Value.Check(Email, email);
    expect(isValidEmail(email)).toBe(valid);
    expect(validateCredentials({ email, password: 'long-enough' }).email === undefined).toBe(valid);
    expect(recipientError(email) === null).toBe(valid);
  });

  it('refuses on the login form what the server would refuse as a recipient', () => {
    // Before the rule was shared, the login form accepted these and the server answered 401.
    for (const email of ['a,b@example.org', '<a@example.org>', 'a@example..org']) {
      expect(validateCredentials({ email, password: 'long-enough' }).email, email).toEqual({ key: 'validation.email_invalid' });
    }
  });
});

describe('administration forms validate with the schemas, without evaluating code', () => {
  const RealFunction = globalThis.Function;
  afterEach(() => {
    globalThis.Function = RealFunction;
    vi.resetModules();
  });

  it('never calls new Function, even on the first check of the page', async () => {
    vi.resetModules();
    const evaluated: unknown[][] = [];
    // What the CSP forbids: constructing a function from source text (TypeBox's accelerated
    // path tries `new globalThis.Function(...)` once to find out whether it may).
    globalThis.Function = new Proxy(RealFunction, {
      construct(_target, args) {
        evaluated.push(args);
        throw new EvalError('blocked by the test (CSP: no unsafe-eval)');
      },
      apply(_target, _this, args) {
        evaluated.push(args);
        throw new EvalError('blocked by the test (CSP: no unsafe-eval)');
      },
    });
    const { validateDistrictName, validateNewClient, validateNewUser } = await import('../../../src/features/admin/validation');
    expect(validateNewUser('new.member@example.org', 'long-enough')).toEqual({});
    expect(validateNewUser('a,b@example.org', 'x'.repeat(201))).toEqual({ email: 'validation.email_invalid', password: 'validation.password_too_long' });
    expect(validateNewClient('Acme', 'Acme DB', 'Lyon')).toEqual({ database: 'administration.database_invalid' });
    expect(validateNewClient('Acme', 'acme_2', 'Lyon')).toEqual({});
    expect(validateDistrictName('x'.repeat(101))).toBe('administration.name_too_long');
    expect(evaluated).toEqual([]);
  });
});
