/**
 * /dashboard, each person's home: the parts of GET /api/dashboard the person may read (its
 * open actions, overdue first; its inspections due; the district's recent declarations; for
 * managers of actions the district's counts and a chart by week), what waits on this device to
 * be sent (the outbox), and the session's facts in a compact form (district, client, unread
 * count, the district's modules: the district from GET /api/auth/district, passed in by the
 * route; the rest from the last envelope).
 *
 * The first screen after every start (Lighthouse budget, docs/performance.md): the
 * heading and the skeletons paint at once, the data comes from the query (the offline copy's
 * answer first, then the server's), never from the route's loader, and is drawn in a deferred
 * render React slices; plain elements, not Ionic components; dates of days formatted without
 * Intl. The server's records:changed for an action
 * asks the data again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistrictData } from '../../../../common/api-types';
import { ACTIONS_MODULE } from '../../../../common/modules/actions/names';
import { hasScreens } from '../../../../common/modules/index';
import type { DashboardCard, DashboardData } from '../../../../common/schemas/dashboard';
import { useFirstScreenShown } from '../../../hooks/use-first-screen';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { formatDate, formatDateTime, formatDay } from '../../../lib/dates';
import { useEnvelope } from '../../../lib/envelope-store';
import { onRecordsChanged } from '../../../lib/socket';
import { useDashboard } from '../api/get-dashboard';
import { dashboardKeys } from '../api/keys';
import { PendingWrites } from './PendingWrites';
import { WeeksChart } from './WeeksChart';
import '../../../components/visually-hidden.css';
import './dashboard.css';

/** Where the dashboard's rows and "see all" links lead (composed by the route: features do not import each other). */
export interface DashboardLinks {
  action: (id: string) => string;
  myActions: string;
  inspection: (id: string) => string;
  inspections: string;
  declaration: (id: string) => string;
  declarations: string;
  outbox: string;
}

interface DashboardPageProps {
  district: DistrictData | undefined;
  districtFailed: boolean;
  links: DashboardLinks;
}

export function DashboardPage({ district, districtFailed, links }: DashboardPageProps) {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard();
  const queryClient = useQueryClient();
  useEffect(() => onRecordsChanged(ACTIONS_MODULE, () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })), [queryClient]);
  // The parts are drawn in a render React slices and yields between (a deferred value): an
  // answer arrives from the query's store, whose updates React renders in one go, and the
  // parts (a few dozen rows) made that task 10-26 ms long at the daily start on this host,
  // against 3-12 ms deferred. The heading, the session's facts and the skeleton stay until the
  // parts are drawn.
  const data = useDeferredValue(dashboard.data);
  useFirstScreenShown(data !== undefined || dashboard.isError || dashboard.fetchStatus === 'paused');

  return (
    <div className="dashboard ion-padding">
      <h1>{t('dashboard.title')}</h1>
      <SessionFacts district={district} districtFailed={districtFailed} />

      {data === undefined ? (
        dashboard.fetchStatus === 'paused' ? (
          <p className="dashboard-problem" role="status">
            {t('dashboard.offline')}
          </p>
        ) : dashboard.isError ? (
          <p className="dashboard-problem" role="alert">
            {t('dashboard.failed')}{' '}
            <button type="button" className="dashboard-button" onClick={() => void dashboard.refetch()}>
              {t('dashboard.retry')}
            </button>
          </p>
        ) : (
          <DashboardSkeleton label={t('dashboard.loading')} />
        )
      ) : (
        <>
          {(dashboard.isError || dashboard.fetchStatus === 'paused') && (
            <p className="dashboard-note" data-testid="dashboard-as-of">
              {t('dashboard.as_of', { date: formatDateTime(dashboard.dataUpdatedAt, i18n.language) })}
            </p>
          )}
          <DashboardParts data={data} links={links} />
        </>
      )}
      <PendingWrites outboxHref={links.outbox} />
    </div>
  );
}

