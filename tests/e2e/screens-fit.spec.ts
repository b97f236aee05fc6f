/**
 * What only a browser shows of the shared screens: on an iPhone (Ionic's iOS look) the search
 * boxes keep a visible edge; on a phone a list row's title has the row's width (its chips on the
 * line below); on a phone a sheet's values take the screen's width; an unknown address shows the 404 toast, below
 * the header; at 1280 px no view of Cartography management is cut off; the user
 * administration gives rights by module and level, and says a duplicate e-mail once.
 */
import { expect, test, type Page } from '@playwright/test';
import { submitLogin } from './support';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

// A login on a loaded 2-core machine is slow; nothing here measures time.
test.describe.configure({ timeout: 120_000 });

async function logIn(page: Page, email: string) {
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The search box's edge as the browser draws it: its border, outline or shadow. */
const searchEdge = (page: Page) =>
  page.locator('.record-list-search input').evaluate((input) => {
    const style = getComputedStyle(input);
    const wrapper = input.querySelector('.input-wrapper');
    const inner = wrapper === null ? null : getComputedStyle(wrapper);
    const visible = (width: string, colour: string, kind: string) => parseFloat(width) >= 1 && kind !== 'none' && !/rgba\(.*, 0\)$|transparent/.test(colour);
    return {
      border: visible(style.borderTopWidth, style.borderTopColor, style.borderTopStyle) || (inner !== null && visible(inner.borderTopWidth, inner.borderTopColor, inner.borderTopStyle)),
      outline: visible(style.outlineWidth, style.outlineColor, style.outlineStyle),
      shadow: style.boxShadow !== 'none',
    };
  });

test.describe('on an iPhone (390 px, Ionic iOS look)', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });

  test('the search boxes of Sites, Declarations and Actions have a visible edge; sheet values are not squeezed', async ({ page }) => {
    await logIn(page, 'operator@demo.vigie.test');
    await expect(page.locator('html')).toHaveClass(/\bios\b/);
    for (const path of ['/site/view/infoV2', '/declarations', '/actionPlan/actions']) {
      await page.goto(path);
      await expect(page.locator('.record-list-rows a.record-row').first()).toBeVisible();
      expect(await searchEdge(page), path).not.toEqual({ border: false, outline: false, shadow: false });
    }

    // A declaration's sheet: each value takes the sheet's width, below its label.
    await page.goto('/declarations');
    await page.locator('.record-list-rows a.record-row').first().click();
    const values = page.locator('.record-fields dd');
    await expect(values.first()).toBeVisible();
    const widths = await values.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThan(300);
  });

  test("a list row gives its title the row's width: long titles read in full, chips on the line below, inside the row", async ({ page }) => {
    await logIn(page, 'operator@demo.vigie.test');
    // Declarations' demo titles name their site ("Chute dans l'escalier B – Entrepôt Gerland"),
    // the actions' say what to treat: 30 to 60 characters, beside two or three chips each.
    for (const path of ['/declarations', '/actionPlan/actions']) {
      await page.goto(path);
      const rows = page.locator('.record-list-rows a.record-row');
      await expect(rows.first()).toBeVisible();
      // Every row rendered (those in view and the virtualiser's next ones, laid out the same).
      const seen = await rows.evaluateAll((links) =>
        links
          .map((link) => {
            const row = link.getBoundingClientRect();
            const title = link.querySelector('.record-row-text > strong') as HTMLElement;
            const box = title.getBoundingClientRect();
            const lineHeight = parseFloat(getComputedStyle(title).lineHeight) || 20;
            const outside = [...link.querySelectorAll('.status-chip, .waiting-mark')].filter((chip) => chip.getBoundingClientRect().bottom > row.bottom + 1).length;
            return {
              text: title.textContent ?? '',
              widthShare: box.width / row.width,
              cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
              lines: Math.round(box.height / lineHeight),
              outside,
            };
          }),
      );
      expect(seen.length, path).toBeGreaterThan(2);
      expect(seen.some((row) => row.text.length >= 40 && !row.cut), `${path}: a title of 40 characters or more read in full`).toBe(true);
      for (const row of seen) {
        expect(row.widthShare, `${path}: "${row.text}" has the row's width`).toBeGreaterThan(0.6);
        expect(row.lines, `${path}: "${row.text}" on one or two lines`).toBeLessThanOrEqual(2);
        // Only a title longer than two lines is cut, after its second line.
        if (row.cut) expect(row.lines, `${path}: "${row.text}" cut after two lines`).toBe(2);
        expect(row.outside, `${path}: "${row.text}"'s chips inside its row`).toBe(0);
      }
    }
  });

  test('an unknown address shows the 404 toast below the header and lands on the default page', async ({ page }) => {
    await logIn(page, 'field@demo.vigie.test');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    const toast = page.locator('ion-toast .toast-wrapper');
    await expect(toast).toContainText('The page you asked for does not exist.');
    await expect(toast).toContainText('Error');
    const header = await page.locator('header.app-header').boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  });
});

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every view of Cartography management is reachable, none cut off at the edge', async ({ page }) => {
    await logIn(page, 'operator@demo.vigie.test');
    await page.goto('/cartographyManagement');
    const nav = page.getByRole('navigation', { name: 'Cartography management' });
    const links = nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThan(4);
    const outside = await links.evaluateAll((items) =>
      items.filter((item) => item.getBoundingClientRect().right > document.documentElement.clientWidth).map((item) => item.textContent),
    );
    expect(outside).toEqual([]);
  });

  test('the user administration gives rights by module and level, and says a duplicate e-mail once, without a success', async ({ page }) => {
    // Every toast the page presents, in order.
    await page.addInitScript(() => {
      const shown: Element[] = [];
      (window as unknown as { shownToasts: Element[] }).shownToasts = shown;
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof Element && node.tagName === 'ION-TOAST') shown.push(node);
      }).observe(document, { childList: true, subtree: true });
    });
    const toastsShown = () => page.evaluate(() => (window as unknown as { shownToasts: (Element & { message?: string })[] }).shownToasts.map((toast) => toast.message));
    await logIn(page, 'operator@demo.vigie.test');
    await page.goto('/admin/userManagement');
    const form = page.getByRole('form', { name: 'New user' });
    const email = `levels-${Date.now()}@demo.vigie.test`;
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('Long-enough-password-1');
    await form.getByRole('group', { name: 'Sites' }).getByRole('radio', { name: 'Manage' }).check();
    await form.getByRole('group', { name: 'Declarations' }).getByRole('radio', { name: 'Read' }).check();
    // The advanced view shows the keys the levels wrote.
    await form.getByText('Advanced: every right by its key').click();
    const advanced = form.locator('details');
    const ticked = await advanced.locator('input:checked').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent));
    expect(ticked).toEqual(['declarations-templates-templates.read', 'declarations.read', 'sites.admin', 'sites.read']);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('ion-toast .toast-wrapper')).toContainText('The user has been created.');
    await expect(page.getByText(email)).toBeVisible();

    // The same e-mail again: the server refuses; one error, no success.
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('Long-enough-password-1');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('ion-toast .toast-wrapper').filter({ hasText: 'This email address is already used.' })).toBeVisible();
    await expect(form.getByText('This email address is already used.')).toHaveCount(0);
    expect(await toastsShown()).toEqual(['The user has been created.', 'This email address is already used.']);
  });
});
