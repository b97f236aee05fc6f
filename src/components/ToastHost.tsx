/**
 * Shows the toast queue (lib/toast.ts) one at a time, below the app's header. Persistent
 * toasts wait for Close.
 *
 * The toast is presented imperatively (useIonToast), not rendered as <IonToast>: Ionic moves a
 * rendered overlay out of React's tree, and unmounting it after it dismissed itself made React
 * fail on removeChild and take the page down.
 */
import '../app/ionic/setup';
import { useIonToast, type ToastButton } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_DURATION_MS, useToasts, type ToastKind } from '../lib/toast';

/** The shell's header (features/shell AppToolbar); the toasts sit below it. */
const APP_HEADER_SELECTOR = 'header.app-header';

const COLORS: Record<ToastKind, string> = {
  success: 'success',
  info: 'dark',
  warning: 'warning',
  danger: 'danger',
};

export function ToastHost() {
  const { t } = useTranslation();
  const toast = useToasts()[0];
  const [present, dismiss] = useIonToast();
  const shownId = useRef<number | null>(null);

  useEffect(() => {
    if (toast === undefined) {
      // The queue was cleared while a toast was on screen.
      if (shownId.current !== null) void dismiss();
      shownId.current = null;
      return;
    }
    if (shownId.current === toast.id) return;
    shownId.current = toast.id;
    const buttons: ToastButton[] = [];
    if (toast.action !== undefined) {
      const { label, run } = toast.action;
      buttons.push({ text: label, handler: run });
    }
    if (toast.persistent || toast.action !== undefined) buttons.push({ text: t('toast.close'), role: 'cancel' });
    void present({
      header: toast.header,
      message: toast.message,
      color: COLORS[toast.kind],
      duration: toast.persistent ? 0 : TOAST_DURATION_MS,
      buttons,
      position: 'top',
      // Below the app's header where there is one: a toast over it hid the district, the
      // alert button and the way back.
      positionAnchor: document.querySelector<HTMLElement>(APP_HEADER_SELECTOR) ?? undefined,
      htmlAttributes: { 'data-testid': 'toast' },
      onDidDismiss: () => dismissToast(toast.id),
    });
  }, [toast, present, dismiss, t]);

  return null;
}
