/**
 * Accessibility in the browser (issues 7 and 14): axe-core finds no WCAG 2.1 A/AA violation
 * (nor any of its best practices) on every screen and in every dialog and menu, on a phone
 * (360 px) and a desktop (1280 px); login and the menu work with the keyboard alone; on the
 * phone layout every control is at least 44 px in both directions (WCAG 2.5.5); reduced motion
 * turns off Ionic's animations and the app's transitions.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { mailsTo } from './mail-capture';
import { openDialog, submitLogin } from './support';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const OPERATOR = 'operator@demo.vigie.test';
const DISTRICTS_ONLY = 'districts@demo.vigie.test';
const MIN_TARGET_PX = 44;

async function logIn(page: Page, email: string) {
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

const menuEntry = (page: Page, label: string) => page.locator('ion-menu').getByText(label, { exact: true });

/** Waits until the dialog's entry animation is over (axe would see half-transparent text). */
async function dialogShown(page: Page, heading: string | RegExp) {
  const dialog = openDialog(page);
  await expect(dialog.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(dialog).toHaveJSProperty('presented', true);
  return dialog;
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(openDialog(page)).toHaveCount(0);
}

/** A popover (bell, "more" menu) fully shown: axe would see half-transparent text mid-animation. */
async function popoverShown(page: Page) {
  const popover = page.locator('ion-popover.popover-viewport, ion-popover').filter({ has: page.locator('*') }).last();
  await expect(popover).toHaveJSProperty('presented', true);
  return popover;
}

/** Goes to a signed-in page by address and waits for its first-level heading. */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  // Lists and functionalities load after the heading: wait until no spinner is left.
  await expect(page.locator('ion-spinner:visible, .app-spinner:visible')).toHaveCount(0);
}

/** The phone drawer open: Ionic's menu done with its animation. */
async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.waitForFunction(() => document.querySelector('ion-menu')?.classList.contains('show-menu'));
}

async function closeDrawer(page: Page) {
  await expect
    .poll(async () => {
      if (await page.locator('ion-menu.show-menu').count()) await page.keyboard.press('Escape');
      return page.locator('ion-menu.show-menu').count();
    })
    .toBe(0);
}

// Logins and axe runs are slow on a loaded 2-core machine (an axe run took up to 12 s on the
// shared machine); nothing here measures time.
test.describe.configure({ timeout: 300_000 });

