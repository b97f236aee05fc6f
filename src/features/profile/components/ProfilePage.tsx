/**
 * /me/meInfos: the session's e-mail, client and district, and the language switch (fr/en),
 * which persists (localStorage `lang`, lib/i18n.ts changeLanguage), how to install the app, and
 * what this device keeps for offline use (OfflineStorage).
 */
import { IonButton, IonItem, IonList } from '@ionic/react';
import { useNavigate } from '@tanstack/react-router';
import { Label } from '../../../components/Label';
import { useTranslation } from 'react-i18next';
import type { DistrictData } from '../../../../common/api-types';
import { LANGUAGES } from '../../../../common/constants';
import { tellAccountLanguage } from '../../../lib/account-language';
import { changeLanguage } from '../../../lib/i18n';
import { InstallApp } from './InstallApp';
import { OfflineStorage } from './OfflineStorage';

interface ProfilePageProps {
  email: string | null;
  district: DistrictData | undefined;
  districtFailed: boolean;
}

export function ProfilePage({ email, district, districtFailed }: ProfilePageProps) {
  const { t, i18n } = useTranslation();
  const pending = districtFailed ? t('dashboard.unavailable') : '…';
  const current = LANGUAGES.find((l) => i18n.language.startsWith(l)) ?? LANGUAGES[0];
  const navigate = useNavigate();

  return (
    <div className="ion-padding">
      <h1>{t('profile.title')}</h1>
      <IonList inset>
        <IonItem>
          <Label>
            <h2>{t('profile.email')}</h2>
            <p data-testid="profile-email">{email ?? ''}</p>
          </Label>
        </IonItem>
        <IonItem>
          <Label>
            <h2>{t('dashboard.client')}</h2>
            <p data-testid="profile-client">{district?.client.name ?? pending}</p>
          </Label>
        </IonItem>
        <IonItem>
          <Label>
            <h2>{t('dashboard.district')}</h2>
            <p data-testid="profile-district">{district?.name ?? pending}</p>
          </Label>
        </IonItem>
        <IonItem button detail onClick={() => void navigate({ to: '/import-export/my-data' })}>
          <Label>{t('importExport.my_data_link')}</Label>
        </IonItem>
      </IonList>
      <h2 id="profile-language">{t('profile.language')}</h2>
      <div role="group" aria-labelledby="profile-language" className="profile-languages">
        {LANGUAGES.map((language) => (
          <IonButton
            key={language}
            fill={language === current ? 'solid' : 'outline'}
            aria-pressed={language === current}
            onClick={() => void changeLanguage(language).then(() => tellAccountLanguage(language))}
          >
            {t(`profile.language_${language}`)}
          </IonButton>
        ))}
      </div>
      <InstallApp />
      <OfflineStorage />
    </div>
  );
}
