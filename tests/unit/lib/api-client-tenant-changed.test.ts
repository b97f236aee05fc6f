/**
 * 401 session.tenant_changed (docs/api.md, Admin service): the session moved to another client
 * or district, so the token is stale but the session is alive. The client refreshes once and
 * replays the request once; it never logs out for it.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from '../../../src/lib/api-client';
import { onSessionEnded } from '../../../src/lib/session';
import { getToken } from '../../../src/lib/storage';
import { makeAccessToken, makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const tenantChanged = () => HttpResponse.json({ message: 'session.tenant_changed' }, { status: 401 });

function refreshTo(token: string) {
  const calls = { count: 0 };
  server.use(
    http.post(api('auth/refresh'), () => {
      calls.count += 1;
      return HttpResponse.json(makeEnvelope({ token, expiresAt: new Date(Date.now() + 900_000).toISOString() }));
    }),
  );
  return calls;
}

describe('401 session.tenant_changed', () => {
  it('refreshes the token once and replays the request (body included) with the new token', async () => {
    const stale = seedSession();
    const fresh = makeAccessToken({ did: 'district-new' });
    const refresh = refreshTo(fresh);
    const seen: { auth: string | null; body: unknown }[] = [];
    server.use(
      http.post(api('things'), async ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return request.headers.get('authorization') === `Bearer ${stale}` ? tenantChanged() : HttpResponse.json(makeEnvelope({ saved: true }));
      }),
    );
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    await expect(apiPost('things', { name: 'Lyon' })).resolves.toEqual({ saved: true });
    unsubscribe();

    expect(refresh.count).toBe(1);
    expect(seen).toEqual([
      { auth: `Bearer ${stale}`, body: { name: 'Lyon' } },
      { auth: `Bearer ${fresh}`, body: { name: 'Lyon' } },
    ]);
    expect(getToken()).toBe(fresh);
    expect(ended).not.toHaveBeenCalled();
  });

  it('a request that belongs to one tenant (noTenantReplay) is not replayed to the new one', async () => {
    seedSession();
    const refresh = refreshTo(makeAccessToken({ did: 'district-new' }));
    let calls = 0;
    server.use(
      http.post(api('emergency/sendInformations'), () => {
        calls += 1;
        return tenantChanged();
      }),
    );
    const failure = await apiPost('emergency/sendInformations', {}, { context: { noTenantReplay: true } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).body.message).toBe('session.tenant_changed');
    expect(calls).toBe(1);
    expect(refresh.count).toBe(0);
  });

  it('concurrent stale requests share one refresh', async () => {
    const stale = seedSession();
    const refresh = refreshTo(makeAccessToken({ did: 'district-new' }));
    server.use(
      http.get(api('things/:n'), ({ request, params }) =>
        request.headers.get('authorization') === `Bearer ${stale}` ? tenantChanged() : HttpResponse.json(makeEnvelope(params.n)),
      ),
    );
    await expect(Promise.all([apiGet('things/1'), apiGet('things/2'), apiGet('things/3')])).resolves.toEqual(['1', '2', '3']);
    expect(refresh.count).toBe(1);
  });

  it('retries only once: a second tenant_changed reaches the caller, still without logout', async () => {
    seedSession();
    const refresh = refreshTo(makeAccessToken({ did: 'district-new' }));
    server.use(http.get(api('things'), tenantChanged));
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    const error = await apiGet('things').catch((caught: unknown) => caught);
    unsubscribe();

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body.message).toBe('session.tenant_changed');
    expect(refresh.count).toBe(1);
    expect(ended).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();
  });

  it('a refused refresh is a dead session: token error, logout', async () => {
    seedSession();
    server.use(
      http.post(api('auth/refresh'), () => HttpResponse.json({ message: 'token_invalid' }, { status: 401 })),
      http.get(api('things'), tenantChanged),
    );
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    await expect(apiGet('things')).rejects.toMatchObject({ status: 401, body: { message: 'token_invalid' } });
    unsubscribe();
    expect(ended).toHaveBeenCalledWith('token');
    expect(getToken()).toBeNull();
  });

  it('other failures are not retried', async () => {
    seedSession();
    const refresh = refreshTo(makeAccessToken());
    let calls = 0;
    server.use(
      http.get(api('things'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'internal_error' }, { status: 503 });
      }),
    );
    await expect(apiGet('things')).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(1);
    expect(refresh.count).toBe(0);
  });
});
