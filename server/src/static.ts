/**
 * Serves the built PWA from `dist/`: hashed assets cached for a year, everything else
 * (index.html, sw.js, the manifest, translations) revalidated. Unknown non-API paths get the
 * app shell so client-side routes work on reload; unknown /api paths get a JSON 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, SOCKET_PATH } from '../../common/constants.js';

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const hasApp = existsSync(join(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: 'index.html',
      // The build writes .br/.gz beside each text file (vite.config.ts precompress).
      preCompressed: true,
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(SOCKET_PATH);
    if (!isApi && hasApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'request.not_found' });
  });
  return hasApp;
}
