/**
 * The kept path /resetPassword (spec section 2). With a one-time link's token (an invitation
 * e-mail, `/resetPassword?token=…`): a form to choose the password and confirm it, sent to
 * POST /api/auth/resetPassword; once set, a link to the login page. Without a token (the login
 * page's "forgot your password" link): the e-mail address to send a reset link to, through
 * POST /api/auth/forgotPassword, which answers the same for any address. (/sso has its own page, sso.lazy.tsx.) Plain elements, as the
 * login page: a public page needs none of Ionic's code.
 */
import { useMutation } from '@tanstack/react-query';
import { createLazyRoute, Link, useRouterState } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, RESET_LINK_HOURS } from '../../../common/constants';
import { USER_PASSWORD_MAX_LENGTH } from '../../../common/schemas/users';
import { validateEmail } from '../../features/auth/validation';
import { apiPost } from '../../lib/api-client';
import { requireNetwork } from '../../lib/connectivity';
import { describeApiError } from '../../lib/error-messages';
import '../../components/plain.css';
import '../../features/auth/components/credential-fields.css';
import '../../features/auth/components/login.css';

/** Without a link: the "forgot your password" request, answered the same for any address. */
function AskForLink() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const send = useMutation({ mutationKey: ['auth', 'forgotPassword'], mutationFn: (address: string) => apiPost<null>('auth/forgotPassword', { email: address }) });
  const error = validateEmail(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (send.isPending || error || !requireNetwork()) return;
    send.mutate(email.trim());
  };

  if (send.isSuccess) {
    return (
      <>
        <h2 className="login-title">{t('resetPassword.ask.sent_title')}</h2>
        <p role="status">{t('resetPassword.ask.sent', { email: send.variables, hours: RESET_LINK_HOURS })}</p>
        <Link to="/login" className="app-button app-button--block">
          {t('public_notice.to_login')}
        </Link>
      </>
    );
  }
  const shownError = submitted ? error : undefined;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="forgot-password-title">
      <h2 id="forgot-password-title" className="login-title">
        {t('resetPassword.ask.title')}
      </h2>
      <p className="login-intro">{t('resetPassword.ask.intro')}</p>
      <Field
        label={t('login.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        error={shownError === undefined ? undefined : t(shownError.key, shownError.values)}
      />
      <SendRow label={t('resetPassword.ask.submit')} pending={send.isPending} error={send.isError ? send.error : null} />
      <p className="login-terms">
        <Link to="/login">{t('public_notice.to_login')}</Link>
      </p>
    </form>
  );
}

/** The server's refusal, if any, then the form's submit button (a spinner while it is sent). */
function SendRow({ label, pending, error }: { label: string; pending: boolean; error: unknown }) {
  return (
    <>
      {error !== null && (
        <p className="login-server-error" role="alert">
          {describeApiError(error)}
        </p>
      )}
      <button type="submit" className="app-button app-button--block login-submit" disabled={pending}>
        {pending && <span className="app-spinner" aria-hidden="true" />}
        {label}
      </button>
    </>
  );
}

/** A field of these forms: its label, and its error under it once the form was sent. */
function Field({
  label,
  type,
  autoComplete,
  value,
  onChange,
  error,
}: {
  label: string;
  type: 'email' | 'password';
  autoComplete: 'username' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className={error === undefined ? 'credential-field' : 'credential-field credential-field--invalid'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="app-input"
        type={type}
        inputMode={type === 'email' ? 'email' : undefined}
        autoComplete={autoComplete}
        required
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="credential-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The password chosen with a one-time link's token. */
function ChoosePassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const send = useMutation({ mutationKey: ['auth', 'resetPassword'], mutationFn: () => apiPost<null>('auth/resetPassword', { token, password }) });
  const passwordError =
    password.length < PASSWORD_MIN_LENGTH || password.length > USER_PASSWORD_MAX_LENGTH ? t('resetPassword.page.rule', { min: PASSWORD_MIN_LENGTH, max: USER_PASSWORD_MAX_LENGTH }) : undefined;
  const confirmError = confirm !== password ? t('resetPassword.page.mismatch') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (send.isPending || passwordError || confirmError || !requireNetwork()) return;
    send.mutate();
  };

  if (send.isSuccess) {
    return (
      <>
        <h2 className="login-title">{t('resetPassword.page.done_title')}</h2>
        <p role="status">{t('resetPassword.page.done')}</p>
        <Link to="/login" className="app-button app-button--block">
          {t('public_notice.to_login')}
        </Link>
      </>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-labelledby="reset-password-title">
      <h2 id="reset-password-title" className="login-title">
        {t('resetPassword.page.title')}
      </h2>
      <p className="login-intro">{t('resetPassword.page.intro', { min: PASSWORD_MIN_LENGTH })}</p>
      <Field label={t('resetPassword.page.password')} type="password" autoComplete="new-password" value={password} onChange={setPassword} error={submitted ? passwordError : undefined} />
      <Field
        label={t('resetPassword.page.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={submitted && !passwordError ? confirmError : undefined}
      />
      <SendRow label={t('resetPassword.page.submit')} pending={send.isPending} error={send.isError ? send.error : null} />
    </form>
  );
}

function ResetPasswordPage() {
  const token = useRouterState({ select: (state) => new URLSearchParams(state.location.searchStr).get('token') ?? '' });
  return (
    <main className="plain-page login-page">
      <div className="login-card">
        <h1 className="login-product">{PRODUCT_NAME}</h1>
        {token === '' ? <AskForLink /> : <ChoosePassword token={token} />}
      </div>
    </main>
  );
}

export const resetPasswordRoute = createLazyRoute('/resetPassword')({
  component: ResetPasswordPage,
});
