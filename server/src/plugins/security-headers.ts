/**
 * Security headers on every response. The Content-Security-Policy allows scripts from the
 * app's own origin only (no inline script, no eval; 'wasm-unsafe-eval' lets the inventory's
 * scanner compile its self-hosted WebAssembly barcode decoder, and allows no eval of script). Styles allow 'unsafe-inline' as a
 * documented exception: Ionic's web components set inline styles and inject <style> into
 * shadow roots at run time, which neither a hash nor a nonce can cover. connect-src names the
 * socket's ws/wss origin explicitly; worker-src lets the service worker register.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

// camera=(self): the inventory's scanner reads codes with the phone's camera, on the app's own pages only.
const PERMISSIONS_POLICY = 'camera=(self), microphone=(), payment=(), usb=(), geolocation=(self), interest-cohort=()';

export function contentSecurityPolicy(host: string): string {
  const socketOrigins = host ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // blob: the 360° viewer reads a panorama the app fetched with the session (lib/api-images.ts).
    `connect-src 'self' blob:${socketOrigins}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Host names and ports only: a hostile Host header must not inject CSP directives. */
const safeHost = (request: FastifyRequest): string => {
  // request.host: the Host header, or HTTP/2's :authority (no Host header there).
  const host = request.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : '';
};

export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', contentSecurityPolicy(safeHost(request)));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (options.hsts || request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
