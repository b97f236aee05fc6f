/**
 * Reconnect dialog (spec sections 2, 4, 5): the temporary dialog of an expired session. E-mail
 * prefilled from the session, password (required, at least 8) unless the SSO toggle is on,
 * which removes it and uses SSO login instead. Success closes it and releases the requests the
 * gate held; back-to-login logs out. It cannot be dismissed any other way (no backdrop, no
 * Escape): the page under it, unsaved input included, waits for the user's answer.
 */
import { IonButton, IonInput, IonModal, IonSpinner, IonText, IonToggle } from '@ionic/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/error-messages';
import { abandonReconnection, completeReconnection, temporaryLogoutReason } from '../../../lib/reconnection';
import { startSession } from '../../../lib/session';
import { getSessionEmail, getSsoCookie } from '../../../lib/storage';
import { loginRequest } from '../api/login';
import { useLogoutMutation } from '../api/logout';
import { loginWithSsoPopup } from '../sso';
import { hasErrors, validateCredentials, type FieldError } from '../validation';
import '../../../components/dialog.css';

/** The DOM id of the one reconnect dialog (tests and the a11y checks find it by it). */
export const RECONNECT_DIALOG_ID = 'reconnect-dialog';

interface ReconnectDialogProps {
  isOpen: boolean;
  /** The session is back (`sameUser` false: another account logged in, a fresh start). */
  onReconnected: (result: { sameUser: boolean; defaultPage: string | null }) => void;
}

type Field = 'email' | 'password';

const sameEmail = (a: string | null, b: string | null) => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export function ReconnectDialog({ isOpen, onReconnected }: ReconnectDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLIonInputElement>(null);
  const passwordRef = useRef<HTMLIonInputElement>(null);
  // The session's e-mail, read when the dialog mounts (the temporary logout keeps it).
  const [sessionEmail] = useState(getSessionEmail);
  const [email, setEmail] = useState(sessionEmail ?? '');
  const [password, setPassword] = useState('');
  const [sso, setSso] = useState(() => getSsoCookie() === true);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const logout = useLogoutMutation();

  const reconnect = useMutation({
    mutationKey: ['auth', 'reconnect'],
    mutationFn: async (): Promise<{ sameUser: boolean; defaultPage: string | null }> => {
      if (sso) {
        // The popup's flow stores the new token (refresh through the cookie the IdP callback set).
        await loginWithSsoPopup(email.trim());
        const sameUser = sameEmail(getSessionEmail(), sessionEmail);
        if (sameUser) completeReconnection();
        else abandonReconnection();
        return { sameUser, defaultPage: null };
      }
      const session = await loginRequest({ email: email.trim(), password, reconnect: true });
      const sameUser = sameEmail(session.email, sessionEmail);
      // Another account: what was held belongs to the previous user's screen and fails.
      if (!sameUser) abandonReconnection();
      startSession(session, { sso: false });
      if (sameUser) completeReconnection();
      return { sameUser, defaultPage: session.defaultPage || null };
    },
    onSuccess: (result) => {
      setPassword('');
      setSubmitted(false);
      setTouched({ email: false, password: false });
      onReconnected(result);
    },
  });

  const errors = validateCredentials({ email, password }, { sso });
  const shownError = (field: Field): FieldError | undefined => (submitted || touched[field] ? errors[field] : undefined);
  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined);
  const fieldClass = (field: Field) => (shownError(field) ? 'ion-invalid ion-touched' : undefined);
  const busy = reconnect.isPending || logout.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (hasErrors(errors)) {
      void (errors.email ? emailRef : passwordRef).current?.setFocus();
      return;
    }
    reconnect.mutate();
  };
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') formRef.current?.requestSubmit();
  };
  const markTouched = (field: Field) => setTouched((current) => ({ ...current, [field]: true }));
  const why = temporaryLogoutReason();

  return (
    <IonModal
      id={RECONNECT_DIALOG_ID}
      isOpen={isOpen}
      backdropDismiss={false}
      className="app-dialog temporary-dialog"
      data-temporary="true"
      // Ionic copies aria-label (not aria-labelledby) onto its dialog element.
      aria-label={t('reconnect.title')}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="app-dialog-body">
        <h2 id={titleId}>{t('reconnect.title')}</h2>
        <p id={textId}>{t(why === 'idle' ? 'reconnect.text_idle' : 'reconnect.text')}</p>
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
        <IonToggle checked={sso} onIonChange={(event) => setSso(event.detail.checked)} justify="space-between">
          {t('reconnect.sso')}
        </IonToggle>
        {reconnect.isError && (
          <IonText color="danger">
            <p role="alert">{describeApiError(reconnect.error)}</p>
          </IonText>
        )}
        <div className="app-dialog-actions">
          <IonButton fill="outline" onClick={() => logout.mutate()} disabled={busy}>
            {logout.isPending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
            {t('reconnect.back_to_login')}
          </IonButton>
          <IonButton type="submit" disabled={busy}>
            {reconnect.isPending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
            {reconnect.isPending ? t('reconnect.submitting') : t('reconnect.submit')}
          </IonButton>
        </div>
      </form>
    </IonModal>
  );
}