for (const [layout, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`axe finds no violations on a ${layout} (${viewport.width} px)`, () => {
    test.use({ viewport });
    const phone = layout === 'phone';

    test('on the public pages: login, external login, reset password, terms, maintenance, shared information', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expectNoViolations(page, '/login');
      // A failed login's message.
      await page.getByLabel('Email').fill(OPERATOR);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoViolations(page, '/login (error)');

      await page.goto('/external-login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expectNoViolations(page, '/external-login');

      await page.goto('/resetPassword');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, '/resetPassword');

      await page.goto('/terms');
      await expect(page.getByRole('heading', { name: 'Privacy notice', level: 2 })).toBeVisible();
      await expectNoViolations(page, '/terms');

      await page.goto('/viewerThirdParty/no-such-share');
      await expect(page.getByText('This shared information does not exist.')).toBeVisible();
      await expectNoViolations(page, '/viewerThirdParty (unknown)');

      // Maintenance: every API call answered as the server answers it in maintenance mode.
      await page.route('**/api/**', (route) =>
        route.fulfill({ status: 503, headers: { 'Retry-After': '30' }, contentType: 'application/json', body: JSON.stringify(route.request().url().includes('/api/config') ? { data: { maintenance: true } } : { message: 'maintenance' }) }),
      );
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, 'maintenance');
    });

    test('on the dashboard, its menus, notifications, profile, calendar and help', async ({ page }) => {
      await logIn(page, OPERATOR);
      await expectNoViolations(page, '/dashboard');

      if (phone) {
        await openDrawer(page);
        await expectNoViolations(page, 'drawer');
        await closeDrawer(page);
        await page.getByRole('button', { name: 'More' }).click();
        await popoverShown(page);
        await expect(page.getByTestId('toolbar-more-menu')).toBeVisible();
        await expectNoViolations(page, 'more menu');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('toolbar-more-menu')).toBeHidden();
      }

      // The bell's menu of the last unread notifications.
      await page.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
      await expect(page.locator('.bell-menu')).toBeVisible();
      await popoverShown(page);
      await expectNoViolations(page, 'bell menu');
      await page.keyboard.press('Escape');
      await expect(page.locator('.bell-menu')).toBeHidden();

      await visit(page, '/notifications/notificationsView', 'Notifications');
      await expectNoViolations(page, '/notifications');
      await visit(page, '/me', 'My profile');
      await expectNoViolations(page, '/me');
      await visit(page, '/calendar', 'Calendar');
      await expectNoViolations(page, '/calendar');
      await visit(page, '/help', 'Help');
      await expectNoViolations(page, '/help');
    });

    test('on the administration and module pages and in an error toast', async ({ page }) => {
      await logIn(page, OPERATOR);
      await visit(page, '/admin/districtManagement', /district/i);
      await expectNoViolations(page, '/admin/districtManagement');
      await visit(page, '/admin/userManagement', /user/i);
      await expectNoViolations(page, '/admin/userManagement');
      await visit(page, '/opteamum/clientManagement', /client/i);
      await expectNoViolations(page, '/opteamum/clientManagement');
      // The Sites module's own screens: the list, and a site's sheet (beside it on a desktop,
      // stacked over it on a phone).
      await page.goto('/site/view/infoV2');
      const rows = page.getByRole('list', { name: 'Sites' }).getByRole('link');
      await expect(rows.first()).toBeVisible();
      await expectNoViolations(page, '/site/view/infoV2');
      await rows.first().click();
      await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
      await expectNoViolations(page, '/site/:id');
      // The Declarations module's screens: the list, a declaration with the managers'
      // follow-up, the report form of a type, and the types' manager.
      await page.goto('/declarations');
      const declarations = page.getByRole('list', { name: 'The district’s declarations' }).getByRole('link');
      await expect(declarations.first()).toBeVisible();
      await expectNoViolations(page, '/declarations');
      await declarations.first().click();
      await expect(page.getByRole('heading', { name: 'Follow-up' })).toBeVisible();
      await expectNoViolations(page, '/declarations/:id');
      await page.goto('/declarations/new');
      await page.getByRole('button', { name: 'Incident' }).click();
      await expect(page.locator('form.declaration-form')).toBeVisible();
      await expectNoViolations(page, '/declarations/new');
      await page.goto('/declarations/templates');
      await expect(page.getByRole('list', { name: 'Declaration types' }).getByRole('listitem').first()).toBeVisible();
      await expectNoViolations(page, '/declarations/templates');
      // The Questionnaires screens: the operator's inspections, filling one, a report, starting one.
      await page.goto('/questionnary-v2/view');
      const open = page.getByRole('list', { name: 'To do' }).getByRole('link');
      await expect(open.first()).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/view');
      await open.first().click();
      await expect(page.getByRole('button', { name: 'Submit the inspection' })).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/inspections/:id (filling)');
      await page.goto('/questionnary-v2/view?tab=submitted');
      await page.getByRole('list', { name: 'Submitted' }).getByRole('link').first().click();
      await expect(page.getByRole('heading', { name: 'Score by section' })).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/inspections/:id (report)');
      await page.goto('/questionnary-v2/start');
      await page.getByRole('link', { name: /Visite de chantier/ }).click();
      await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/start');
      await page.goto('/questionnary-v2/manage');
      await expect(page.getByRole('heading', { name: 'All inspections', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: /Visite de chantier/ }).first()).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/manage');
      await page.goto('/questionnary-v2/schedules/new');
      await expect(page.getByRole('heading', { name: 'New schedule', level: 1 })).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/schedules/new');
      await page.goto('/questionnary-v2/schedules');
      await expect(page.getByRole('heading', { name: 'Schedules', level: 1 })).toBeVisible();
      await expect(page.getByText('No schedule yet.').or(page.getByRole('list', { name: 'Schedules' }).getByRole('listitem').first())).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/schedules');
      await page.goto('/questionnary-v2/templates');
      const templates = page.getByRole('list', { name: 'Questionnaires templates', exact: true }).getByRole('link');
      await expect(templates.first()).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/templates');
      await templates.first().click();
      await expect(page.getByText(/^Revision \d+ saved/)).toBeVisible();
      await expectNoViolations(page, '/questionnary-v2/templates/:id');
      // An unknown address: the error toast over the dashboard.
      await page.goto('/no-such-page');
      await expect(page.getByTestId('toast').first()).toBeVisible();
      await expectNoViolations(page, '404');

    });

    test('in the disconnect, support and change client dialogs', async ({ page }) => {
      await logIn(page, OPERATOR);
      // Dialogs. Phones reach support and disconnect through the "more" menu.
      const fromToolbar = async (name: string) => {
        if (phone) {
          await page.getByRole('button', { name: 'More' }).click();
          await page.getByTestId('toolbar-more-menu').getByText(name, { exact: true }).click();
        } else {
          await page.getByRole('button', { name }).first().click();
        }
      };
      await fromToolbar('Disconnect');
      await dialogShown(page, 'Leave Vigie?');
      await expectNoViolations(page, 'disconnect dialog');
      await closeDialog(page);
      await fromToolbar('Support');
      await dialogShown(page, 'Contact support');
      await expectNoViolations(page, 'support dialog');
      await closeDialog(page);

      if (phone) await openDrawer(page);
      await menuEntry(page, 'Change client').click();
      const tenancy = await dialogShown(page, 'Change client');
      await expectNoViolations(page, 'change client dialog');
      await tenancy.getByRole('button', { name: 'Acme Industrie', exact: true }).click();
      await expect(tenancy.getByRole('button', { name: 'Lyon', exact: true })).toBeVisible();
      await expectNoViolations(page, 'change client dialog, district step');
      await tenancy.getByRole('button', { name: 'Lyon', exact: true }).click();
      await expect(tenancy.locator('.tenancy-summary')).toContainText('Lyon');
      await expectNoViolations(page, 'change client dialog, confirmation');
      await closeDialog(page);
      if (phone) await closeDrawer(page);

    });

    test('in the emergency dialog at each step, the outbox and the shared information of the sent alert, the reconnect dialog', async ({ page }) => {
      await logIn(page, OPERATOR);
      // The emergency dialog, each step, then the alert sent and its shared information.
      await visit(page, '/emergency/outbox', 'Emergency alerts');
      await expectNoViolations(page, '/emergency/outbox');
      await page.getByRole('button', { name: 'New alert' }).click();
      const alert = openDialog(page);
      await expect(alert.getByRole('radio').first()).toBeVisible();
      await expect(alert).toHaveJSProperty('presented', true);
      await expectNoViolations(page, 'emergency dialog, site step');
      await alert.getByRole('radio').first().check();
      await alert.getByRole('button', { name: 'Next' }).click();
      const recipient = `a11y+${randomUUID().slice(0, 8)}@example.org`;
      await alert.getByLabel('Recipient e-mail 1').fill(recipient);
      await expectNoViolations(page, 'emergency dialog, recipients step');
      await alert.getByRole('button', { name: 'Next' }).click();
      await expect(alert.getByRole('button', { name: 'Confirm' })).toBeVisible();
      await expectNoViolations(page, 'emergency dialog, confirmation step');
      await alert.getByRole('button', { name: 'Confirm' }).click();
      await expect(openDialog(page)).toHaveCount(0);
      await expect(page.locator('li.emergency-alert').first()).toBeVisible();
      await expectNoViolations(page, '/emergency/outbox with an alert');
      await expect.poll(async () => (await mailsTo([recipient])).flatMap((mail) => mail.links), { timeout: 30_000 }).toHaveLength(1);
      const [link] = (await mailsTo([recipient])).flatMap((mail) => mail.links);
      await page.goto(new URL(link ?? '').pathname);
      await expect(page.locator('.viewer-page h1')).toBeVisible();
      await expectNoViolations(page, '/viewerThirdParty');

      // The reconnect dialog, as after an idle time-out (the flag survives a reload).
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await page.evaluate(() => localStorage.setItem('awaitingReconnection', 'true'));
      await page.reload();
      const reconnect = page.locator('ion-modal#reconnect-dialog.show-modal');
      await expect(reconnect.getByRole('button', { name: 'Reconnect' })).toBeVisible();
      await expect(reconnect).toHaveJSProperty('presented', true);
      await expectNoViolations(page, 'reconnect dialog');
    });

    test('in the change district dialog', async ({ page }) => {
      await logIn(page, DISTRICTS_ONLY);
      if (phone) await openDrawer(page);
      await menuEntry(page, 'Change district').click();
      await dialogShown(page, 'Change district');
      await expectNoViolations(page, 'change district dialog');
    });
  });
}

