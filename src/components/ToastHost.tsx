/** Shows the toast queue (lib/toast.ts) one at a time. Persistent toasts wait for Close. */
import { IonToast, type ToastButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_DURATION_MS, useToasts, type ToastKind } from '../lib/toast';

const COLORS: Record<ToastKind, string> = {
  success: 'success',
  info: 'dark',
  warning: 'warning',
  danger: 'danger',
};

export function ToastHost() {
  const { t } = useTranslation();
  const toast = useToasts()[0];
  if (toast === undefined) return null;

  const buttons: ToastButton[] = [];
  if (toast.action !== undefined) {
    const { label, run } = toast.action;
    buttons.push({ text: label, handler: run });
  }
  if (toast.persistent || toast.action !== undefined) buttons.push({ text: t('toast.close'), role: 'cancel' });

  return (
    <IonToast
      key={toast.id}
      isOpen
      data-testid="toast"
      header={toast.header}
      message={toast.message}
      color={COLORS[toast.kind]}
      duration={toast.persistent ? 0 : TOAST_DURATION_MS}
      buttons={buttons}
      position="top"
      onDidDismiss={() => dismissToast(toast.id)}
    />
  );
}
