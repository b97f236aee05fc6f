import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_ERROR_SUPPRESS_MS } from '../../../common/constants';
import { ApiError, apiGet, apiGetIfChanged, apiPost, handleTokenError, refreshAccessToken } from '../../../src/lib/api-client';
import { getEnvelopeState, subscribeEnvelope } from '../../../src/lib/envelope-store';
import { describeApiError } from '../../../src/lib/error-messages';
import { onSessionEnded, setClientIp } from '../../../src/lib/session';
import { getRights, getSessionEmail, getToken } from '../../../src/lib/storage';
import { getToasts } from '../../../src/lib/toast';
import { makeAccessToken, makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

function captureHeaders(path: string) {
  const seen: Headers[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json(makeEnvelope({ ok: true }));
    }),
  );
  return seen;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('every request', () => {
  it('carries the bearer token, the client IP and no-cache headers', async () => {
    const token = seedSession();
    setClientIp('198.51.100.4');
    const seen = captureHeaders('things');
    await apiGet('things');
    const headers = seen[0];
    expect(headers?.get('authorization')).toBe(`Bearer ${token}`);
    expect(headers?.get('x-client-ip')).toBe('198.51.100.4');
    expect(headers?.get('cache-control')).toBe('no-cache');
    expect(headers?.get('pragma')).toBe('no-cache');
  });

  it('goes without Authorization when nobody is logged in', async () => {
    const seen = captureHeaders('things');
    await apiGet('things');
    expect(seen[0]?.has('authorization')).toBe(false);
    expect(seen[0]?.get('cache-control')).toBe('no-cache');
  });
});

describe('response envelopes', () => {
  it('return their data, and their rights and modules are stored and published', async () => {
    seedSession({ rights: ['sites.read'] });
    server.use(
      http.get(api('things'), () =>
        HttpResponse.json(
          makeEnvelope([1, 2], {
            rights: ['sites.read', 'district.admin'],
            districtModules: [{ name: 'files' }],
            unreadNotificationsNumber: 7,
            workflowNotificationsNumber: 2,
          }),
        ),
      ),
    );
    const published = vi.fn();
    const unsubscribe = subscribeEnvelope(published);
    await expect(apiGet<number[]>('things')).resolves.toEqual([1, 2]);
    unsubscribe();

    expect(getRights()).toEqual(['sites.read', 'district.admin']);
    expect(JSON.parse(localStorage.getItem('districtModules') ?? '[]')).toEqual([{ name: 'files' }]);
    expect(published).toHaveBeenCalled();
    expect(getEnvelopeState()).toMatchObject({
      rights: ['sites.read', 'district.admin'],
      districtModules: [{ name: 'files' }],
      unreadNotificationsNumber: 7,
      workflowNotificationsNumber: 2,
    });
  });

  it('of routes without a session do not wipe the stored rights', async () => {
    seedSession({ rights: ['sites.read'] });
    await expect(apiGet('auth/clientIp')).resolves.toEqual({ ip: '203.0.113.7' });
    expect(getRights()).toEqual(['sites.read']);
  });
});

describe('conditional reads (If-None-Match)', () => {
  it('name the ETag held; 304 is "unchanged" with no error shown, 200 the data and its new ETag', async () => {
    seedSession();
    const seen: (string | null)[] = [];
    server.use(
      http.get(api('lists/big'), ({ request }) => {
        seen.push(request.headers.get('if-none-match'));
        return request.headers.get('if-none-match') === '"v1"'
          ? new HttpResponse(null, { status: 304, headers: { etag: '"v1"' } })
          : HttpResponse.json(makeEnvelope(['a', 'b']), { headers: { etag: '"v2"' } });
      }),
    );
    await expect(apiGetIfChanged('lists/big', '"v1"')).resolves.toEqual({ changed: false });
    await expect(apiGetIfChanged('lists/big', '"v0"')).resolves.toEqual({ changed: true, data: ['a', 'b'], etag: '"v2"' });
    await expect(apiGetIfChanged('lists/big', undefined)).resolves.toEqual({ changed: true, data: ['a', 'b'], etag: '"v2"' });
    expect(seen).toEqual(['"v1"', '"v0"', null]);
    expect(getToasts()).toEqual([]);
  });

  it('fail as any read does', async () => {
    seedSession();
    server.use(http.get(api('lists/big'), () => HttpResponse.json({ message: 'forbidden' }, { status: 403 })));
    await expect(apiGetIfChanged('lists/big', '"v1"')).rejects.toMatchObject({ status: 403 });
  });
});

describe('errors', () => {
  it('surface as an ApiError carrying the status and the body', async () => {
    server.use(
      http.post(api('auth/login'), () =>
        HttpResponse.json({ message: 'auth.invalid_credentials', redis: { attempts: 2, maxAttempts: 5 } }, { status: 401 }),
      ),
    );
    const error = await apiPost('auth/login', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, body: { message: 'auth.invalid_credentials', redis: { attempts: 2, maxAttempts: 5 } } });
    expect(describeApiError(error)).toBe('Incorrect email or password. Attempt 2 of 5.');
  });

  it('without an answer are status 0 and read as a communication error', async () => {
    server.use(http.get(api('things'), () => HttpResponse.error()));
    const error = await apiGet('things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, body: { message: 'communication_error' } });
    expect(describeApiError(error)).toBe('Unable to reach the server. Check your connection and try again.');
  });

  it('of a 5xx without a body read as an internal error', async () => {
    server.use(http.get(api('things'), () => new HttpResponse('boom', { status: 502 })));
    const error = await apiGet('things').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, body: { message: 'internal_error' } });
    expect(describeApiError(error)).toBe('An unexpected error occurred. Please try again later.');
  });
});

