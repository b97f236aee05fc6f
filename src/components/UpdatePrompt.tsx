/**
 * "A new version is available — Reload / Later" (lib/sw-bridge.ts). A small bar at the bottom
 * of every screen rather than a toast: it never queues behind other messages, it stays until
 * the user answers, and it never reloads on its own, so unsaved input is the user's call.
 * "Later" hides it for this page; the next start or update check asks again.
 */
import '../app/ionic/setup';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingUpdate } from '../lib/sw-bridge';
import './banners.css';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const apply = usePendingUpdate();
  const [dismissed, setDismissed] = useState<(() => void) | null>(null);
  if (apply === null || dismissed === apply) return null;

  return (
    <div className="app-banner app-banner-update" role="status" aria-live="polite" data-testid="update-prompt">
      <span className="app-banner-text">{t('pwa.update_available')}</span>
      <IonButton size="small" fill="clear" color="light" onClick={() => setDismissed(() => apply)}>
        {t('pwa.later')}
      </IonButton>
      <IonButton size="small" color="light" onClick={apply}>
        {t('pwa.reload')}
      </IonButton>
    </div>
  );
}
