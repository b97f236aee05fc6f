/**
 * /dashboard: the district and its client (GET /api/auth/district, passed in by the route),
 * the district's modules and the unread notification count (from the last envelope).
 * Plain elements: the page is read, not operated, and it is the first screen after every
 * start; a list of ion-items (one per module, twenty and more) weighed on a phone's start.
 */
import { useTranslation } from 'react-i18next';
import type { DistrictData } from '../../../../common/api-types';
import { useEnvelope } from '../../../lib/envelope-store';
import './dashboard.css';

interface DashboardPageProps {
  district: DistrictData | undefined;
  districtFailed: boolean;
}

export function DashboardPage({ district, districtFailed }: DashboardPageProps) {
  const { t } = useTranslation();
  const modules = useEnvelope((state) => state.districtModules);
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);

  const value = (text: string | undefined) =>
    text !== undefined ? text : districtFailed ? t('dashboard.unavailable') : <span className="dashboard-skeleton" aria-hidden="true" />;

  return (
    <div className="dashboard ion-padding">
      <h1>{t('dashboard.title')}</h1>

      <section aria-labelledby="dashboard-session" className="dashboard-section">
        <h2 id="dashboard-session">{t('dashboard.session')}</h2>
        <dl className="dashboard-facts">
          <div>
            <dt>{t('dashboard.district')}</dt>
            <dd data-testid="dashboard-district">{value(district?.name)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.client')}</dt>
            <dd data-testid="dashboard-client">{value(district?.client.name)}</dd>
          </div>
          <div>
            <dt>{t('dashboard.unread_notifications')}</dt>
            <dd data-testid="dashboard-unread">{unread}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="dashboard-modules" className="dashboard-section">
        <h2 id="dashboard-modules">{t('dashboard.modules')}</h2>
        {modules.length === 0 ? (
          <p>{t('dashboard.no_modules')}</p>
        ) : (
          <ul data-testid="dashboard-modules" className="dashboard-modules">
            {modules.map(({ name }) => (
              <li key={name}>{t(`modules.${name}`, { defaultValue: name })}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
