/**
 * Around every screen of the outside companies: the part's three tabs (who is on site now, the
 * companies, the interventions), its writes' senders (also registered at start) and the live
 * updates: the server's `records:changed` for a company, a worker, an intervention or the
 * register refetches what shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { useOnDelivered } from '../../../../lib/outbox';
import { onRecordsChanged } from '../../../../lib/socket';
import { COMPANIES_MODULE, companies, interventions, presenceKeys, registerCompaniesSenders, SIGNATURES_MODULE, workers } from '../kinds';
import { companiesHref, CURRENT_PATH, interventionsHref } from '../paths';
import './companies.css';

registerCompaniesSenders();

export function CompaniesLayout() {
  const { t } = useTranslation('third-party');
  const queryClient = useQueryClient();
  const follow = useLinkNavigation();
  const path = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    const stops = [
      onRecordsChanged('tp_companies', () => void queryClient.invalidateQueries({ queryKey: companies.keys.all })),
      onRecordsChanged('tp_workers', () => void queryClient.invalidateQueries({ queryKey: workers.keys.all })),
      onRecordsChanged('tp_interventions', () => void queryClient.invalidateQueries({ queryKey: interventions.keys.all })),
      onRecordsChanged('tp_presence', () => void queryClient.invalidateQueries({ queryKey: presenceKeys.current() })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  // A write of this device delivered: the server's lists are read again (the socket may come back after it).
  useOnDelivered(COMPANIES_MODULE, () => void queryClient.invalidateQueries({ queryKey: [COMPANIES_MODULE] }));
  useOnDelivered(SIGNATURES_MODULE, () => void queryClient.invalidateQueries({ queryKey: interventions.keys.all }));
  const tabs = [
    { href: CURRENT_PATH, label: t('companies.tabs.current'), active: path.startsWith(CURRENT_PATH) },
    { href: companiesHref(), label: t('companies.tabs.companies'), active: path.includes('/companies') || path.includes('/workers') },
    { href: interventionsHref(), label: t('companies.tabs.interventions'), active: path.includes('/interventions') },
  ];
  return (
    <div className="third-party-co-layout">
      <nav className="third-party-co-tabs" aria-label={t('companies.tabs.label')}>
        {tabs.map((tab) => (
          <a key={tab.href} href={tab.href} onClick={follow(tab.href)} aria-current={tab.active ? 'page' : undefined}>
            {tab.label}
          </a>
        ))}
      </nav>
      <div className="third-party-co-body">
        <Outlet />
      </div>
    </div>
  );
}
