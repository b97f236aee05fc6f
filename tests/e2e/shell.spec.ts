/**
 * The shell in a real browser: the exact side-menu entries and targets of each demo
 * account, the 404 rule, the right guard, a live notification over the socket, and the phone
 * versus desktop layouts. The expected menus are written by hand from spec sections 2 and 6
 * (an oracle independent of src/features/shell/menu.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { submitLogin } from './support';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function logIn(page: Page, email: string) {
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
}

/** [label, target]; target null for an entry that opens a dialog. */
type MenuRow = [string, string | null];

async function menuRows(page: Page): Promise<MenuRow[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.locator('.menu-item').first()).toBeVisible();
  return menu.locator('.menu-item').evaluateAll((items) =>
    items.map((item) => [item.textContent?.trim() ?? '', item.getAttribute('href')] as [string, string | null]),
  );
}

const EXPECTED_MENUS: Record<string, MenuRow[]> = {
  'field@demo.vigie.test': [
    ['Dashboard', '/dashboard'],
    ['Cartography', '/cartography'],
    ['Sites', '/site/view/infoV2'],
    ['Questionnaires', '/questionnary-v2/view'],
    ['Action plans', '/actionPlan/actionPlanView'],
    ['Actions', '/actionPlan/actions'],
    ['Declarations', '/declarations'],
    // inventoryV2.equipment_read and stockManagement.inventory_read: the equipment and the counts.
    ['Inventory V2', '/inventory-v2/equipment'],
    ['Stock management', '/stock-management/inventory'],
    // contactV2.contactV2_read: a field user reads a site's emergency contacts.
    ['Contacts', '/contact-v2'],
    ['Notifications', '/notifications/notificationsView'],
    // workflows.workflow_read: a field user requests a hot-work permit and follows it.
    ['Workflows', '/workflow/workflow-view'],
    ['Sign out', null],
  ],
  'districts@demo.vigie.test': [
    ['Dashboard', '/dashboard'],
    ['Sites', '/site/view/infoV2'],
    ['Change district', null],
    ['Sign out', null],
  ],
  'district-admin@demo.vigie.test': [
    ['Dashboard', '/dashboard'],
    ['Cartography', '/cartography'],
    ['Sites', '/site/view/infoV2'],
    ['Questionnaires', '/questionnary-v2/view'],
    ['Action plans', '/actionPlan/actionPlanView'],
    ['Actions', '/actionPlan/actions'],
    ['Actions V3', '/actionsV3'],
    ['Declarations', '/declarations'],
    ['Synthesis', '/synthesisBuilder/synthesisTable'],
    ['Inventory', '/inventory/catalog'],
    ['Inventory V2', '/inventory-v2/article'],
    ['Stock management', '/stock-management/stock-area'],
    ['Suppliers', '/supplier/supplier-view'],
    ['Contacts', '/contact-v2'],
    ['Contracts', '/contract'],
    ['Import/export', '/import-export'],
    ['Notifications', '/notifications/notificationsView'],
    ['Files', '/files/sitesTypes'],
    ['Workflows', '/workflow/workflow-view'],
    ['Sharing bank', '/sharing-bank/sharingBankView'],
    ['Third parties', '/third-party'],
    ['Third parties V2', '/third-party-v2/current'],
    ['Data-sharing area', '/dsa/dsaView'],
    ['Administration', '/admin/userManagement'],
    ['Sign out', null],
  ],
  'operator@demo.vigie.test': [
    ['Dashboard', '/dashboard'],
    ['Cartography', '/cartography'],
    ['Cartography management', '/cartographyManagement/interestPoint/view'],
    ['Sites', '/site/view/infoV2'],
    ['Questionnaires', '/questionnary-v2/view'],
    ['Action plans', '/actionPlan/actionPlanView'],
    ['Actions', '/actionPlan/actions'],
    ['Actions V3', '/actionsV3'],
    ['Declarations', '/declarations'],
    ['Synthesis', '/synthesisBuilder/synthesisTable'],
    ['Inventory', '/inventory/catalog'],
    ['Inventory V2', '/inventory-v2/article'],
    ['Stock management', '/stock-management/recap-table'],
    ['Suppliers', '/supplier/supplier-view'],
    ['Contacts', '/contact-v2'],
    ['Contracts', '/contract'],
    ['Import/export', '/import-export'],
    ['Notifications', '/notifications/notificationsView'],
    ['Files', '/files/sitesTypes'],
    ['Workflows', '/workflow/workflow-view'],
    ['Sharing bank', '/sharing-bank/sharingBankView'],
    ['Third parties', '/third-party'],
    ['Third parties V2', '/third-party-v2/current'],
    ['Data-sharing area', '/dsa/dsaView'],
    ['Administration', '/admin/userManagement'],
    ['Operator administration', '/opteamum/clientManagement'],
    ['Change client', null],
    ['Sign out', null],
  ],
};

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  for (const [email, expected] of Object.entries(EXPECTED_MENUS)) {
    test(`${email} sees exactly the menu of the spec tables`, async ({ page }) => {
      await logIn(page, email);
      expect(await menuRows(page)).toEqual(expected);
    });
  }

  test('a menu entry opens its module; the split pane shows the menu, no tab bar', async ({ page }) => {
    // Synthesis: the district administrator's right (synthesis.read) opens its table builder.
    await logIn(page, 'district-admin@demo.vigie.test');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeHidden();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Synthesis').click();
    await expect(page).toHaveURL(/\/synthesisBuilder\/synthesisTable$/);
    await expect(page.getByRole('heading', { name: 'Synthesis table', level: 1 })).toBeVisible();
    // Modules with screens of their own open them from their entries.
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Questionnaires').click();
    await expect(page).toHaveURL(/\/questionnary-v2\/view$/);
    await expect(page.getByRole('heading', { name: 'My inspections', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Sites').click();
    await expect(page).toHaveURL(/\/site\/view\/infoV2$/);
    await expect(page.getByRole('list', { name: 'Sites' }).getByRole('link').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Declarations').click();
    await expect(page).toHaveURL(/\/declarations$/);
    await expect(page.getByRole('list', { name: 'The district’s declarations' }).getByRole('link').first()).toBeVisible();
  });

  test('an unknown address shows the 404 toast and goes to the default page', async ({ page }) => {
    await logIn(page, 'field@demo.vigie.test');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('ion-toast')).toContainText('The page you asked for does not exist.');
    await expect(page.locator('ion-toast')).toContainText('Error');
  });

  test('a module without the right shows the requiredPermissions toast, not a blank page', async ({ page }) => {
    await logIn(page, 'field@demo.vigie.test');
    await page.goto('/admin/userManagement');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('ion-toast')).toContainText('You do not have the rights needed for this action. Administration');
  });

  test('a notification announced by the district admin arrives live in the bell of the field user', async ({ page, request }) => {
    // Watch the app's socket: connected (socket.io CONNECT acknowledged), then the event.
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname.startsWith('/ws')) socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
    await logIn(page, 'field@demo.vigie.test');
    await expect.poll(() => frames.some((f) => f.startsWith('40'))).toBe(true);
    const badge = page.getByTestId('notifications-badge');
    await expect(badge).toBeVisible();
    const before = Number(await badge.textContent());

    const login = await request.post('/api/auth/login', { data: { email: 'district-admin@demo.vigie.test', password: DEMO_PASSWORD } });
    expect(login.ok()).toBe(true);
    const { data } = (await login.json()) as { data: { token: string } };
    const name = `Gas leak drill at ${Date.now()}`;
    const announce = await request.post('/api/notifications/announce', {
      data: { name },
      headers: { Authorization: `Bearer ${data.token}` },
    });
    expect(announce.ok()).toBe(true);

    await expect.poll(() => frames.some((f) => f.startsWith('42["notifications:new"') && f.includes(name))).toBe(true);
    await expect(badge).toHaveText(String(before + 1));
    await page.getByRole('button', { name: `Notifications: ${before + 1} unread` }).click();
    await expect(page.getByTestId('bell-list')).toContainText(name);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('a bottom tab bar beside the drawer menu; the tabs navigate', async ({ page }) => {
    await logIn(page, 'field@demo.vigie.test');
    // The toolbar keeps room for the names: the secondary actions share one "More" menu.
    await expect(page.getByTestId('toolbar-district')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Help' })).toBeHidden();
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByTestId('toolbar-more-menu').locator('ion-item')).toHaveText(['Help', 'Support', 'Profile', 'Disconnect']);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('toolbar-more-menu')).toBeHidden();
    const tabs = page.getByTestId('tab-bar');
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link')).toHaveText(['Dashboard', /^Notifications/, 'Profile']);
    await expect(tabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The menu is a drawer here: hidden until toggled.
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    // A mark on the page's window: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { vigieSamePage: true }));
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/me\/meInfos$/);
    expect(await page.evaluate(() => 'vigieSamePage' in window)).toBe(true);
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('profile-email')).toHaveText('field@demo.vigie.test');
    const entries = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    // The open drawer holds a history entry, so browser back closes it before leaving the page.
    await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page).toHaveURL(/\/me\/meInfos$/);
  });

  test('the menu button opens the drawer even before the page had an idle moment to build it', async ({ page }) => {
    // No idle moment ever comes: the drawer is built by the press itself.
    await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
    await logIn(page, 'field@demo.vigie.test');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});
