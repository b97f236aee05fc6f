// Health probes: liveness /api/health answers without a database; readiness
// /api/ready checks every open database and is 503 with a message key while starting, stopping,
// in maintenance, or without a database. /health (not a probe of ours) is a JSON 404, not the app's HTML.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenWhileStarting } from '../src/starting.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'vigie-static-'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Vigie</title><div id="root"></div>');
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server?.destroy();
  await rm(staticDir, { recursive: true, force: true });
});

describe('liveness and readiness', () => {
  it('answers liveness 200 { status: ok }, outside the envelope and without a session', async () => {
    const response = await server.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers readiness 200 while the control and the opened client databases answer', async () => {
    // A login opens the client database acme: it is checked too from now on.
    const { token } = await login(server, 'field@demo.vigie.test');
    expect((await server.app.inject({ url: '/api/auth/district', headers: bearer(token) })).statusCode).toBe(200);
    const response = await server.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('refuses a query string, like every /api route', async () => {
    for (const url of ['/api/health?verbose=1', '/api/ready?x=']) {
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe('validation.invalid_request');
    }
  });

  it('answers 404 JSON, not the app HTML, to /health and other non-page requests', async () => {
    for (const path of ['/health', '/healthz', '/ready', '/assets/index-gone.js']) {
      const response = await server.app.inject({ url: path, headers: { accept: '*/*' } });
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual({ message: 'request.not_found' });
    }
    const unknownApi = await server.app.inject({ url: '/api/healthz', headers: { accept: 'text/html' } });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toEqual({ message: 'request.not_found' });
  });

  it('still gives a browser navigating to a client-side route the app shell', async () => {
    const response = await server.app.inject({ url: '/dashboard', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers 503 server.stopping to readiness and to any request once the server stops', async () => {
    const stopping = await startTestServer();
    try {
      const base = await listenOnLoopback(stopping);
      stopping.lifecycle.phase = 'stopping';
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ message: 'server.stopping' });
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(ready.headers.get('connection')).toBe('close');
      const config = await fetch(`${base}/api/config`);
      expect(config.status).toBe(503);
      expect(await config.json()).toEqual({ message: 'server.stopping' });
      // Liveness too: a stopping process is about to go, not to be restarted.
      expect((await fetch(`${base}/api/health`)).status).toBe(503);
    } finally {
      stopping.lifecycle.phase = 'ready';
      await stopping.destroy();
    }
    // close() itself says so, before anything closes.
    expect(stopping.lifecycle.phase).toBe('stopping');
  });

  it('answers 503 service_unavailable when a database does not answer', async () => {
    const broken = await startTestServer();
    try {
      await broken.databases.control.close();
      const response = await broken.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'service_unavailable' });
      // The process itself is alive.
      expect((await broken.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await broken.destroy().catch(() => {});
    }
  });
});

describe('maintenance', () => {
  let maintenance: TestServer;
  beforeAll(async () => {
    maintenance = await startTestServer({ maintenance: true });
  });
  afterAll(() => maintenance?.destroy());

  it('keeps liveness 200 and answers readiness 503 maintenance with Retry-After', async () => {
    expect((await maintenance.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await maintenance.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'maintenance' });
    expect(ready.headers['retry-after']).toBe('30');
  });
});

describe('while starting (main.ts, before the databases are open)', () => {
  it('answers liveness 200, and readiness and every other request 503 server.starting', async () => {
    const starting = await listenWhileStarting({ host: '127.0.0.1', port: 0, tls: null });
    const base = `http://127.0.0.1:${starting.port}`;
    try {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      for (const path of ['/api/ready', '/api/config', '/api/auth/login', '/dashboard']) {
        const response = await fetch(`${base}${path}`, { method: path === '/api/auth/login' ? 'POST' : 'GET' });
        expect(response.status, path).toBe(503);
        expect(await response.json(), path).toEqual({ message: 'server.starting' });
        expect(response.headers.get('retry-after'), path).toBe('5');
      }
    } finally {
      await starting.close();
    }
    // Closed: the port is free for the built server.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
