/**
 * The public pages: opened by someone without an account (a share link's recipient, an outside
 * party's upload-only link, the terms before signing in). They have their own light HTML entry,
 * public.html (src/public/main.tsx), instead of the app's index.html: React, i18next and the
 * page, without Ionic, the router, TanStack Query or the session. The server answers a browser's
 * navigation to these paths with public.html (server/src/static.ts), and so does the installed
 * app's service worker (sw/sw.ts), online and offline. Read by the three; no import here.
 */

/** The HTML file of the public pages, at the root of the build. */
export const PUBLIC_PAGE_FILE = 'public.html';

/**
 * The paths with their own page: a share link's viewer, an upload-only link, the terms. A query
 * string may follow (the service worker's navigation routes match the path and the query).
 */
export const PUBLIC_PAGE_PATTERN = /^\/(?:viewerThirdParty\/[^/?#]+|dsaDrop\/[^/?#]+|terms)\/?(?:\?.*)?$/;

/** Whether a path (no query string) is one of the public pages. */
export const isPublicPagePath = (path: string): boolean => PUBLIC_PAGE_PATTERN.test(path);
