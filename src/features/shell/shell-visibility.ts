/** Spec section 2: no shell on these pages, nor when no session e-mail is stored. */

export const SHELL_FREE_PATHS = ['/login', '/home', '/external-login', '/viewerThirdParty', '/dsaDrop', '/terms'] as const;

export function shouldShowShell(pathname: string, sessionEmail: string | null): boolean {
  if (sessionEmail === null || sessionEmail === '') return false;
  return !SHELL_FREE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
