// The reconnect dialog in the app (jsdom + msw): prefilled e-mail, the password rule, the SSO
// toggle removing the password field, back-to-login, and a reconnection that releases what the
// gate held.
import { http, HttpResponse } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiGet } from '../../../../src/lib/api-client';
import { beginTemporaryLogout } from '../../../../src/lib/reconnection';
import { getToken, isAwaitingReconnection } from '../../../../src/lib/storage';
import { DEMO_USER, makeAccessToken, makeEnvelope, makeSessionData } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

async function openReconnect() {
  seedSession();
  const app = renderApp('/dashboard');
  await screen.findByTestId('toolbar-district', {}, { timeout: 10_000 });
  act(() => beginTemporaryLogout('server'));
  await screen.findByText('Session expired', {}, { timeout: 10_000 });
  // Typed before the modal is presented, the password can land in an input Ionic then replaces.
  await waitFor(() => expect(document.getElementById('reconnect-dialog')).toHaveClass('show-modal'), { timeout: 10_000 });
  return app;
}

describe('the reconnect dialog', { timeout: 20_000 }, () => {
  it('opens on a temporary logout with the session’s e-mail and requires a password of 8 characters', async () => {
    let logins = 0;
    server.use(http.post(api('auth/login'), () => { logins += 1; return HttpResponse.json({}); }));
    const { user } = await openReconnect();
    const dialog = document.getElementById('reconnect-dialog')!;
    expect(dialog).toHaveAttribute('data-temporary', 'true');
    expect(screen.getAllByLabelText('Email').at(-1)).toHaveValue(DEMO_USER.email);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByText('Reconnect'));
    expect(await screen.findByText('The password must contain at least 8 characters.')).toBeInTheDocument();
    expect(logins).toBe(0);
  });

  it('the SSO toggle removes the password field and brings it back', async () => {
    const { user } = await openReconnect();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await user.click(screen.getByText('Single sign-on (SSO)'));
    await waitFor(() => expect(screen.queryByLabelText('Password')).not.toBeInTheDocument());
    await user.click(screen.getByText('Single sign-on (SSO)'));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('a reconnection sends the held requests with the new token and keeps the page', async () => {
    const fresh = makeAccessToken({ sid: 'session-2' });
    const seen: (string | null)[] = [];
    server.use(
      http.post(api('auth/login'), async ({ request }) => {
        expect(await request.json()).toMatchObject({ email: DEMO_USER.email, reconnect: true });
        return HttpResponse.json(makeEnvelope(makeSessionData({ token: fresh })));
      }),
      http.get(api('sites'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json(makeEnvelope(['Atelier Vaise']));
      }),
    );
    const { user, pathname } = await openReconnect();
    const held = apiGet<string[]>('sites');
    await user.type(screen.getByLabelText('Password'), 'vigie-demo-2026');
    await user.click(screen.getByText('Reconnect'));
    await expect(held).resolves.toEqual(['Atelier Vaise']);
    expect(seen).toEqual([`Bearer ${fresh}`]);
    expect(isAwaitingReconnection()).toBe(false);
    expect(pathname()).toBe('/dashboard');
  });

  it('back to login logs out, fails the held requests and closes the dialog over the login page', async () => {
    server.use(http.post(api('auth/logout'), () => HttpResponse.json(makeEnvelope(null))));
    const { user, pathname } = await openReconnect();
    const held = apiGet('sites').catch((error: Error) => error.message);
    await user.click(screen.getByText('Back to login'));
    expect(await held).toBe('auth.reconnect_cancelled');
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(getToken()).toBeNull();
    // What the user sees: the login form, no session-expired dialog over it.
    await waitFor(() => expect(screen.queryByText('Session expired')).not.toBeInTheDocument());
    expect(document.getElementById('reconnect-dialog')).not.toHaveClass('show-modal');
  });
});
