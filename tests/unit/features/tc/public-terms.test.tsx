import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TcVersion } from '../../../../common/modules/tc/schemas';
import { makeSessionlessEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';

const FIRST_LOOK = { timeout: 15_000 };

const VERSION: TcVersion = {
  version: 3,
  publishedAt: '2026-11-02T09:30:00.000Z',
  publishedBy: 'operator@demo.vigie.test',
  termsFr: '# Objet\nVigie sert à suivre les sites.',
  termsEn: '# Purpose\nVigie is for following sites.',
  privacyFr: '# Données\nVos données restent dans votre district.',
  privacyEn: '# Data\nYour data stays in your district.',
  requiresAcceptance: true,
  note: '',
};

describe('the terms before signing in', { timeout: 30_000 }, () => {
  it('are linked from the login page and show the current terms and privacy notice without a session', async () => {
    server.use(http.get(api('tcPublic/current'), () => HttpResponse.json(makeSessionlessEnvelope(VERSION))));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Terms of use and privacy notice' }, FIRST_LOOK));

    expect(await screen.findByRole('heading', { name: 'Terms of use', level: 1 }, FIRST_LOOK)).toBeInTheDocument();
    expect(await screen.findByText('Vigie is for following sites.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy notice', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Your data stays in your district.')).toBeInTheDocument();
    expect(screen.getByText(/^Version 3 published on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
