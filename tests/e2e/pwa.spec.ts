/**
 * The installed-app promises in a real browser with the real service worker:
 * Chromium finds nothing that stops an install; after one online visit the app starts with
 * no network at all (the page's requests AND the service worker's are cut) into the last
 * session's shell, its saved data and both languages; the connection banner follows the
 * server going away and coming back; a new deployment is announced and applied on request.
 *
 * The service worker only runs in the built app, which is what these tests are served.
 */
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { submitLogin } from './support';

/** Resolves once the service worker is active, i.e. its install step precached everything. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** No network for the page nor for its service worker (setOffline alone leaves the latter). */
async function cutNetwork(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

async function restoreNetwork(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

async function logInToDashboard(page: Page, email: string): Promise<void> {
  await submitLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
}

test('Chromium reports no installability error', async ({ baseURL }, testInfo) => {
  // Playwright's usual contexts are incognito, where Chromium never installs anything: a
  // real profile is needed for an honest answer.
  const profileDir = mkdtempSync(join(tmpdir(), 'vigie-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    locale: 'en-US',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toMatch(/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
});

test('after one online visit the app starts offline into the last session with its saved data', async ({ page, context }) => {
  await logInToDashboard(page, 'field@demo.vigie.test');
  await expect(page.getByRole('main')).toContainText('Acme Industrie');
  await serviceWorkerReady(page);
  // The read cache is saved (throttled) once the dashboard's data is in.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('queryCache') ?? '')).toContain('Acme Industrie');

  await cutNetwork(context);
  // A relaunched installed app: a new window, nothing in memory, no sessionStorage.
  await page.close();
  const relaunched = await context.newPage();
  await relaunched.goto('/dashboard');
  await expect(relaunched.getByTestId('toolbar-district')).toHaveText('Lyon');
  await expect(relaunched.getByRole('main')).toContainText('Acme Industrie');
  await expect(relaunched.getByTestId('connection-banner')).toContainText('No connection to the server');

  // Back online, the banner goes (the browser's 'online' triggers a probe) and logging out
  // forgets the saved data.
  await restoreNetwork(context);
  await expect(relaunched.getByTestId('connection-banner')).toHaveCount(0);
  await relaunched.getByRole('button', { name: 'Disconnect' }).click();
  await relaunched.locator('ion-modal.show-modal').getByRole('button', { name: 'Logout' }).click();
  await expect(relaunched).toHaveURL(/\/login$/);
  expect(await relaunched.evaluate(() => localStorage.getItem('queryCache'))).toBeNull();
});

test('once installed, the built files come from the device without running the worker, and the API from the network', async ({ page }) => {
  await logInToDashboard(page, 'field@demo.vigie.test');
  await serviceWorkerReady(page);
  await page.reload();
  await expect(page.getByTestId('toolbar-district')).toHaveText('Lyon');
  await expect(page.getByRole('main')).toContainText('Acme Industrie');
  // How the browser answered each request (Resource Timing): `cache` from the caches by the
  // worker's static routes, `network` past it, `fetch-event` through its fetch handler.
  const sources = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      source: (entry as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType ?? '',
    })),
  );
  const assets = sources.filter(({ path }) => path.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(5);
  expect(assets.filter(({ source }) => source !== 'cache')).toEqual([]);
  const api = sources.filter(({ path }) => path.startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter(({ source }) => source !== 'network')).toEqual([]);
});

test('offline, the login page exists in both languages and says the network is needed', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await serviceWorkerReady(page);

  await cutNetwork(context);
  await page.evaluate(() => localStorage.setItem('lang', 'fr'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email').fill('field@demo.vigie.test');
  await page.getByLabel('Password').fill('vigie-demo-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('toast')).toContainText('needs a connection to the server');
  await expect(page).toHaveURL(/\/login$/);
});

test('the banner appears when the server stops answering and goes when it is back', async ({ page, context }) => {
  await logInToDashboard(page, 'district-admin@demo.vigie.test');
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);

  // The browser still believes it is online: only the server is unreachable.
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByTestId('connection-banner')).toContainText('No connection to the server');

  // No click: the health probe notices the server is back.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 20_000 });
});

test.describe('a new deployment', () => {
  // A server of its own whose static folder this test may change: the shared one serves a
  // build that other tests rely on.
  const port = Number(process.env.E2E_PORT ?? 8181) + 100;
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  let staticDir = '';
  let dataDir = '';

  test.beforeAll(async ({}, testInfo) => {
    // Starting a server (database from the template, migrations, demo data) takes a while here.
    testInfo.setTimeout(120_000);
    staticDir = mkdtempSync(join(tmpdir(), 'vigie-pwa-static-'));
    dataDir = mkdtempSync(join(tmpdir(), 'vigie-pwa-data-'));
    cpSync(resolve(process.env.VIGIE_STATIC_DIR || 'dist'), staticDir, { recursive: true });
    server = spawn(process.execPath, [join(process.env.VIGIE_SERVER_OUT_DIR || 'server/dist', 'main.js')], {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        VIGIE_STATIC_DIR: staticDir,
        VIGIE_DATA_DIR: dataDir,
        VIGIE_PGLITE_TEMPLATE_DIR: resolve('node_modules/.cache/vigie/pglite-template'),
        LOG_LEVEL: 'warn',
      },
    });
    await expect
      .poll(async () => (await fetch(`${origin}/api/config`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Replaces a served file; its precompressed copies (.br, .gz) would still be the old one. */
  function replaceFile(path: string, content: string): void {
    writeFileSync(path, content);
    for (const suffix of ['.br', '.gz']) rmSync(`${path}${suffix}`, { force: true });
  }

  /** What a deployment changes: the shell (a marker here) and its entry in the worker's precache list. */
  function deployNewVersion(): void {
    const indexPath = join(staticDir, 'index.html');
    replaceFile(indexPath, readFileSync(indexPath, 'utf8').replace('<head>', '<head><meta name="vigie-build" content="2" />'));
    const swPath = join(staticDir, 'sw.js');
    const sw = readFileSync(swPath, 'utf8');
    const updated = sw.replace(/\{"revision":"[^"]+","url":"index\.html"\}/, '{"revision":"build-2","url":"index.html"}');
    expect(updated).not.toBe(sw);
    replaceFile(swPath, updated);
  }

  test('is announced at start and applied only when the user asks', async ({ page }) => {
    await page.goto(`${origin}/login`);
    await serviceWorkerReady(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    deployNewVersion();
    // The next start still shows the installed version, finds the new one and asks.
    await page.reload();
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version of Vigie is available.');
    expect(await page.locator('meta[name="vigie-build"]').count()).toBe(0);
    // Nothing reloads by itself: what the user types meanwhile stays.
    await page.getByLabel('Email').fill('typed while the prompt waits');
    await expect(prompt).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('typed while the prompt waits');

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="vigie-build"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  });
});