describe('401 token_expired / token_invalid', () => {
  it('shows a persistent warning with the translated message and logs out', async () => {
    seedSession();
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    server.use(http.get(api('things'), () => HttpResponse.json({ message: 'token_expired', logout: true }, { status: 401 })));

    await expect(apiGet('things')).rejects.toMatchObject({ status: 401 });
    unsubscribe();

    expect(getToasts()).toEqual([
      expect.objectContaining({ message: 'Your session has expired. Please log in again.', kind: 'warning', persistent: true }),
    ]);
    expect(ended).toHaveBeenCalledWith('token');
    expect(getToken()).toBeNull();
    expect(getSessionEmail()).toBeNull();
    expect(getRights()).toEqual([]);
  });

  it('does not repeat within 2 s, and does again after', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    handleTokenError('token_invalid');
    handleTokenError('token_expired');
    handleTokenError('token_invalid', Date.now() + TOKEN_ERROR_SUPPRESS_MS - 1);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.message).toBe('Your session is no longer valid. Please log in again.');

    handleTokenError('token_expired', Date.now() + TOKEN_ERROR_SUPPRESS_MS);
    expect(getToasts()).toHaveLength(2);
  });

  it('from parallel requests give a single warning', async () => {
    seedSession();
    server.use(http.get(api('things'), () => HttpResponse.json({ message: 'token_invalid' }, { status: 401 })));
    await Promise.allSettled([apiGet('things'), apiGet('things'), apiGet('things')]);
    expect(getToasts()).toHaveLength(1);
  });

  it('a 401 to a request sent after the session ended for another reason adds no second warning', async () => {
    seedSession();
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    server.use(
      http.get(api('district'), () => HttpResponse.json({ message: 'auth.account_disabled', logout: true }, { status: 403 })),
      http.get(api('things'), () => HttpResponse.json({ message: 'token_invalid', logout: true }, { status: 401 })),
    );
    await expect(apiGet('district')).rejects.toMatchObject({ status: 403 });
    // A page still mounted asks again, now without a token.
    await expect(apiGet('things')).rejects.toMatchObject({ status: 401 });
    unsubscribe();

    expect(getToasts()).toEqual([expect.objectContaining({ message: 'This account is disabled. Contact your administrator.', persistent: true })]);
    expect(ended).toHaveBeenCalledOnce();
  });

  it('other 401s (wrong password) neither warn nor log out', async () => {
    seedSession();
    await expect(apiPost('auth/login', { email: 'x@y.z', password: 'wrong-password' })).rejects.toMatchObject({ status: 401 });
    expect(getToasts()).toEqual([]);
    expect(getToken()).not.toBeNull();
  });
});

describe('token refresh', () => {
  it('happens once for two requests started with a token about to expire', async () => {
    seedSession({ token: makeAccessToken({ expiresInSeconds: 30 }) });
    const fresh = makeAccessToken({ sid: 'session-1', expiresInSeconds: 900 });
    let refreshCalls = 0;
    const authorizations: (string | null)[] = [];
    server.use(
      http.post(api('auth/refresh'), async () => {
        refreshCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json(makeEnvelope({ token: fresh, expiresAt: new Date().toISOString() }));
      }),
      http.get(api('things'), ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json(makeEnvelope('ok'));
      }),
    );

    await Promise.all([apiGet('things'), apiGet('things')]);

    expect(refreshCalls).toBe(1);
    expect(authorizations).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(getToken()).toBe(fresh);
  });

  it('is not attempted for a token with time left', async () => {
    seedSession({ token: makeAccessToken({ expiresInSeconds: 600 }) });
    const refresh = vi.fn();
    server.use(http.post(api('auth/refresh'), refresh));
    captureHeaders('things');
    await apiGet('things');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refused (401) logs out with the warning, and the request is not sent', async () => {
    seedSession({ token: makeAccessToken({ expiresInSeconds: 10 }) });
    const sent = vi.fn();
    server.use(
      http.post(api('auth/refresh'), () => HttpResponse.json({ message: 'token_invalid' }, { status: 401 })),
      http.get(api('things'), sent),
    );
    await expect(apiGet('things')).rejects.toMatchObject({ status: 401 });
    expect(sent).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(getToasts()[0]?.message).toBe('Your session is no longer valid. Please log in again.');
  });

  it('shares one call between direct callers too', async () => {
    seedSession({ token: makeAccessToken({ expiresInSeconds: -5 }) });
    let refreshCalls = 0;
    server.use(
      http.post(api('auth/refresh'), () => {
        refreshCalls += 1;
        return HttpResponse.json(
          makeEnvelope({ token: makeAccessToken(), expiresAt: new Date().toISOString() }, { rights: ['district.admin'] }),
        );
      }),
    );
    const [a, b] = await Promise.all([refreshAccessToken(), refreshAccessToken()]);
    expect(a).toBe(b);
    expect(refreshCalls).toBe(1);
    // The refresh answers with the session's current rights (e.g. after a district change).
    expect(getRights()).toEqual(['district.admin']);
  });
});
