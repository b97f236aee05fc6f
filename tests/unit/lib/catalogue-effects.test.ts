/**
 * The catalogue's global rows, applied once by the HTTP channel (docs/api.md "Errors"): an
 * envelope success message, an error's redirection, an error's logout flag. Plain errors stay
 * with their callers: the channel shows nothing for them.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from '../../../src/lib/api-client';
import { setCatalogueNavigate } from '../../../src/lib/catalogue-effects';
import { describeApiError } from '../../../src/lib/error-messages';
import { onSessionEnded } from '../../../src/lib/session';
import { getToken } from '../../../src/lib/storage';
import { getToasts } from '../../../src/lib/toast';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const toastsSeen = () => getToasts().map(({ message, kind, persistent }) => ({ message, kind, persistent }));

let unsetNavigate: (() => void) | null = null;
function captureNavigation(): string[] {
  const targets: string[] = [];
  unsetNavigate = setCatalogueNavigate((to) => targets.push(to));
  return targets;
}

afterEach(() => {
  unsetNavigate?.();
  unsetNavigate = null;
});

describe('the HTTP channel applies the catalogue', () => {
  it('a success envelope with user_duplicated shows one persistent error toast', async () => {
    seedSession();
    server.use(http.post(api('users'), () => HttpResponse.json(makeEnvelope({ _id: 'u1' }, { message: 'user_duplicated' }))));
    await expect(apiPost('users', {})).resolves.toEqual({ _id: 'u1' });
    expect(toastsSeen()).toEqual([{ message: 'This user already exists.', kind: 'danger', persistent: true }]);
  });

  it('another translated success message is a success toast; an untranslated one shows nothing', async () => {
    seedSession();
    server.use(
      http.post(api('things'), () => HttpResponse.json(makeEnvelope(null, { message: 'administration.user_created' }))),
      http.post(api('others'), () => HttpResponse.json(makeEnvelope(null, { message: 'no.such_key' }))),
    );
    await apiPost('things');
    await apiPost('others');
    expect(toastsSeen()).toEqual([{ message: 'The user has been created.', kind: 'success', persistent: false }]);
  });

  it('an error with a redirection shows its message and navigates there', async () => {
    seedSession();
    const targets = captureNavigation();
    server.use(
      http.get(api('users'), () =>
        HttpResponse.json({ message: 'auth.missing_rights', requiredPermissions: ['district'], redirection: '/dashboard' }, { status: 403 }),
      ),
    );
    await expect(apiGet('users')).rejects.toMatchObject({ status: 403 });
    expect(targets).toEqual(['/dashboard']);
    expect(toastsSeen()).toEqual([
      { message: 'You do not have the rights needed for this action. District administration', kind: 'danger', persistent: true },
    ]);
    expect(getToken()).not.toBeNull();
  });

  it('a redirection answered before the app can navigate (its start) is done once it can, once', async () => {
    seedSession();
    server.use(http.get(api('users'), () => HttpResponse.json({ message: 'auth.missing_rights', redirection: '/dashboard' }, { status: 403 })));
    await expect(apiGet('users')).rejects.toMatchObject({ status: 403 });
    const targets = captureNavigation();
    expect(targets).toEqual(['/dashboard']);
    unsetNavigate?.();
    expect(captureNavigation()).toEqual([]);
  });

  it('an error with the logout flag shows its message and logs out, once for parallel answers', async () => {
    seedSession();
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    server.use(http.get(api('things'), () => HttpResponse.json({ message: 'auth.account_disabled', logout: true }, { status: 403 })));
    await Promise.allSettled([apiGet('things'), apiGet('things')]);
    off();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(toastsSeen()).toEqual([{ message: 'This account is disabled. Contact your administrator.', kind: 'danger', persistent: true }]);
  });

  it('a plain error is left to its caller: no toast, no logout, and the caller reads the message', async () => {
    seedSession();
    server.use(http.post(api('districts'), () => HttpResponse.json({ message: 'district.name_already_used' }, { status: 409 })));
    const error = await apiPost('districts', { name: 'Lyon' }).catch((e: unknown) => e);
    expect(toastsSeen()).toEqual([]);
    expect(getToken()).not.toBeNull();
    expect(describeApiError(error)).toBe('A district of this client already has this name.');
  });

  it('the login page keeps its errors (the auth flow answers for itself)', async () => {
    server.use(
      http.post(api('auth/login'), () => HttpResponse.json({ message: 'auth.account_disabled', logout: true, redirection: '/help' }, { status: 403 })),
    );
    const targets = captureNavigation();
    await expect(apiPost('auth/login', { email: 'a@b.c', password: 'long-enough' })).rejects.toMatchObject({ status: 403 });
    expect(toastsSeen()).toEqual([]);
    expect(targets).toEqual([]);
  });
});

describe('describeApiError', () => {
  it('is the catalogue message: module names and district name included, communication error for anything else', () => {
    expect(describeApiError(new ApiError(403, { message: 'auth.missing_rights', requiredPermissions: ['opteamum', 'district'] }))).toBe(
      'You do not have the rights needed for this action. Operator/District administration',
    );
    expect(describeApiError(new ApiError(409, { message: 'notifications.other_district', infos: { districtName: 'Paris' } }))).toBe(
      'This notification belongs to another of your districts: change district to open it. District: Paris.',
    );
    // A redirection without a translated message shows no toast; a caller still gets a sentence.
    expect(describeApiError(new ApiError(403, { message: 'no.such_key', redirection: '/dashboard' }))).toBe(
      'An unexpected error occurred. Please try again later.',
    );
    expect(describeApiError(new Error('boom'))).toBe('Unable to reach the server. Check your connection and try again.');
  });
});
