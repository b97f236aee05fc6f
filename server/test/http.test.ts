import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/compression.js';
import { accountRoom, districtRoom } from '../src/socket/index.js';
import { login, startTestServer, type TestServer, listenOnLoopback } from './helper.js';

let server: TestServer;
let staticDir: string;
let base: string;
const SHELL = '<!doctype html><title>Vigie</title><div id="root"></div>';
const BIG_CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];`;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'vigie-static-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), SHELL);
  await writeFile(join(staticDir, 'index.html.br'), brotliCompressSync(SHELL));
  await writeFile(join(staticDir, 'index.html.gz'), gzipSync(SHELL));
  await writeFile(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {})');
  // A built chunk and its precompressed copy, as vite.config.ts writes them.
  await writeFile(join(staticDir, 'assets', 'big-def456.js'), BIG_CHUNK);
  await writeFile(join(staticDir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_CHUNK));
  server = await startTestServer({ staticDir });
  base = await listenOnLoopback(server);
});
afterAll(async () => {
  await server?.destroy();
  await rm(staticDir, { recursive: true, force: true });
});

describe('serving the app', () => {
  it('serves the app shell to a browser navigating to client-side routes, revalidated', async () => {
    for (const path of ['/', '/login', '/dashboard', '/site/view/infoV2?x=1']) {
      const response = await fetch(base + path, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await fetch(`${base}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers unknown API paths with a JSON 404, not the shell', async () => {
    const response = await fetch(`${base}/api/no-such-thing`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'request.not_found' });
  });

  it('answers a JSON 404, not the shell, to requests that do not ask for a page (probes, missing chunks)', async () => {
    for (const path of ['/health', '/status', '/assets/index-old.js']) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ message: 'request.not_found' });
    }
  });

  it('serves config and maintenance status without a session', async () => {
    const config = (await (await fetch(`${base}/api/config`)).json()) as { data: unknown };
    expect(config.data).toMatchObject({ productName: 'Vigie', languages: ['fr', 'en'], fallbackLanguage: 'fr', socketPath: '/ws' });
    const maintenance = (await (await fetch(`${base}/api/config/maintenance`)).json()) as { data: unknown };
    expect(maintenance.data).toEqual({ maintenance: false });
  });
});

describe('compressed answers', () => {
  it('compresses a large API answer as the request accepts (brotli, else gzip), to the same JSON', async () => {
    const plain = await server.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100 * 1024);
    const br = await server.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await server.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small answers as they are', async () => {
    const small = await server.app.inject({ url: '/api/config', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves / as the precompressed app shell to a client that asks for no page (brotli, gzip, identity)', async () => {
    // What fetch, monitors and most HTTP clients send: no text/html in Accept.
    const br = await server.app.inject({ url: '/', headers: { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SHELL);
    const gzip = await server.app.inject({ url: '/', headers: { accept: '*/*', 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SHELL);
    const identity = await server.app.inject({ url: '/', headers: { accept: '*/*', 'accept-encoding': 'identity' } });
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.payload).toBe(SHELL);
  });

  it('serves a built chunk precompressed, not compressed twice', async () => {
    const chunk = await server.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(chunk.rawPayload).toString()).toBe(BIG_CHUNK);
  });
});

describe('socket at /ws', () => {
  const open = (auth: Record<string, string>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(base, { path: '/ws', transports: ['websocket'], auth, reconnection: false });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });

  it('refuses a handshake without a valid token', async () => {
    await expect(open({})).rejects.toThrow('token_invalid');
    await expect(open({ token: 'garbage' })).rejects.toThrow('token_invalid');
  });

  it('puts a socket in the rooms of its account and of its district, from the token', async () => {
    const { token, session } = await login(server, 'field@demo.vigie.test');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const socket = await open({ token });
    try {
      const inDistrict = await server.io.in(districtRoom('acme', session.district._id)).fetchSockets();
      const inAccount = await server.io.in(accountRoom(claims.sub)).fetchSockets();
      expect(inDistrict.map((s) => s.id)).toContain(socket.id);
      expect(inAccount.map((s) => s.id)).toContain(socket.id);
      const received = new Promise((resolve) => socket.on('ping-test', resolve));
      server.io.to(districtRoom('acme', session.district._id)).emit('ping-test', { ok: true });
      expect(await received).toEqual({ ok: true });
    } finally {
      socket.close();
    }
  });

  it('refuses the websocket of a logged-out session', async () => {
    const session = await login(server, 'field@demo.vigie.test');
    await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
    await expect(open({ token: session.token })).rejects.toThrow('token_invalid');
  });
});
