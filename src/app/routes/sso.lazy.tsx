/**
 * /sso, the kept path (spec section 2) where the server's SSO callback lands:
 * - ?popup=1 (reconnect dialog's window): report the outcome to the waiting window and close;
 * - otherwise (the login page went to the provider): finish the session from the refresh
 *   cookie the callback set, then go to the default page;
 * - ?error=<key>: the translated refusal and a way back to login.
 * Plain elements, like the login page it continues.
 */
import { createLazyRoute, Link, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveDefaultPage } from '../../features/auth/api/get-default-page';
import { finishSsoSession, reportSsoResult } from '../../features/auth/sso';
import { ApiError } from '../../lib/api-client';
import '../../components/plain.css';

/** Only the server's SSO messages are shown from the address bar; anything else is generic. */
const SHOWN_ERRORS = /^auth\.[a-z_]+$|^internal_error$/;
const GENERIC_ERROR = 'auth.sso_failed';

function errorKeyOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && SHOWN_ERRORS.test(value) ? value : GENERIC_ERROR;
}

function SsoPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const popup = search.popup !== undefined;
  const [error, setError] = useState<string | null>(() => errorKeyOf(search.error));
  const [reported, setReported] = useState(false);

  useEffect(() => {
    if (popup) {
      reportSsoResult(error);
      setReported(true);
      // The waiting window shows the outcome; this one is done.
      window.close();
      return;
    }
    if (error !== null) return;
    let cancelled = false;
    finishSsoSession()
      .then(() => resolveDefaultPage())
      .then((page) => {
        if (!cancelled) void router.navigate({ href: page, replace: true });
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(failure instanceof ApiError ? (errorKeyOf(failure.body.message) ?? GENERIC_ERROR) : GENERIC_ERROR);
      });
    return () => {
      cancelled = true;
    };
    // Once per visit: the outcome is in the address, which this page does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="plain-page">
      <h1>{t('public_notice.sso')}</h1>
      {error !== null ? (
        <>
          <p role="alert" className="plain-error">
            {t(error)}
          </p>
          {!popup && (
            <Link to="/login" className="app-button">
              {t('public_notice.to_login')}
            </Link>
          )}
        </>
      ) : popup ? (
        reported && <p>{t('login.sso_popup_done')}</p>
      ) : (
        <p role="status" className="plain-status">
          <span className="app-spinner" aria-hidden="true" /> {t('login.sso_finishing')}
        </p>
      )}
    </main>
  );
}

export const Route = createLazyRoute('/sso')({ component: SsoPage });
