import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getClientIp } from '../../../../src/lib/session';
import { getRights, getSessionDistrictId, getSessionEmail, getSsoCookie, getTempId, getToken } from '../../../../src/lib/storage';
import { DEMO_DISTRICT, DEMO_RIGHTS, DEMO_USER, makeEnvelope, makeSessionData } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';

async function openLogin() {
  const app = renderApp('/login');
  const email = await screen.findByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = screen.getByText('Log in');
  return { ...app, email, password, submit };
}

describe('the login page', () => {
  it('shows what is wrong with each field when submitted empty, and sends nothing', async () => {
    let calls = 0;
    server.use(http.post(api('auth/login'), () => { calls += 1; return HttpResponse.json({}); }));
    const { user, submit } = await openLogin();
    await user.click(submit);
    expect(await screen.findByText('Enter your email address.')).toBeVisible();
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(calls).toBe(0);
  });

  it('explains a malformed e-mail and a short password', async () => {
    const { user, email, password, submit } = await openLogin();
    await user.type(email, 'not-an-email');
    await user.type(password, 'short');
    await user.click(submit);
    expect(await screen.findByText('Enter a valid email address, for example name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('The password must contain at least 8 characters.')).toBeInTheDocument();
  });

  it('clears a field error once the field is corrected', async () => {
    const { user, email, submit } = await openLogin();
    await user.click(submit);
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    await user.type(email, DEMO_USER.email);
    await waitFor(() => expect(screen.queryByText('Enter your email address.')).not.toBeInTheDocument());
  });

  it("shows the server's message when the credentials are refused", async () => {
    const { user, email, password, submit, pathname } = await openLogin();
    await user.type(email, DEMO_USER.email);
    await user.type(password, 'wrong-password');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(pathname()).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('tells a throttled user how long to wait', async () => {
    server.use(
      http.post(api('auth/login'), () =>
        HttpResponse.json({ message: 'auth.too_many_attempts', redis: { lockoutSeconds: 300 } }, { status: 429 }),
      ),
    );
    const { user, email, password, submit } = await openLogin();
    await user.type(email, DEMO_USER.email);
    await user.type(password, DEMO_USER.password);
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts. Try again in 300 seconds.');
  });

  it('says so when the server cannot be reached', async () => {
    server.use(http.post(api('auth/login'), () => HttpResponse.error()));
    const { user, email, password, submit } = await openLogin();
    await user.type(email, DEMO_USER.email);
    await user.type(password, DEMO_USER.password);
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to reach the server.');
  });

  it('stores the session, tells the server the language the user reads, and lands on the dashboard', async () => {
    let sent: unknown;
    const languages: unknown[] = [];
    server.use(
      http.post(api('auth/login'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(makeEnvelope(makeSessionData({ clientIp: '192.0.2.9' })));
      }),
      http.put(api('me/language'), async ({ request }) => {
        languages.push(await request.json());
        return HttpResponse.json(makeEnvelope({ language: 'en' }));
      }),
    );
    const { user, email, password, submit, pathname } = await openLogin();
    await user.type(email, DEMO_USER.email);
    await user.type(password, `${DEMO_USER.password}{Enter}`);

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
    expect(submit).not.toBeInTheDocument();
    expect(sent).toEqual({ email: DEMO_USER.email, password: DEMO_USER.password, reconnect: false });
    expect(getToken()).not.toBeNull();
    expect(getSessionEmail()).toBe(DEMO_USER.email);
    expect(getSessionDistrictId()).toBe(DEMO_DISTRICT._id);
    expect(getTempId()).not.toBeNull();
    expect(getSsoCookie()).toBe(false);
    expect(getRights()).toEqual(DEMO_RIGHTS);
    expect(getClientIp()).toBe('192.0.2.9');
    // Its bells, e-mails and calendar feed will be in English.
    await waitFor(() => expect(languages).toEqual([{ language: 'en' }]));
  });

  it("lands on the user's default page, /dashboard when that page is unknown", async () => {
    server.use(
      http.post(api('auth/login'), () => HttpResponse.json(makeEnvelope(makeSessionData({ defaultPage: '/somewhere/else' })))),
    );
    const { user, email, password, submit, pathname } = await openLogin();
    await user.type(email, DEMO_USER.email);
    await user.type(password, DEMO_USER.password);
    await user.click(submit);
    // That page does not exist (yet): the user ends on /dashboard rather than in a loop.
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
  });

  it('is in French for a French user', async () => {
    localStorage.setItem('lang', 'fr');
    const { i18n } = await import('../../../../src/lib/i18n');
    await i18n.changeLanguage('fr');
    try {
      renderApp('/login');
      expect(await screen.findByLabelText('Adresse e-mail')).toBeInTheDocument();
      expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
      expect(screen.getByText('Se connecter')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
