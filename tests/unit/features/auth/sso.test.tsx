import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginWithSsoPopup, SSO_CHANNEL, type SsoReport } from '../../../../src/features/auth/sso';
import { ApiError } from '../../../../src/lib/api-client';
import { getSessionEmail, getSsoCookie, getToken } from '../../../../src/lib/storage';
import { DEMO_USER, makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';

const IDP_URL = 'https://idp.example.test/authorize?state=s';

/** A window.open() result: records where it was sent and whether it was closed. */
function fakePopup() {
  const popup = { location: { href: 'about:blank' }, closed: false, close: vi.fn(() => void (popup.closed = true)) };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

/** What the /sso page in the popup posts, once the popup was sent to the provider. */
async function reportFromPopup(popup: { location: { href: string } }, report: SsoReport) {
  await waitFor(() => expect(popup.location.href).toBe(IDP_URL));
  const channel = new BroadcastChannel(SSO_CHANNEL);
  channel.postMessage(report);
  channel.close();
}

afterEach(() => vi.restoreAllMocks());

describe('loginWithSsoPopup', () => {
  it('sends the window to the provider, then takes the new token once the window reports success', async () => {
    let body: unknown;
    server.use(
      http.post(api('auth/loginSSO'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeEnvelope({ url: IDP_URL }));
      }),
    );
    const token = makeAccessToken();
    server.use(http.post(api('auth/refresh'), () => HttpResponse.json(makeEnvelope({ token, expiresAt: new Date(Date.now() + 900_000).toISOString() }))));
    const popup = fakePopup();

    const done = loginWithSsoPopup(` ${DEMO_USER.email} `);
    // Opened at once, before any request, so popup blockers let it through.
    expect(window.open).toHaveBeenCalledWith('about:blank', expect.any(String), expect.any(String));
    await reportFromPopup(popup, { type: 'vigie-sso', ok: true });
    await done;

    expect(body).toEqual({ email: DEMO_USER.email, popup: true });
    expect(getToken()).toBe(token);
    expect(getSessionEmail()).toBe(DEMO_USER.email);
    expect(getSsoCookie()).toBe(true);
  });

  it('rejects with the translated reason the window reports', async () => {
    const popup = fakePopup();
    const done = loginWithSsoPopup(DEMO_USER.email);
    await reportFromPopup(popup, { type: 'vigie-sso', ok: false, error: 'auth.sso_email_mismatch' });
    await expect(done).rejects.toMatchObject({ body: { message: 'auth.sso_email_mismatch' } });
    expect(getToken()).toBeNull();
    expect(getSsoCookie()).not.toBe(true);
  });

  it("closes the window and rejects with the server's refusal", async () => {
    server.use(http.post(api('auth/loginSSO'), () => HttpResponse.json({ message: 'auth.sso_not_enabled' }, { status: 403 })));
    const popup = fakePopup();
    const error = await loginWithSsoPopup(DEMO_USER.email).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.message).toBe('auth.sso_not_enabled');
    expect(popup.close).toHaveBeenCalled();
  });

  it('rejects without asking the server when the popup is blocked', async () => {
    let calls = 0;
    server.use(http.post(api('auth/loginSSO'), () => { calls += 1; return HttpResponse.json(makeEnvelope({ url: IDP_URL })); }));
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(loginWithSsoPopup(DEMO_USER.email)).rejects.toMatchObject({ body: { message: 'auth.sso_popup_blocked' } });
    expect(calls).toBe(0);
  });
});

describe('the /sso page', () => {
  it('finishes a redirect login: takes the token from the refresh cookie, marks SSO, lands on the dashboard', async () => {
    const { pathname } = renderApp('/sso');
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(getToken()).toBeTruthy();
    expect(getSessionEmail()).toBe(DEMO_USER.email);
    expect(getSsoCookie()).toBe(true);
  });

  it("shows the callback's refusal with a way back to login", async () => {
    renderApp('/sso?error=auth.sso_email_mismatch');
    expect(await screen.findByRole('alert')).toHaveTextContent("The identity provider's account does not match this email address.");
    expect(screen.getByText('Go to the login page')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('shows a generic message for an error that is not an SSO message', async () => {
    renderApp('/sso?error=toast.anything');
    expect(await screen.findByRole('alert')).toHaveTextContent('The identity provider did not confirm the sign-in.');
  });

  it('in a popup, reports the outcome on the channel instead of starting a session here', async () => {
    const channel = new BroadcastChannel(SSO_CHANNEL);
    const received = new Promise<unknown>((resolve) => (channel.onmessage = (event) => resolve(event.data)));
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    let refreshed = false;
    server.use(http.post(api('auth/refresh'), () => { refreshed = true; return HttpResponse.json({ message: 'token_invalid' }, { status: 401 }); }));
    renderApp('/sso?popup=1&error=auth.sso_failed');
    expect(await received).toEqual({ type: 'vigie-sso', ok: false, error: 'auth.sso_failed' });
    channel.close();
    expect(close).toHaveBeenCalled();
    expect(refreshed).toBe(false);
  });
});

describe('the login page SSO toggle', () => {
  it('removes the password field and shows why SSO was refused', async () => {
    let sent: unknown;
    server.use(
      http.post(api('auth/loginSSO'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'auth.sso_not_enabled' }, { status: 403 });
      }),
    );
    const { user, pathname } = renderApp('/login');
    const email = await screen.findByLabelText('Email');
    await user.click(screen.getByRole('switch', { name: 'Single sign-on (SSO)' }));
    await waitFor(() => expect(screen.queryByLabelText('Password')).not.toBeInTheDocument());
    await user.type(email, DEMO_USER.email);
    await user.click(screen.getByText('Continue with SSO'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on (SSO) is not available for this account.');
    expect(sent).toEqual({ email: DEMO_USER.email });
    expect(pathname()).toBe('/login');
  });
});
