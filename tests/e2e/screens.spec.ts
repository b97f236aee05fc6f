/**
 * What the screens look like, on a phone (360 px) and a desktop (1280 px),
 * in French and English: every page is set in the product's font (the login page included,
 * shown before Ionic's code has run), the phone tab bar shows each label whole, no page is
 * wider than the screen, and the colours the app writes text in are readable.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const OPERATOR = 'operator@demo.vigie.test';

// A login on a loaded 2-core machine is slow; nothing here measures time.
test.describe.configure({ timeout: 120_000 });

/** The font families the page's visible text is set in (one entry per distinct value). */
const fontsOfText = (page: Page) =>
  page.evaluate(() => {
    const fonts = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (ownText && el.getClientRects().length > 0) fonts.add(getComputedStyle(el).fontFamily);
    }
    return [...fonts];
  });

/** The product's font: Ionic's variable, which theme.css sets for every page, as the browser computes it. */
const productFont = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.fontFamily = 'var(--ion-font-family)';
    document.body.append(probe);
    const font = getComputedStyle(probe).fontFamily;
    probe.remove();
    return font;
  });

/** Elements wider than the screen, or a page that scrolls sideways. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('ion-menu:not(.show-menu)'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.right > width + 1 || box.left < -1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    return { scrolls: document.documentElement.scrollWidth > width || document.body.scrollWidth > width, wide };
  });

async function logIn(page: Page, lang: 'fr' | 'en') {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(OPERATOR);
  await page.locator('input[type=password]').fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: lang === 'fr' ? 'Tableau de bord' : 'Dashboard', level: 1 })).toBeVisible();
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`in ${lang === 'fr' ? 'French' : 'English'}`, () => {
    test.use({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });

    test.describe('on a phone (360 px)', () => {
      test.use({ viewport: PHONE });

      test('the login page and the shell are set in the product font; tab labels are whole; nothing is wider than the screen', async ({ page }) => {
        await page.goto('/login');
        await expect(page.locator('form button[type=submit]')).toBeVisible();
        // The login page loads no Ionic code: its font must not depend on it.
        const font = await productFont(page);
        expect(font).toMatch(/Roboto/);
        expect(await fontsOfText(page)).toEqual([font]);
        expect(await horizontalOverflow(page)).toEqual({ scrolls: false, wide: [] });
        // The other pages shown without the shell: a kept path, and the shared information.
        await page.goto('/resetPassword');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await fontsOfText(page)).toEqual([font]);
        await page.goto('/viewerThirdParty/no-such-share');
        await expect(page.getByRole('alert')).toBeVisible();
        expect(await fontsOfText(page)).toEqual([font]);

        await logIn(page, lang);
        const tabs = page.getByTestId('tab-bar');
        await expect(tabs.locator('.phone-tab')).toHaveCount(3);
        await expect(tabs.locator('.emergency-shell-label')).toBeVisible();
        // Each label shown whole: no ellipsis, nothing clipped, nothing past the screen's edge.
        const labels = await tabs.locator('.phone-tab-label, .emergency-shell-label').evaluateAll((elements) =>
          elements.map((el) => {
            const box = el.getBoundingClientRect();
            const tab = (el.closest('.phone-tab, .icon-button') ?? el).getBoundingClientRect();
            return {
              text: el.textContent,
              fits: el.scrollWidth <= el.clientWidth && box.left >= tab.left - 0.5 && box.right <= tab.right + 0.5 && tab.right <= document.documentElement.clientWidth,
            };
          }),
        );
        const expected = lang === 'fr' ? ['Tableau de bord', 'Notifications', 'Profil', "Alerte d'urgence"] : ['Dashboard', 'Notifications', 'Profile', 'Emergency alert'];
        expect(labels).toEqual(expected.map((text) => ({ text, fits: true })));
        expect(await fontsOfText(page)).toEqual([font]);
        expect(await horizontalOverflow(page)).toEqual({ scrolls: false, wide: [] });
      });
    });

    test.describe('on a desktop (1280 px)', () => {
      test.use({ viewport: DESKTOP });

      test('the login page and the shell are set in the product font; nothing is wider than the screen', async ({ page }) => {
        await page.goto('/login');
        await expect(page.locator('form button[type=submit]')).toBeVisible();
        const font = await productFont(page);
        expect(await fontsOfText(page)).toEqual([font]);
        await logIn(page, lang);
        await expect(page.getByRole('navigation', { name: lang === 'fr' ? 'Menu principal' : 'Main menu' })).toBeVisible();
        expect(await fontsOfText(page)).toEqual([font]);
        expect(await horizontalOverflow(page)).toEqual({ scrolls: false, wide: [] });
      });
    });
  });
}

test('every colour of the palette the app writes text in has a contrast of at least 4.5:1 on its backgrounds', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('form button[type=submit]')).toBeVisible();
  const contrasts = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    const rgb = (name: string) => style.getPropertyValue(`--ion-color-${name}-rgb`).split(',').map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R = 0, G = 0, B = 0] = [r, g, b].map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round((((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)) * 100) / 100;
    };
    // The page backgrounds: white (content, dialogs) and the light grey (login, cards).
    const backgrounds = [[255, 255, 255], rgb('light')];
    return Object.fromEntries(
      ['primary', 'secondary', 'tertiary', 'success', 'warning', 'danger', 'medium', 'dark'].map((name) => [name, Math.min(...backgrounds.map((bg) => ratio(rgb(name), bg)))]),
    );
  });
  expect(Object.entries(contrasts).filter(([, ratio]) => ratio < 4.5)).toEqual([]);
});