test.describe('phone layout', () => {
  test.use({ viewport: PHONE });

  test('every control on the login page and the dashboard is at least 44 px high and wide', async ({ page }) => {
    const tooSmall = async () =>
      page.evaluate((min) => {
        const selector = 'button, a[href], input, select, textarea, ion-button, ion-item[button], ion-item[href], ion-tab-button, ion-menu-button, [role="button"], [role="link"], [role="tab"]';
        return [...document.querySelectorAll<HTMLElement>(selector)]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return false;
            // A native control inside an Ionic one is sized by its host, which is checked.
            if (el.closest('ion-button, ion-item, ion-tab-button, ion-menu-button, ion-input') !== el && el.parentElement?.closest('ion-button, ion-item, ion-tab-button, ion-menu-button, ion-input')) return false;
            return box.width < min - 0.5 || box.height < min - 0.5;
          })
          .map((el) => {
            const box = el.getBoundingClientRect();
            return `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`;
          });
      }, MIN_TARGET_PX);

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await tooSmall()).toEqual([]);

    await page.getByLabel('Email').fill(OPERATOR);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    expect(await tooSmall()).toEqual([]);
  });
});

test.describe('keyboard only', () => {
  test.use({ viewport: PHONE });

  test('a user logs in, opens the menu and goes to one of its pages with the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const email = page.getByLabel('Email');
    for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(OPERATOR);
    // Past the single sign-on switch to the password.
    const password = page.getByLabel('Password');
    for (let i = 0; i < 5 && !(await password.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const openMenu = page.getByRole('button', { name: 'Open menu' });
    // :focus matches the focused element itself, even inside Ionic's shadow roots.
    for (let i = 0; i < 15 && !(await openMenu.evaluate((el) => el.matches(':focus, :focus-within'))); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(openMenu).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    // Tab reaches the menu's entries; Enter on one opens its page.
    const focusedEntry = () =>
      page.evaluate(() => {
        const item = [...document.querySelectorAll('ion-menu .menu-item')].find((el) => el.matches(':focus'));
        return item === undefined ? null : (item.getAttribute('href') ?? '');
      });
    // The first page entry other than the dashboard (where the user already is).
    let target: string | null = null;
    for (let i = 0; i < 30 && (!target || target === '/dashboard'); i += 1) {
      await page.keyboard.press('Tab');
      target = await focusedEntry();
    }
    expect(target).toMatch(/^\//);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    // Escape closes the drawer if it is still open (Ionic ignores it mid-animation, so again
    // until it is closed); the new page is then in reach.
    await expect
      .poll(async () => {
        if (await menu.isVisible()) await page.keyboard.press('Escape');
        return menu.isVisible();
      })
      .toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('reduced motion', () => {
  test.use({ viewport: DESKTOP, reducedMotion: 'reduce' });

  test('Ionic runs without animations and the app sets no transition', async ({ page }) => {
    await logIn(page, OPERATOR);
    // Ionic reads `animated` from its config: off, dialogs and menus appear at once.
    const animated = await page.evaluate(() => {
      const config = (window as unknown as { Ionic?: { config?: { get?: (key: string) => unknown; animated?: unknown } } }).Ionic?.config;
      return typeof config?.get === 'function' ? config.get('animated') : config?.animated;
    });
    expect(animated).toBe(false);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(openDialog(page)).toBeVisible();
    const durations = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, a, ion-item, ion-button')].map((el) => getComputedStyle(el).transitionDuration),
    );
    expect(durations.filter((d) => d.split(',').some((part) => parseFloat(part) > 0.01))).toEqual([]);
  });
});
