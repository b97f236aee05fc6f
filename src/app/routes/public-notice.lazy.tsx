/**
 * The kept path /resetPassword (spec section 2): the spec does not describe its screen, so it
 * says plainly that it is not part of this release and leads back to login. (/sso has its own
 * page, sso.lazy.tsx.)
 */
import { IonButton, IonContent, IonPage } from '@ionic/react';
import { createLazyRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function PublicNotice({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <main>
          <h1>{t(titleKey)}</h1>
          <p>{t('module_landing.not_in_release')}</p>
          <IonButton routerLink="/login">{t('public_notice.to_login')}</IonButton>
        </main>
      </IonContent>
    </IonPage>
  );
}

export const resetPasswordRoute = createLazyRoute('/resetPassword')({
  component: () => <PublicNotice titleKey="public_notice.reset_password" />,
});
