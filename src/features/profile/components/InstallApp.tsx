/**
 * The profile page's "Install the app" section (lib/install-prompt.ts): the browser's own
 * prompt where it offers one, otherwise how to do it by hand (iOS Safari has no prompt).
 */
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallState } from '../../../lib/install-prompt';

export function InstallApp() {
  const { t } = useTranslation();
  const state = useInstallState();

  return (
    <section aria-labelledby="profile-install" data-testid="install-app">
      <h2 id="profile-install">{t('pwa.install_title')}</h2>
      {state === 'installed' && <p>{t('pwa.installed')}</p>}
      {state === 'available' && (
        <>
          <p>{t('pwa.install_intro')}</p>
          <IonButton onClick={() => void promptInstall()}>{t('pwa.install')}</IonButton>
        </>
      )}
      {state === 'ios' && <p>{t('pwa.install_ios')}</p>}
      {state === 'manual' && <p>{t('pwa.install_manual')}</p>}
    </section>
  );
}
