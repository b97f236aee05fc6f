/**
 * Single sign-on in the app. Two ways in, one way back:
 * - loginWithSsoRedirect (login page): the whole page goes to the identity provider; the
 *   server's callback sets the refresh cookie and lands on /sso, which finishes the session
 *   (finishSsoSession) and goes to the default page.
 * - loginWithSsoPopup (reconnect dialog): the provider opens in a window, so the page and its
 *   unsaved state stay. The callback lands that window on /sso?popup=1, which reports on the
 *   BroadcastChannel `vigie-sso` and closes; the opener then refreshes its token.
 *
 * BroadcastChannel rather than window.opener: the app is served with
 * Cross-Origin-Opener-Policy: same-origin, so once the window visits the provider's origin the
 * two windows no longer see each other (opener is null, and `closed` reads true in the opener
 * while the window is still open). Same-origin channels still connect them. For the same
 * reason a closed window cannot be told from one at the provider: the opener gives up when no
 * report comes within SSO_REPORT_TIMEOUT_MS (the server refuses the login after that anyway).
 */
import { tellAccountLanguage } from '../../lib/account-language';
import { ApiError, refreshAccessToken } from '../../lib/api-client';
import { createTempId, setAwaitingReconnection, setSsoCookie } from '../../lib/storage';
import { loadClientIp } from './api/get-client-ip';
import { loginSsoRequest } from './api/login-sso';

export const SSO_CHANNEL = 'vigie-sso';
/** The server keeps a started SSO login for 10 minutes (server/src/auth/sso.ts SSO_LOGIN_TTL_MS). */
export const SSO_REPORT_TIMEOUT_MS = 10 * 60_000;

/** Messages (common namespace) of the client-side SSO failures. */
export const SSO_CLIENT_ERRORS = {
  popupBlocked: 'auth.sso_popup_blocked',
  windowClosed: 'auth.sso_window_closed',
} as const;

/** What the /sso page in a popup posts on the channel. */
export type SsoReport = { type: 'vigie-sso'; ok: true } | { type: 'vigie-sso'; ok: false; error: string };

const isSsoReport = (value: unknown): value is SsoReport =>
  typeof value === 'object' && value !== null && (value as SsoReport).type === 'vigie-sso' && typeof (value as SsoReport).ok === 'boolean';

/** The error a failed SSO login rejects with: an ApiError, so describeApiError() translates it. */
const ssoError = (message: string, status = 401) => new ApiError(status, { message });

/**
 * After the callback set the refresh cookie: take the token (the refresh also fills the tab's
 * e-mail and district from its claims, and publishes the rights), then what a login does on
 * top: a new tab id, the SSO mark. Rejects with the refresh's ApiError.
 */
export async function finishSsoSession(): Promise<void> {
  await refreshAccessToken();
  createTempId();
  setSsoCookie(true);
  setAwaitingReconnection(false);
  void loadClientIp();
  void tellAccountLanguage();
}

/** Login page: the whole page goes to the identity provider (it comes back on /sso). */
export async function loginWithSsoRedirect(email: string): Promise<void> {
  const { url } = await loginSsoRequest({ email: email.trim() });
  window.location.assign(url);
}

/** The /sso page in a popup: tells the waiting window how the login ended, then closes. */
export function reportSsoResult(error: string | null): void {
  const report: SsoReport = error === null ? { type: 'vigie-sso', ok: true } : { type: 'vigie-sso', ok: false, error };
  const channel = new BroadcastChannel(SSO_CHANNEL);
  channel.postMessage(report);
  channel.close();
}

/**
 * Reconnect dialog: SSO in a window. Resolves once the session has its new token; rejects with
 * an ApiError whose message is a translation key (the server's refusal, a blocked popup, or
 * no report in time).
 */
export async function loginWithSsoPopup(email: string): Promise<void> {
  // Opened before any await: browsers allow popups only in the click's own task.
  const popup = window.open('about:blank', 'vigie-sso', 'popup,width=520,height=680');
  if (popup === null) throw ssoError(SSO_CLIENT_ERRORS.popupBlocked, 400);

  const channel = new BroadcastChannel(SSO_CHANNEL);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Listening before the provider's page loads: a fast round trip cannot report unheard.
  const report = new Promise<SsoReport>((resolve, reject) => {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isSsoReport(event.data)) resolve(event.data);
    };
    timer = setTimeout(() => reject(ssoError(SSO_CLIENT_ERRORS.windowClosed)), SSO_REPORT_TIMEOUT_MS);
  });
  try {
    let url: string;
    try {
      ({ url } = await loginSsoRequest({ email: email.trim(), popup: true }));
    } catch (error) {
      popup.close();
      throw error;
    }
    popup.location.href = url;
    const result = await report;
    if (!result.ok) throw ssoError(result.error);
    await refreshAccessToken();
    setSsoCookie(true);
  } finally {
    clearTimeout(timer);
    channel.close();
  }
}
