/**
 * /login: e-mail and password, or, with the SSO toggle on, e-mail only: the page then goes to
 * the identity provider of the account's client (features/auth/sso.ts). The fields and their
 * rules are CredentialFields (shared with the reconnect dialog); the button is never silently
 * disabled. A server refusal shows its translated message above the button. Success lands on
 * the user's default page. Plain elements, no Ionic component: the first screen of every new
 * user stays light (DESIGN.md "Budgets").
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import { describeApiError } from '../../../lib/error-messages';
import { safeDefaultPage } from '../api/get-default-page';
import { useLoginMutation } from '../api/login';
import { loginWithSsoRedirect } from '../sso';
import { CredentialFields, useCredentialForm } from './CredentialFields';
import { requireNetwork } from '../../../lib/connectivity';
import '../../../components/plain.css';
import './login.css';

export function LoginPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const login = useLoginMutation();
  // Resolves once the page is leaving for the provider: it stays pending-looking until then.
  const ssoLogin = useMutation({ mutationKey: ['auth', 'loginSSO'], mutationFn: loginWithSsoRedirect });
  const form = useCredentialForm();
  const { email, password, sso } = form;

  const pending = login.isPending || ssoLogin.isPending || ssoLogin.isSuccess;
  const failure = sso ? ssoLogin : login;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending || !form.validate() || !requireNetwork()) return;
    if (sso) {
      ssoLogin.mutate(email);
      return;
    }
    login.mutate(
      { email, password },
      { onSuccess: (session) => void router.navigate({ href: safeDefaultPage(session.defaultPage), replace: true }) },
    );
  };

  return (
    <main className="plain-page login-page">
      <div className="login-card">
        <h1 className="login-product">{PRODUCT_NAME}</h1>
        <p className="login-intro">{t('login.intro')}</p>
        <form noValidate onSubmit={submit} aria-labelledby="login-title">
          <h2 id="login-title" className="login-title">
            {t('login.title')}
          </h2>
          <CredentialFields
            form={form}
            ssoLabel={t('login.sso_toggle')}
            onSsoChange={() => {
              login.reset();
              ssoLogin.reset();
            }}
          />
          {failure.isError && (
            <p className="login-server-error" role="alert">
              {describeApiError(failure.error)}
            </p>
          )}
          <button type="submit" className="app-button app-button--block login-submit" disabled={pending}>
            {pending && <span className="app-spinner" aria-hidden="true" />}
            {pending ? t(sso ? 'login.sso_submitting' : 'login.submitting') : t(sso ? 'login.sso_submit' : 'login.submit')}
          </button>
        </form>
        <p className="login-terms">
          <Link to="/resetPassword">{t('login.forgot')}</Link>
        </p>
        <p className="login-terms">
          <Link to="/terms">{t('login.terms')}</Link>
        </p>
      </div>
    </main>
  );
}
