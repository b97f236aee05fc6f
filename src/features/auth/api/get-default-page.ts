/** GET /api/auth/defaultPage: where the user lands (/dashboard when none is set). */
import { DEFAULT_PAGE } from '../../../../common/constants';
import { isAwaitingReconnection } from '../../../lib/reconnection';
import { apiGet } from '../../../lib/api-client';
import { getDefaultPage, setDefaultPage } from '../../../lib/session';

export function getDefaultPageRequest(): Promise<{ defaultPage: string }> {
  return apiGet<{ defaultPage: string }>('auth/defaultPage');
}

const PUBLIC_PAGES = ['/login', '/home', '/external-login'];

/** A path inside the app that is not a public page; anything else falls back to /dashboard. */
export function safeDefaultPage(page: string | null | undefined): string {
  if (!page || !page.startsWith('/') || page.startsWith('//')) return DEFAULT_PAGE;
  const path = page.split(/[?#]/)[0] ?? '';
  return path === '/' || PUBLIC_PAGES.includes(path) ? DEFAULT_PAGE : page;
}

/** The default page from the session, else asked to the server, else /dashboard. */
export async function resolveDefaultPage(): Promise<string> {
  const known = getDefaultPage();
  if (known !== null) return safeDefaultPage(known);
  // The request would be held until the user reconnects: the route guard asking must not wait.
  if (isAwaitingReconnection()) return DEFAULT_PAGE;
  try {
    const { defaultPage } = await getDefaultPageRequest();
    setDefaultPage(defaultPage);
    return safeDefaultPage(defaultPage);
  } catch {
    return DEFAULT_PAGE;
  }
}
