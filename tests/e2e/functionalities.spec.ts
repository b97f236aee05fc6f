import { expect, test } from '@playwright/test';
import { submitLogin } from './support';

test.use({ viewport: { width: 1280, height: 900 } });

test('a module page lists the district’s functionalities with what this user can open', async ({ page }) => {
  const answered: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/functionalities/getFunctionalityElements') && response.request().method() === 'POST') {
      answered.push(((await response.json()) as { data: { feature: string } }).data.feature);
    }
  });
  await submitLogin(page, 'field@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Sites').click();
  await expect(page).toHaveURL(/\/site\/view\/infoV2$/);

  const section = page.getByTestId('module-elements');
  await expect(section.getByRole('heading', { name: 'Functionalities in this district' })).toBeVisible();
  await expect(section.getByTestId('module-element-siteInfo')).toContainText('Available');
  await expect(section.getByTestId('module-element-stages360')).toContainText('Available');
  // Emergency alerts need opteamum.admin, which the field user lacks.
  await expect(section.getByTestId('module-element-emergencyAlert')).toContainText('Not available');
  // The page asked the server about the district module behind the `site` prefix.
  expect(answered).toContain('sites');
});

test('the operator can open every functionality of the sites module', async ({ page }) => {
  await submitLogin(page, 'operator@demo.vigie.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/site');
  const section = page.getByTestId('module-elements');
  await expect(section.getByTestId('module-element-emergencyAlert')).toContainText('Available');
  await expect(section.getByText('Not available')).toHaveCount(0);
});
