/**
 * The public pages' light entry (common/public-pages.ts): a browser navigating to a share link's
 * viewer, an upload-only link or the terms gets public.html, with the same security headers as
 * the app's index.html; every other page address gets the app's index.html.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.js';

const APP = '<!doctype html><title>Vigie</title><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>';
const PUBLIC = '<!doctype html><title>Vigie</title><div id="root"></div><script type="module" src="/assets/public-def.js"></script>';
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const LINK_TOKEN = `${'a'.repeat(22)}_${'B'.repeat(42)}`;

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigie-public-pages-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), APP);
  await writeFile(join(dir, 'index.html.br'), brotliCompressSync(APP));
  await writeFile(join(dir, 'public.html'), PUBLIC);
  await writeFile(join(dir, 'public.html.br'), brotliCompressSync(PUBLIC));
  server = await startTestServer({ staticDir: dir });
});
afterAll(async () => {
  await server?.destroy();
  await rm(dir, { recursive: true, force: true });
});

const navigate = (url: string, encoding?: string) =>
  server.app.inject({ url, headers: { accept: PAGE_ACCEPT, host: 'vigie.example', ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) } });

describe('the public pages’ own HTML', () => {
  it.each([
    ['a share link’s viewer', `/viewerThirdParty/${LINK_TOKEN}`],
    ['an emergency share’s viewer', '/viewerThirdParty/abcDEF123_-'],
    ['an upload-only link', `/dsaDrop/${LINK_TOKEN}`],
    ['the terms', '/terms'],
    ['the terms with a query', '/terms?lang=en'],
  ])('answers a navigation to %s with public.html, revalidated, with the app’s security headers', async (_name, url) => {
    const page = await navigate(url);
    const app = await navigate('/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.payload).toBe(PUBLIC);
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy', 'cross-origin-resource-policy']) {
      expect(page.headers[header], header).toBeDefined();
      expect(page.headers[header], header).toEqual(app.headers[header]);
    }
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('sends it precompressed to a browser that accepts Brotli', async () => {
    const page = await navigate(`/viewerThirdParty/${LINK_TOKEN}`, 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.payload).not.toContain('<div');
  });

  it.each(['/', '/login', '/dashboard', '/third-party', '/dsa/dsaView', '/viewerThirdParty', `/viewerThirdParty/${LINK_TOKEN}/more`, '/termsOfUse', '/site/view/infoV2?x=/terms'])(
    'answers the app’s page %s with index.html',
    async (url) => {
      const page = await navigate(url);
      expect(page.statusCode).toBe(200);
      expect(page.payload).toBe(APP);
    },
  );

  it('never answers an API path or a request that asks for no page with it', async () => {
    const api = await navigate('/api/terms');
    expect(api.statusCode).toBe(404);
    const probe = await server.app.inject({ url: '/terms', headers: { accept: '*/*' } });
    expect(probe.statusCode).toBe(404);
    expect(probe.json()).toEqual({ message: 'request.not_found' });
  });
});
