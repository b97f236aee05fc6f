/**
 * Serves the built PWA from `dist/`: hashed assets cached for a year, everything else
 * (index.html, sw.js, the manifest, translations) revalidated. A browser navigating to a path
 * that is no file (a client-side route, on reload or from a link) gets the app shell, and the
 * app's router shows that page or its own "not found"; a navigation to a public page (a share
 * link's viewer, an upload-only link, the terms: common/public-pages.ts) gets their light entry,
 * public.html, when the build has it. Anything else gets a JSON 404
 * `request.not_found`: unknown /api and /ws paths, and requests that do not ask for a page
 * (a probe or script calling `/health`, a missing `/assets/…` chunk), which must not be told
 * 200 with HTML they cannot use.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, SOCKET_PATH } from '../../common/constants.js';
import { isPublicPagePath, PUBLIC_PAGE_FILE } from '../../common/public-pages.js';

/** A browser's navigation asks for HTML (`Accept: text/html,…`); fetch, curl and probes send `*\/*`. */
const asksForPage = (accept: string | undefined): boolean => accept !== undefined && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const hasApp = existsSync(join(staticDir, 'index.html'));
  const hasPublicPage = hasApp && existsSync(join(staticDir, PUBLIC_PAGE_FILE));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      // A list, not a string: the precompressed lookup of a directory (`/` → index.html.br)
      // only searches a list of index names, and finds nothing with a string.
      index: ['index.html'],
      // The build writes .br/.gz beside each text file (vite.config.ts precompress).
      preCompressed: true,
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path === SOCKET_PATH || path.startsWith(`${SOCKET_PATH}/`);
    if (!isApi && hasApp && (request.method === 'GET' || request.method === 'HEAD') && asksForPage(request.headers.accept)) {
      const page = hasPublicPage && isPublicPagePath(path) ? PUBLIC_PAGE_FILE : 'index.html';
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
    }
    return reply.status(404).send({ message: 'request.not_found' });
  });
  return hasApp;
}
