/**
 * Spec section 8, row by row: what the user sees (toast text, kind, persistence) and what
 * happens (logout, navigation). Translations are the real English locale files.
 */
import { describe, expect, it } from 'vitest';
import { appTranslate } from '../../../src/lib/catalogue-effects';
import type { ApiErrorBody } from '../../../common/api-types';
import { catalogueOutcome, type Translate } from '../../../src/lib/error-catalogue';

const t = appTranslate;
const error = (status: number, body: ApiErrorBody) => catalogueOutcome({ kind: 'error', status, body }, t);

describe('spec section 8, the error catalogue', () => {
  describe('401 with message token_expired or token_invalid', () => {
    it('shows a persistent warning with the translated message and logs out', () => {
      expect(error(401, { message: 'token_expired', logout: true })).toEqual({
        toast: { message: 'Your session has expired. Please log in again.', kind: 'warning', persistent: true },
        logout: true,
      });
      expect(error(401, { message: 'token_invalid' })).toEqual({
        toast: { message: 'Your session is no longer valid. Please log in again.', kind: 'warning', persistent: true },
        logout: true,
      });
    });
  });

  describe('success responses', () => {
    it.each([
      ['site_duplicated', 'This site already exists.'],
      ['not_good_template_import', 'The imported file does not match the expected template.'],
      ['user_duplicated', 'This user already exists.'],
    ])('with message %s: persistent error toast', (message, text) => {
      expect(catalogueOutcome({ kind: 'success', status: 200, message }, t)).toEqual({
        toast: { message: text, kind: 'danger', persistent: true },
        logout: false,
      });
    });

    it('with any other message: success toast if a translation exists', () => {
      expect(catalogueOutcome({ kind: 'success', status: 201, message: 'administration.user_created' }, t)).toEqual({
        toast: { message: 'The user has been created.', kind: 'success', persistent: false },
        logout: false,
      });
    });

    it('with a message that has no translation, or none: nothing shown', () => {
      expect(catalogueOutcome({ kind: 'success', status: 200, message: 'no.such_key' }, t)).toEqual({ logout: false });
      expect(catalogueOutcome({ kind: 'success', status: 200 }, t)).toEqual({ logout: false });
    });
  });

  describe('user.email_already_used', () => {
    it('is an error toast', () => {
      expect(error(409, { message: 'user.email_already_used' })).toEqual({
        toast: { message: 'This email address is already used.', kind: 'danger', persistent: true },
        logout: false,
      });
    });
  });

  describe('error with a redirection field', () => {
    it('shows the translated message and navigates there', () => {
      expect(error(403, { message: 'auth.missing_rights', requiredPermissions: ['district'], redirection: '/dashboard' })).toEqual({
        toast: { message: "You do not have the rights needed for this action. District administration", kind: 'danger', persistent: true },
        logout: false,
        navigateTo: '/dashboard',
      });
    });

    it('without a translation only navigates', () => {
      expect(error(409, { message: 'no.such_key', redirection: '/me/meInfos' })).toEqual({ logout: false, navigateTo: '/me/meInfos' });
    });
  });

  describe('error with redis info', () => {
    it('gives the message plus attempts and maximum attempts', () => {
      expect(error(401, { message: 'auth.invalid_credentials', redis: { attempts: 2, maxAttempts: 5 } }).toast).toEqual({
        message: 'Incorrect email or password. Attempt 2 of 5.',
        kind: 'danger',
        persistent: true,
      });
    });

    it('or the message plus the lockout time in seconds', () => {
      expect(error(429, { message: 'auth.too_many_attempts', redis: { lockoutSeconds: 300 } }).toast?.message).toBe(
        'Too many login attempts. Try again in 300 seconds.',
      );
    });
  });

  describe('other errors with status not 0', () => {
    it('show the translated message', () => {
      expect(error(409, { message: 'district.name_already_used' })).toEqual({
        toast: { message: 'A district of this client already has this name.', kind: 'danger', persistent: true },
        logout: false,
      });
    });

    it('else the generic internal error message', () => {
      expect(error(500, { message: 'something.unknown' }).toast?.message).toBe('An unexpected error occurred. Please try again later.');
    });

    it('log out too when the logout flag is set', () => {
      expect(error(403, { message: 'auth.account_disabled', logout: true })).toEqual({
        toast: { message: 'This account is disabled. Contact your administrator.', kind: 'danger', persistent: true },
        logout: true,
      });
    });

    it('append the translated module names of requiredPermissions joined by slashes', () => {
      expect(error(403, { message: 'auth.missing_rights', requiredPermissions: ['opteamum', 'district', 'unknownModule'] }).toast?.message).toBe(
        "You do not have the rights needed for this action. Operator/District administration/unknownModule",
      );
    });

    it('append the district name of infos', () => {
      expect(error(409, { message: 'notifications.other_district', infos: { districtName: 'Villeurbanne' } }).toast?.message).toBe(
        'This notification belongs to another of your districts: change district to open it. District: Villeurbanne.',
      );
    });
  });

  describe('communication_error', () => {
    const communication = {
      toast: { message: 'Unable to reach the server. Check your connection and try again.', kind: 'danger', persistent: true },
      logout: false,
    };

    it('when no answer came (status 0)', () => {
      expect(error(0, { message: 'communication_error' })).toEqual(communication);
    });

    it('when handling fails: a failure, a malformed body, a translator that throws', () => {
      expect(catalogueOutcome({ kind: 'failure' }, t)).toEqual(communication);
      expect(catalogueOutcome({ kind: 'error', status: 500, body: null as never }, t)).toEqual(communication);
      const throwsOnce: Translate = (key) => {
        if (key !== 'communication_error') throw new Error('broken translations');
        return 'Unable to reach the server.';
      };
      expect(catalogueOutcome({ kind: 'error', status: 400, body: { message: 'validation.invalid_request' } }, throwsOnce).toast?.message).toBe(
        'Unable to reach the server.',
      );
      const alwaysThrows: Translate = () => {
        throw new Error('no translations');
      };
      expect(catalogueOutcome({ kind: 'failure' }, alwaysThrows)).toEqual({ toast: { message: 'communication_error', kind: 'danger', persistent: true }, logout: false });
    });
  });

  describe('not-found routes', () => {
    it('show the 404 message with the error title', () => {
      expect(catalogueOutcome({ kind: 'route-not-found' }, t)).toEqual({
        toast: { header: 'Error', message: 'The page you asked for does not exist.', kind: 'danger', persistent: true },
        logout: false,
      });
    });
  });

  it('is pure: it takes its translations from the caller', () => {
    const french: Translate = (key) => ({ user_duplicated: 'Cet utilisateur existe déjà.' })[key] ?? null;
    expect(catalogueOutcome({ kind: 'success', status: 200, message: 'user_duplicated' }, french).toast?.message).toBe('Cet utilisateur existe déjà.');
  });
});
