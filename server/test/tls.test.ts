/**
 * HTTPS served by the server itself (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 for browsers,
 * HTTP/1.1 on the same port for older clients and the socket's WebSocket, HSTS, and a clear
 * start error for a half or unreadable configuration. The certificate is the loopback one of
 * scripts/loopback-tls.
 */
import { readFileSync } from 'node:fs';
import { request as http1Request } from 'node:https';
import { connect as http2Connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { resolve } from 'node:path';
import { io as socketConnect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { login, startTestServer, type TestServer } from './helper.js';

const CERT_FILE = resolve('scripts/loopback-tls/cert.pem');
const KEY_FILE = resolve('scripts/loopback-tls/key.pem');
const ca = readFileSync(CERT_FILE);

let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ tls: { certFile: CERT_FILE, keyFile: KEY_FILE } });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no TCP address');
  origin = `https://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server?.destroy();
});

function http2Get(session: ClientHttp2Session, path: string): Promise<{ headers: IncomingHttpHeaders; body: string }> {
  return new Promise((done, fail) => {
    const stream = session.request({ ':path': path });
    let headers: IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => done({ headers, body }));
    stream.on('error', fail);
  });
}

describe('HTTPS served by the server', () => {
  it('answers over HTTP/2 with HSTS and the socket origin in the CSP', async () => {
    const session = http2Connect(origin, { ca });
    try {
      const { headers, body } = await http2Get(session, '/api/config');
      expect(headers[':status']).toBe(200);
      expect(JSON.parse(body).data).toMatchObject({ productName: 'Vigie' });
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // HTTP/2 has no Host header: the socket's origin comes from :authority.
      expect(headers['content-security-policy']).toContain(`wss://${new URL(origin).host}`);
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1 clients on the same port', async () => {
    const { version, status } = await new Promise<{ version: string; status: number }>((done, fail) => {
      const req = http1Request(`${origin}/api/config/maintenance`, { ca }, (res) => {
        res.resume();
        res.on('end', () => done({ version: res.httpVersion, status: res.statusCode ?? 0 }));
      });
      req.on('error', fail);
      req.end();
    });
    expect(version).toBe('1.1');
    expect(status).toBe(200);
  });

  it('carries the socket over wss', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    const socket = await new Promise<Socket>((done, fail) => {
      const opened = socketConnect(origin, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, ca: ca.toString() });
      opened.on('connect', () => done(opened));
      opened.on('connect_error', (error) => {
        opened.close();
        fail(error);
      });
    });
    try {
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('stops although a browser keeps its HTTP/2 connection open', async () => {
    const own = await startTestServer({ tls: { certFile: CERT_FILE, keyFile: KEY_FILE } });
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    const address = own.app.server.address() as { port: number };
    const session = http2Connect(`https://127.0.0.1:${address.port}`, { ca });
    try {
      expect((await http2Get(session, '/api/config')).headers[':status']).toBe(200);
      await own.destroy();
      expect(own.app.server.listening).toBe(false);
    } finally {
      session.destroy();
    }
    // A server of its own (databases opened and seeded): 8 s on a quiet machine, over 30 s at
    // load 10 (a CI run beside other test runs).
  }, 90_000);
});

describe('TLS configuration', () => {
  it('wants both files or neither', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: CERT_FILE })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(() => loadConfig({ TLS_KEY_FILE: KEY_FILE })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
    expect(loadConfig({}).tls).toBeNull();
  });

  it('makes cookies Secure and links https unless told otherwise', () => {
    const config = loadConfig({ TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: KEY_FILE, PORT: '8443' });
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe('https://127.0.0.1:8443');
    expect(loadConfig({ TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: KEY_FILE, SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
  });

  it('names the file it cannot read', async () => {
    await expect(startTestServer({ tls: { certFile: '/nonexistent/cert.pem', keyFile: KEY_FILE } })).rejects.toThrow(
      'TLS_CERT_FILE: cannot read /nonexistent/cert.pem (ENOENT)',
    );
  });
});
