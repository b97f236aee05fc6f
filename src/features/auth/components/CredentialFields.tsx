/**
 * The credential fields the login page and the reconnect dialog share (spec section 5): e-mail,
 * the SSO toggle, and the password unless SSO is on. Field rules (validation.ts) show under a
 * field once it was left or the form was submitted; a refused submit focuses the first bad field.
 */
import { IonInput, IonToggle } from '@ionic/react';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, validateCredentials, type CredentialErrors, type FieldError } from '../validation';

type Field = 'email' | 'password';

export interface CredentialForm {
  email: string;
  password: string;
  sso: boolean;
  errors: CredentialErrors;
  setEmail: (email: string) => void;
  setPassword: (password: string) => void;
  setSso: (sso: boolean) => void;
  /** The error a field shows now (after it was left, or after a submit). */
  shownError: (field: Field) => FieldError | undefined;
  markTouched: (field: Field) => void;
  /** A submit: shows every rule, focuses the first bad field; true when the form may go. */
  validate: () => boolean;
  /** After a success: the password goes, the rules are hidden again. */
  clear: () => void;
  emailRef: RefObject<HTMLIonInputElement | null>;
  passwordRef: RefObject<HTMLIonInputElement | null>;
}

export function useCredentialForm(initial: { email?: string; sso?: boolean } = {}): CredentialForm {
  const emailRef = useRef<HTMLIonInputElement>(null);
  const passwordRef = useRef<HTMLIonInputElement>(null);
  const [email, setEmail] = useState(initial.email ?? '');
  const [password, setPassword] = useState('');
  const [sso, setSso] = useState(initial.sso ?? false);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const errors = validateCredentials({ email, password }, { sso });

  return {
    email,
    password,
    sso,
    errors,
    setEmail,
    setPassword,
    setSso,
    shownError: (field) => (submitted || touched[field] ? errors[field] : undefined),
    markTouched: (field) => setTouched((current) => ({ ...current, [field]: true })),
    validate: () => {
      setSubmitted(true);
      if (!hasErrors(errors)) return true;
      void (errors.email ? emailRef : passwordRef).current?.setFocus();
      return false;
    },
    clear: () => {
      setPassword('');
      setSubmitted(false);
      setTouched({ email: false, password: false });
    },
    emailRef,
    passwordRef,
  };
}

interface CredentialFieldsProps {
  form: CredentialForm;
  /** Enter in a field submits (ion-button submits through a hidden native button). */
  onEnter: () => void;
  ssoLabel: string;
  ssoClassName?: string;
  /** Called after the toggle changed (e.g. to forget the previous mode's server error). */
  onSsoChange?: (sso: boolean) => void;
}

export function CredentialFields({ form, onEnter, ssoLabel, ssoClassName, onSsoChange }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined);
  const fieldClass = (field: Field) => (form.shownError(field) ? 'ion-invalid ion-touched' : undefined);
  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onEnter();
  };

  return (
    <>
      <IonInput
        ref={form.emailRef}
        className={fieldClass('email')}
        label={t('login.email')}
        labelPlacement="stacked"
        fill="outline"
        type="email"
        inputmode="email"
        autocomplete="email"
        name="email"
        required
        value={form.email}
        errorText={message(form.shownError('email'))}
        onIonInput={(event) => form.setEmail(String(event.detail.value ?? ''))}
        onIonBlur={() => form.markTouched('email')}
        onKeyDown={submitOnEnter}
      />
      <IonToggle
        className={ssoClassName}
        checked={form.sso}
        justify="space-between"
        onIonChange={(event) => {
          form.setSso(event.detail.checked);
          onSsoChange?.(event.detail.checked);
        }}
      >
        {ssoLabel}
      </IonToggle>
      {!form.sso && (
        <IonInput
          ref={form.passwordRef}
          className={fieldClass('password')}
          label={t('login.password')}
          labelPlacement="stacked"
          fill="outline"
          type="password"
          autocomplete="current-password"
          name="password"
          required
          value={form.password}
          errorText={message(form.shownError('password'))}
          onIonInput={(event) => form.setPassword(String(event.detail.value ?? ''))}
          onIonBlur={() => form.markTouched('password')}
          onKeyDown={submitOnEnter}
        />
      )}
    </>
  );
}
