import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../src/lib/i18n';
import { getStoredLanguage } from '../../../../src/lib/storage';
import { renderApp } from '../../../../src/testing/render-app';
import { seedSession } from '../../../../src/testing/session';

const LOAD = { timeout: 5000 };

describe('the profile page', () => {
  it('switches the language to French and keeps the choice', async () => {
    seedSession();
    const { user } = renderApp('/me/meInfos');
    expect(await screen.findByRole('heading', { name: 'My profile', level: 1 }, LOAD)).toBeInTheDocument();
    try {
      await user.click(screen.getByText('Français'));
      expect(await screen.findByRole('heading', { name: 'Mon profil', level: 1 })).toBeInTheDocument();
      expect(getStoredLanguage()).toBe('fr');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
