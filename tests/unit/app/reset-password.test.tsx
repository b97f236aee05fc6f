import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { renderApp } from '../../../src/testing/render-app';
import { server } from '../../../src/testing/server';

describe('the /resetPassword page', () => {
  it('with a token: checks the two passwords, sends them with the token, then leads to login', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('auth/resetPassword'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(makeEnvelope(null));
      }),
    );
    const { user } = renderApp('/resetPassword?token=abc-123_XY');
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'Une phrase de passe');
    await user.type(screen.getByLabelText('Confirm the password'), 'Une autre');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('The two passwords differ.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm the password'));
    await user.type(screen.getByLabelText('Confirm the password'), 'Une phrase de passe');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Password saved')).toBeVisible();
    expect(sent).toEqual([{ token: 'abc-123_XY', password: 'Une phrase de passe' }]);
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s message for a used link', async () => {
    server.use(http.post(api('auth/resetPassword'), () => HttpResponse.json({ message: 'resetPassword.used' }, { status: 410 })));
    const { user } = renderApp('/resetPassword?token=used');
    await user.type(await screen.findByLabelText('New password'), 'Une phrase de passe');
    await user.type(screen.getByLabelText('Confirm the password'), 'Une phrase de passe');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('This link was already used: log in with your password.')).toBeVisible();
  });

  it('from the login page’s link, asks for the account’s address and says a link was sent if an account has it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('auth/forgotPassword'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(makeEnvelope(null));
      }),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password' })).toBeVisible();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText('Enter a valid email address, for example name@example.com.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(email);
    await user.type(email, ' agent@example.fr ');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for agent@example.fr, an e-mail with a link was just sent to it. The link works for 1 h, once.');
    expect(sent).toEqual([{ email: 'agent@example.fr' }]);
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
  });
});
