/**
 * /login: e-mail and password, or, with the SSO toggle on, e-mail only: the page then goes to
 * the identity provider of the account's client (features/auth/sso.ts). Field rules (validation.ts) show under the fields when the user
 * submits or leaves a field; the button is never silently disabled. A server refusal shows its
 * translated message above the button. Success lands on the user's default page.
 */
import { IonButton, IonContent, IonInput, IonPage, IonSpinner, IonText, IonToggle } from '@ionic/react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import { describeApiError } from '../../../lib/error-messages';
import { safeDefaultPage } from '../api/get-default-page';
import { useLoginMutation } from '../api/login';
import { loginWithSsoRedirect } from '../sso';
import { hasErrors, validateCredentials, type FieldError } from '../validation';
import './login.css';
import { requireNetwork } from '../../../lib/connectivity';

type Field = 'email' | 'password';

export function LoginPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const login = useLoginMutation();
  // Resolves once the page is leaving for the provider: it stays pending-looking until then.
  const ssoLogin = useMutation({ mutationKey: ['auth', 'loginSSO'], mutationFn: loginWithSsoRedirect });
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLIonInputElement>(null);
  const passwordRef = useRef<HTMLIonInputElement>(null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [sso, setSso] = useState(false);

  const errors = validateCredentials({ email, password }, { sso });
  const pending = login.isPending || ssoLogin.isPending || ssoLogin.isSuccess;
  const failure = sso ? ssoLogin : login;
  const shownError = (field: Field): FieldError | undefined =>
    submitted || touched[field] ? errors[field] : undefined;
  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined);
  const fieldClass = (field: Field) => (shownError(field) ? 'ion-invalid ion-touched' : undefined);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    setSubmitted(true);
    if (hasErrors(errors)) {
      void (errors.email ? emailRef : passwordRef).current?.setFocus();
      return;
    }
    if (!requireNetwork()) return;
    if (sso) {
      ssoLogin.mutate(email);
      return;
    }
    login.mutate(
      { email, password },
      { onSuccess: (session) => void router.navigate({ href: safeDefaultPage(session.defaultPage), replace: true }) },
    );
  };

  // ion-button submits through a hidden native button; Enter in a field needs the same path.
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') formRef.current?.requestSubmit();
  };

  const markTouched = (field: Field) => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <IonPage>
      <IonContent className="login-content">
        <div className="login-card">
          <h1 className="login-product">{PRODUCT_NAME}</h1>
          <p className="login-intro">{t('login.intro')}</p>
          <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="login-title">
            <h2 id="login-title" className="login-title">
              {t('login.title')}
            </h2>
            <IonInput
              ref={emailRef}
              className={fieldClass('email')}
              label={t('login.email')}
              labelPlacement="stacked"
              fill="outline"
              type="email"
              inputmode="email"
              autocomplete="email"
              name="email"
              required
              value={email}
              errorText={message(shownError('email'))}
              onIonInput={(event) => setEmail(String(event.detail.value ?? ''))}
              onIonBlur={() => markTouched('email')}
              onKeyDown={submitOnEnter}
            />
            <IonToggle
              className="login-sso-toggle"
              checked={sso}
              onIonChange={(event) => {
                setSso(event.detail.checked);
                login.reset();
                ssoLogin.reset();
              }}
            >
              {t('login.sso_toggle')}
            </IonToggle>
            {!sso && (
              <IonInput
                ref={passwordRef}
                className={fieldClass('password')}
                label={t('login.password')}
                labelPlacement="stacked"
                fill="outline"
                type="password"
                autocomplete="current-password"
                name="password"
                required
                value={password}
                errorText={message(shownError('password'))}
                onIonInput={(event) => setPassword(String(event.detail.value ?? ''))}
                onIonBlur={() => markTouched('password')}
                onKeyDown={submitOnEnter}
              />
            )}
            {failure.isError && (
              <IonText color="danger">
                <p className="login-server-error" role="alert">
                  {describeApiError(failure.error)}
                </p>
              </IonText>
            )}
            <IonButton type="submit" expand="block" className="login-submit" disabled={pending}>
              {pending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
              {pending ? t(sso ? 'login.sso_submitting' : 'login.submitting') : t(sso ? 'login.sso_submit' : 'login.submit')}
            </IonButton>
          </form>
        </div>
      </IonContent>
    </IonPage>
  );
}
