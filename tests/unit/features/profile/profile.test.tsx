import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../src/lib/i18n';
import { getStoredLanguage } from '../../../../src/lib/storage';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const LOAD = { timeout: 5000 };

describe('the profile page', () => {
  it('switches the language to French, keeps the choice and tells the server (its bells and e-mails follow)', async () => {
    seedSession();
    const told: unknown[] = [];
    server.use(
      http.put(api('me/language'), async ({ request }) => {
        told.push(await request.json());
        return HttpResponse.json(makeEnvelope({ language: 'fr' }));
      }),
    );
    const { user } = renderApp('/me/meInfos');
    expect(await screen.findByRole('heading', { name: 'My profile', level: 1 }, LOAD)).toBeInTheDocument();
    try {
      await user.click(screen.getByText('Français'));
      expect(await screen.findByRole('heading', { name: 'Mon profil', level: 1 })).toBeInTheDocument();
      expect(getStoredLanguage()).toBe('fr');
      await waitFor(() => expect(told).toEqual([{ language: 'fr' }]));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
