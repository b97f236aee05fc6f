/**
 * The outside companies' screens in Chromium, on a phone (390 px) and a desktop (1280 px),
 * axe-clean (no WCAG 2.1 A/AA violation): who is on site now, the companies, a company's sheet
 * with its workers' qualifications, a worker's badge, the interventions, an intervention with
 * its prevention plan and its signatures, and a manager's forms. The demo data shows what the
 * demo promises: two companies, an expired qualification, a signed plan and one to sign, people
 * on site now.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { submitLogin } from './support';

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('ion-spinner:visible, .app-spinner:visible')).toHaveCount(0);
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`every screen of the outside companies is axe-clean on a ${device}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await submitLogin(page, 'operator@demo.vigie.test');
    await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');

    await visit(page, '/third-party-v2', 'Who is on site now');
    await expect(page.getByText('Bureau de contrôle – Alain Mercier')).toBeVisible();
    await expectNoViolations(page, 'current');

    await page.getByRole('link', { name: 'Companies', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Outside companies', level: 1 })).toBeVisible();
    await expect(page.getByText('Expired qualification')).toBeVisible();
    await expectNoViolations(page, 'companies');

    await page.getByRole('link', { name: 'Elec Services Rhône' }).click();
    await expect(page.getByRole('heading', { name: 'Elec Services Rhône', level: 1 })).toBeVisible();
    await expect(page.getByText(/Habilitation électrique B1V · expired/)).toBeVisible();
    await expectNoViolations(page, 'company');

    await page.getByRole('link', { name: 'Lucas Fontaine' }).click();
    await expect(page.getByRole('img', { name: 'QR code of Lucas Fontaine’s badge' }).or(page.getByRole('img', { name: "QR code of Lucas Fontaine's badge" }))).toBeVisible();
    await expectNoViolations(page, 'worker');

    await page.getByRole('link', { name: 'Interventions' }).click();
    await expect(page.getByRole('heading', { name: 'Interventions', level: 1 })).toBeVisible();
    await expectNoViolations(page, 'interventions');

    await page.getByRole('link', { name: 'Remplacement du TGBT' }).click();
    await expect(page.getByText('Plan signed', { exact: true })).toBeVisible();
    await expect(page.getByText(/Signed by Claire Dumont/)).toBeVisible();
    await expect(page.getByText(/Lucas Fontaine: Habilitation électrique B1V expired/)).toBeVisible();
    await expectNoViolations(page, 'intervention');

    await page.getByRole('button', { name: 'Fill in the plan' }).click();
    await expect(page.getByText('This plan has been signed already')).toBeVisible();
    await expectNoViolations(page, 'plan editor');

    await visit(page, '/third-party-v2/interventions/new', 'New intervention');
    await expectNoViolations(page, 'intervention form');
    await visit(page, '/third-party-v2/companies/new', 'New company');
    await expectNoViolations(page, 'company form');
  });
}
