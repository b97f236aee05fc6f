// The request gate (spec section 4): while awaitingReconnection is set, every request but
// login, refresh and auth is held (and raises the show-reconnection event unless the dialog is
// open); held requests go out with the new token after a reconnection, and fail cleanly when
// the user goes back to login.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from '../../../src/lib/api-client';
import {
  beginTemporaryLogout,
  completeReconnection,
  heldRequestCount,
  onShowReconnection,
  setReconnectDialogOpen,
} from '../../../src/lib/reconnection';
import { endSession, replaceToken } from '../../../src/lib/session';
import { getToken, isAwaitingReconnection, LOCAL_KEYS } from '../../../src/lib/storage';
import { makeAccessToken, makeEnvelope, makeSessionData } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

/** Records the Authorization header of every request the server receives on `path`. */
function recordRequests(path: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return HttpResponse.json(makeEnvelope({ path }));
    }),
  );
  return seen;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the request gate', () => {
  it('holds requests while awaiting reconnection and sends them with the new token afterwards', async () => {
    seedSession();
    const seen = recordRequests('sites');
    beginTemporaryLogout('idle');
    expect(isAwaitingReconnection()).toBe(true);

    const pending = apiGet<{ path: string }>('sites');
    await flush();
    expect(seen).toHaveLength(0);
    expect(heldRequestCount()).toBe(1);

    const fresh = makeAccessToken({ sid: 'session-2' });
    replaceToken(fresh);
    completeReconnection();
    await expect(pending).resolves.toEqual({ path: 'sites' });
    expect(seen).toEqual([`Bearer ${fresh}`]);
    expect(isAwaitingReconnection()).toBe(false);
  });

  it('lets login, refresh and the other auth calls through', async () => {
    seedSession();
    beginTemporaryLogout('server');
    const reached: string[] = [];
    server.use(
      http.post(api('auth/login'), () => {
        reached.push('login');
        return HttpResponse.json(makeEnvelope(makeSessionData()));
      }),
      http.post(api('auth/refresh'), () => {
        reached.push('refresh');
        return HttpResponse.json(makeEnvelope({ token: makeAccessToken(), expiresAt: new Date().toISOString() }));
      }),
      http.post(api('auth/logout'), () => {
        reached.push('logout');
        return HttpResponse.json(makeEnvelope(null));
      }),
    );
    await apiPost('auth/login', { email: 'a@b.c', password: 'secret-password', reconnect: true });
    await apiPost('auth/refresh');
    await apiPost('auth/logout');
    expect(reached).toEqual(['login', 'refresh', 'logout']);
  });

  it('raises the show-reconnection event for a held request unless the dialog is already open', async () => {
    seedSession();
    recordRequests('sites');
    const shown = vi.fn();
    const off = onShowReconnection(shown);
    localStorage.setItem(LOCAL_KEYS.awaitingReconnection, 'true'); // e.g. set before a reload
    const first = apiGet('sites').catch(() => undefined);
    await flush();
    expect(shown).toHaveBeenCalledTimes(1);

    setReconnectDialogOpen(true);
    const second = apiGet('sites').catch(() => undefined);
    await flush();
    expect(shown).toHaveBeenCalledTimes(1);
    expect(heldRequestCount()).toBe(2);

    off();
    endSession('logout');
    await Promise.all([first, second]);
  });

  it('fails held requests cleanly when the user goes back to login, without sending them', async () => {
    seedSession();
    const seen = recordRequests('sites');
    beginTemporaryLogout('idle');
    const pending = apiGet('sites');
    await flush();
    endSession('logout');
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.message).toBe('auth.reconnect_cancelled');
    expect(seen).toHaveLength(0);
    expect(getToken()).toBeNull();
  });

  it('survives a reload: the flag is in localStorage, and requests made after it are held', async () => {
    seedSession();
    localStorage.setItem(LOCAL_KEYS.awaitingReconnection, 'true');
    const seen = recordRequests('districts');
    const pending = apiGet('districts');
    await flush();
    expect(seen).toHaveLength(0);
    completeReconnection();
    await pending;
    expect(seen).toHaveLength(1);
  });

  it('logs out instead when no e-mail is stored for the session', () => {
    seedSession({ storeOnlyToken: true });
    const shown = vi.fn();
    const off = onShowReconnection(shown);
    beginTemporaryLogout('idle');
    off();
    expect(shown).not.toHaveBeenCalled();
    expect(isAwaitingReconnection()).toBe(false);
    expect(getToken()).toBeNull();
  });
});
