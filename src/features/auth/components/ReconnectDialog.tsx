/**
 * Reconnect dialog (spec sections 2, 4, 5): the temporary dialog of an expired session. E-mail
 * prefilled from the session, password (required, at least 8) unless the SSO toggle is on,
 * which removes it and uses SSO login instead. Success closes it and releases the requests the
 * gate held; back-to-login logs out. It cannot be dismissed any other way (no backdrop, no
 * Escape): the page under it, unsaved input included, waits for the user's answer.
 */
import '../../../app/ionic/setup';
import { IonButton, IonModal, IonSpinner, IonText } from '@ionic/react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/error-messages';
import { abandonReconnection, completeReconnection, isSameAccount, temporaryLogoutReason } from '../../../lib/reconnection';
import { startSession } from '../../../lib/session';
import { getSessionEmail, getSsoCookie } from '../../../lib/storage';
import { loginRequest } from '../api/login';
import { useLogoutMutation } from '../api/logout';
import { loginWithSsoPopup } from '../sso';
import { CredentialFields, useCredentialForm } from './CredentialFields';
import '../../../components/dialog.css';

/** The DOM id of the one reconnect dialog (tests and the a11y checks find it by it). */
export const RECONNECT_DIALOG_ID = 'reconnect-dialog';

interface ReconnectDialogProps {
  isOpen: boolean;
  /** The session is back (`sameUser` false: another account logged in, a fresh start). */
  onReconnected: (result: { sameUser: boolean; defaultPage: string | null }) => void;
}

export function ReconnectDialog({ isOpen, onReconnected }: ReconnectDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  // The session's e-mail, read when the dialog mounts (the temporary logout keeps it).
  const [sessionEmail] = useState(getSessionEmail);
  const form = useCredentialForm({ email: sessionEmail ?? '', sso: getSsoCookie() === true });
  const { email, password, sso } = form;
  const logout = useLogoutMutation();

  const reconnect = useMutation({
    mutationKey: ['auth', 'reconnect'],
    mutationFn: async (): Promise<{ sameUser: boolean; defaultPage: string | null }> => {
      if (sso) {
        // The popup's flow stores the new token (refresh through the cookie the IdP callback set).
        await loginWithSsoPopup(email.trim());
        const sameUser = isSameAccount(getSessionEmail(), sessionEmail);
        if (sameUser) completeReconnection();
        else abandonReconnection();
        return { sameUser, defaultPage: null };
      }
      const session = await loginRequest({ email: email.trim(), password, reconnect: true });
      const sameUser = isSameAccount(session.email, sessionEmail);
      // Another account: what was held belongs to the previous user's screen and fails.
      if (!sameUser) abandonReconnection();
      startSession(session, { sso: false });
      if (sameUser) completeReconnection();
      return { sameUser, defaultPage: session.defaultPage || null };
    },
    onSuccess: (result) => {
      form.clear();
      onReconnected(result);
    },
  });

  const busy = reconnect.isPending || logout.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !form.validate()) return;
    reconnect.mutate();
  };
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
      <form noValidate onSubmit={submit} className="app-dialog-body">
        <h2 id={titleId}>{t('reconnect.title')}</h2>
        <p id={textId}>{t(why === 'idle' ? 'reconnect.text_idle' : 'reconnect.text')}</p>
        <CredentialFields
          form={form}
          ssoLabel={t('reconnect.sso')}
          onSsoChange={() => reconnect.reset()}
        />
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
