/** What every browser test does the same way: log in through the form, find an open dialog. */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

/** Fills and submits the login form (English labels); the caller checks where it lands. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * The open dialog's content. Ionic puts role=dialog inside ion-modal's shadow root and slots
 * the content into it, so the content is not a DOM descendant of the role element.
 */
export const openDialog = (page: Page) => page.locator('ion-modal.show-modal');
