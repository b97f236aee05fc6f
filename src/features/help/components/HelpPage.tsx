/**
 * /help (opened in a new tab from the toolbar): what the shell offers, and the external help
 * address of the app configuration (GET /api/config helpUrl).
 */
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../../../common/api-types';

export function HelpPage({ config, configFailed }: { config: AppConfig | undefined; configFailed: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ion-padding">
      <h1>{t('help.title')}</h1>
      <p>{t('help.intro')}</p>
      <ul>
        <li>{t('help.menu')}</li>
        <li>{t('help.notifications')}</li>
        <li>{t('help.profile')}</li>
        <li>{t('help.support')}</li>
      </ul>
      {config !== undefined && (
        <p>
          <a href={config.helpUrl} target="_blank" rel="noopener noreferrer">
            {t('help.external')}
          </a>
        </p>
      )}
      {configFailed && <p role="alert">{t('help.unavailable')}</p>}
    </div>
  );
}
