import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

describe('security headers', () => {
  it.each([
    ['an API success', { url: '/api/config' }],
    ['an API error', { url: '/api/auth/district' }],
    ['an unknown path', { url: '/nowhere' }],
    ['a bad body', { method: 'POST' as const, url: '/api/auth/login', payload: {} }],
  ])('are on %s', async (_name, request) => {
    const response = await server.app.inject({ ...request, headers: { host: 'vigie.example:8080' } });
    const csp = String(response.headers['content-security-policy']);
    // 'wasm-unsafe-eval' compiles WebAssembly only (the scanner's barcode decoder), never a string of script.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' blob: ws://vigie.example:8080 wss://vigie.example:8080");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toContain('camera=(self)');
    expect(response.headers['permissions-policy']).toContain('microphone=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('a hostile Host header cannot add directives', async () => {
    const response = await server.app.inject({ url: '/api/config', headers: { host: "evil; script-src 'unsafe-inline'" } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' blob:;");
    expect(csp.match(/script-src/g)).toHaveLength(1);
  });

  it('sends HSTS when served over TLS', async () => {
    const tls = await startTestServer({ secureCookies: true });
    try {
      const response = await tls.app.inject({ url: '/api/config' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await tls.destroy();
    }
  });
});