/** District, client, unread notifications and the district's modules, in a few lines. */
function SessionFacts({ district, districtFailed }: { district: DistrictData | undefined; districtFailed: boolean }) {
  const { t } = useTranslation();
  const districtModules = useEnvelope((state) => state.districtModules);
  // Only the modules whose screens exist: a placeholder would promise a page that is not there.
  const modules = districtModules.filter(({ name }) => hasScreens(name));
  const unread = useEnvelope((state) => state.unreadNotificationsNumber);
  const value = (text: string | undefined) =>
    text !== undefined ? text : districtFailed ? t('dashboard.unavailable') : <span className="dashboard-skeleton" aria-hidden="true" />;

  return (
    <section aria-labelledby="dashboard-session" className="dashboard-session">
      <h2 id="dashboard-session" className="visually-hidden">
        {t('dashboard.session')}
      </h2>
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
      <div className="dashboard-modules-line">
        <span id="dashboard-modules" className="dashboard-modules-label">
          {t('dashboard.modules')}
        </span>
        {modules.length === 0 ? (
          <span> {t('dashboard.no_modules')}</span>
        ) : (
          <ul data-testid="dashboard-modules" className="dashboard-modules" aria-labelledby="dashboard-modules">
            {modules.map(({ name }) => (
              <li key={name}>{t(`modules.${name}`, { defaultValue: name })}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Placeholders in the shape of two lists while the first answer comes (nothing read aloud but "loading"). */
function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div className="dashboard-loading" data-testid="dashboard-loading">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      {[0, 1].map((part) => (
        <div key={part} className="dashboard-section" aria-hidden="true">
          <span className="dashboard-skeleton dashboard-skeleton-heading" />
          <div className="dashboard-list">
            {[0, 1, 2].map((row) => (
              <div key={row} className="dashboard-row">
                <span className="dashboard-skeleton" />
                <span className="dashboard-skeleton dashboard-skeleton-short" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The parts the server answered (a part the person may not read is null: not shown). */
function DashboardParts({ data, links }: { data: DashboardData; links: DashboardLinks }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { myActions, myInspections, recentDeclarations, districtActions } = data;
  const overdue = <span className="dashboard-overdue">{t('dashboard.overdue')}</span>;
  const row = (id: string, href: string, title: string, late: boolean, details: (string | null)[]): Row => ({ id, href, title, details, mark: late ? overdue : null });

  return (
    <>
      {myActions !== null && (
        <Part
          id="dashboard-my-actions"
          title={t('dashboard.my_actions')}
          summary={t('dashboard.my_actions_counts', { open: myActions.open, overdue: myActions.overdue })}
          all={{ href: links.myActions, label: t('dashboard.see_my_actions') }}
          empty={t('dashboard.my_actions_empty')}
          rows={myActions.items.map((a) =>
            row(a.id, links.action(a.id), a.title, a.overdue, [
              t(`dashboard.action_status.${a.status}`),
              a.dueOn === null ? t('dashboard.no_due') : t('dashboard.due', { date: formatDay(a.dueOn, language) }),
              a.siteName,
            ]),
          )}
        />
      )}
      {myInspections !== null && (
        <Part
          id="dashboard-my-inspections"
          title={t('dashboard.my_inspections')}
          summary={t('dashboard.inspections_due', { count: myInspections.due })}
          all={{ href: links.inspections, label: t('dashboard.see_my_inspections') }}
          empty={t('dashboard.my_inspections_empty')}
          rows={myInspections.items.map((i) =>
            row(i.id, links.inspection(i.id), i.templateName, i.overdue, [
              t(`dashboard.inspection_status.${i.status}`, { defaultValue: i.status }),
              i.dueAt === null ? t('dashboard.no_due') : t('dashboard.due', { date: formatDate(i.dueAt, language) }),
              i.siteName,
            ]),
          )}
        />
      )}
      {districtActions !== null && (
        <section aria-labelledby="dashboard-district-actions" className="dashboard-section">
          <h2 id="dashboard-district-actions">{t('dashboard.district_actions')}</h2>
          <dl className="dashboard-facts dashboard-counts">
            <div>
              <dt>{t('dashboard.district_open')}</dt>
              <dd data-testid="dashboard-district-open">{districtActions.open}</dd>
            </div>
            <div className={districtActions.overdue > 0 ? 'dashboard-count-alert' : undefined}>
              <dt>{t('dashboard.district_overdue')}</dt>
              <dd data-testid="dashboard-district-overdue">{districtActions.overdue}</dd>
            </div>
          </dl>
          {districtActions.weeks.length > 0 && <WeeksChart weeks={districtActions.weeks} />}
        </section>
      )}
      {recentDeclarations !== null && (
        <Part
          id="dashboard-declarations"
          title={t('dashboard.recent_declarations')}
          all={{ href: links.declarations, label: t('dashboard.see_declarations') }}
          empty={t('dashboard.declarations_empty')}
          rows={recentDeclarations.items.map((d) =>
            row(d.id, links.declaration(d.id), d.title, false, [
              t(`dashboard.declaration_status.${d.status}`, { defaultValue: d.status }),
              t('dashboard.reported', { date: formatDate(d.createdAt, language) }),
              d.siteName,
            ]),
          )}
        />
      )}
      {/* An answer kept from before the modules' cards has none. */}
      {(data.cards ?? []).map((card) => (
        <ModuleCard key={card.id} card={card} />
      ))}
    </>
  );
}

/**
 * A module's card (its server's `dashboardCards`): its title from the module's namespace, loaded
 * with the card (shown once it is there), its count, its first rows, "see all".
 */
function ModuleCard({ card }: { card: DashboardCard }) {
  const { t, i18n, ready } = useTranslation(['common', card.namespace], { useSuspense: false });
  if (!ready) return null;
  const language = i18n.language;
  const mark = (tone: DashboardCard['tone']) =>
    tone === 'danger' ? <span className="dashboard-overdue">{t('dashboard.overdue')}</span> : tone === 'warning' ? <span className="dashboard-soon">{t('dashboard.soon')}</span> : null;
  return (
    <Part
      id={`dashboard-card-${card.id.replace(/[^A-Za-z0-9-]/g, '-')}`}
      title={t(card.title, { ns: card.namespace })}
      summary={t('dashboard.card_count', { count: card.count })}
      all={{ href: card.path, label: t('dashboard.see_all') }}
      empty={t('dashboard.card_empty')}
      rows={card.items.map((item) => ({
        id: item.id,
        href: item.path,
        title: item.label,
        details: [item.detail, item.day === null ? null : formatDay(item.day, language)],
        mark: mark(item.tone),
      }))}
    />
  );
}

interface Row {
  id: string;
  href: string;
  title: string;
  details: (string | null)[];
  mark: ReactNode;
}

/** One part of the home: a heading with its counts, a few rows leading to their records, "see all". */
function Part({ id, title, summary, all, empty, rows }: { id: string; title: string; summary?: string; all: { href: string; label: string }; empty: string; rows: Row[] }) {
  const navigate = useLinkNavigation();
  return (
    <section aria-labelledby={id} className="dashboard-section" data-testid={id}>
      <div className="dashboard-part-head">
        <h2 id={id}>{title}</h2>
        <a href={all.href} onClick={navigate(all.href)} className="dashboard-all">
          {all.label}
        </a>
      </div>
      {summary !== undefined && <p className="dashboard-summary">{summary}</p>}
      {rows.length === 0 ? (
        <p className="dashboard-empty">{empty}</p>
      ) : (
        <ul className="dashboard-list">
          {rows.map((row) => (
            <li key={row.id}>
              <a href={row.href} onClick={navigate(row.href)} className="dashboard-row">
                <span className="dashboard-row-title">{row.title}</span>
                <span className="dashboard-row-details">
                  {row.mark}
                  {row.mark !== null && ' '}
                  {row.details.filter((detail): detail is string => detail !== null && detail !== '').join(' · ')}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
