/**
 * The credential fields the login page and the reconnect dialog share (spec section 5): e-mail,
 * the SSO toggle, and the password unless SSO is on. Field rules (validation.ts) show under a
 * field once it was left or the form was submitted; a refused submit focuses the first bad field.
 *
 * Plain form elements styled like Ionic's outlined inputs and toggle (credential-fields.css):
 * the login page is the first screen of every new user, and it loads and runs no Ionic
 * component code (DESIGN.md "Budgets"). Enter submits through the form's own submit button.
 */
import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, validateCredentials, type CredentialErrors, type FieldError } from '../validation';
import '../../../components/plain.css';
import './credential-fields.css';

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
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
}

export function useCredentialForm(initial: { email?: string; sso?: boolean } = {}): CredentialForm {
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
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
      (errors.email ? emailRef : passwordRef).current?.focus();
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

interface TextFieldProps {
  label: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function TextField({ label, error, inputRef, type, autoComplete, value, onChange, onBlur }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error === undefined ? 'credential-field' : 'credential-field credential-field--invalid'}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className="app-input"
        type={type}
        name={type}
        inputMode={type === 'email' ? 'email' : undefined}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        required
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : errorId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error !== undefined && (
        <p id={errorId} className="credential-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface CredentialFieldsProps {
  form: CredentialForm;
  ssoLabel: string;
  /** Called after the toggle changed (e.g. to forget the previous mode's server error). */
  onSsoChange?: (sso: boolean) => void;
}

export function CredentialFields({ form, ssoLabel, onSsoChange }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const message = (field: Field) => {
    const error = form.shownError(field);
    return error ? t(error.key, error.values ?? {}) : undefined;
  };

  return (
    <>
      <TextField
        label={t('login.email')}
        error={message('email')}
        inputRef={form.emailRef}
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={form.setEmail}
        onBlur={() => form.markTouched('email')}
      />
      <label className="credential-switch">
        <span>{ssoLabel}</span>
        <input
          type="checkbox"
          role="switch"
          checked={form.sso}
          onChange={(event) => {
            form.setSso(event.target.checked);
            onSsoChange?.(event.target.checked);
          }}
        />
      </label>
      {!form.sso && (
        <TextField
          label={t('login.password')}
          error={message('password')}
          inputRef={form.passwordRef}
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={form.setPassword}
          onBlur={() => form.markTouched('password')}
        />
      )}
    </>
  );
}
