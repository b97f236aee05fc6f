/**
 * Who is on site now as this device knows it (the register's screen, the site's sheet, the
 * emergency dialog's chosen site): the server's register kept for offline work, this device's
 * queued sign-ins added and its queued sign-outs taken off, each marked as waiting.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presence } from '../../../../../common/modules/thirdParty/companies';
import { WaitingMark } from '../../../../components/WaitingMark';
import { formatTime } from '../../../../lib/dates';
import { usePendingChanges, type PendingWrite } from '../../../../lib/outbox';
import { COMPANIES_MODULE, currentQueryOptions, pendingPresence, SIGN_IN, SIGN_OUT } from '../kinds';
import { useCompaniesData } from './shared';

/** A waiting mark for a write still in the outbox (failed: the server refused it). */
export const Waiting = ({ write }: { write: PendingWrite | undefined }) => (write === undefined ? null : <WaitingMark variant={write.item.state === 'failed' ? 'failed' : 'waiting'} />);

export type Shown = Presence & { waiting?: PendingWrite | undefined };

/** Who is on site now as this device knows it: the server's register, its queued sign-ins added and its queued sign-outs taken off. */
export function useCurrent(siteFilter?: string) {
  const current = useQuery(currentQueryOptions());
  const data = useCompaniesData();
  const writes = usePendingChanges(COMPANIES_MODULE).filter((w) => (w.item.kind === SIGN_IN || w.item.kind === SIGN_OUT) && w.item.state !== 'sent');
  const rows = useMemo(() => {
    const out = new Set(writes.filter((w) => w.item.kind === SIGN_OUT && w.item.state !== 'failed').map((w) => w.item.recordId));
    const sites = { sites: data.sites };
    const shown: Shown[] = (current.data ?? []).filter((p) => !out.has(p.id)).map((p) => ({ ...p, waiting: writes.find((w) => w.item.recordId === p.id) }));
    for (const write of writes) {
      if (write.item.kind !== SIGN_IN || out.has(write.item.recordId) || shown.some((p) => p.id === write.item.recordId)) continue;
      const presence = pendingPresence(write, sites, data.workers);
      if (presence) shown.push({ ...presence, waiting: write });
    }
    return shown.filter((p) => siteFilter === undefined || siteFilter === '' || p.siteId === siteFilter);
  }, [current.data, writes, data.sites, data.workers, siteFilter]);
  return { rows, query: current, data };
}

/** Who is on a site now: on the site's sheet and in the emergency dialog's chosen site (record panels). */
export function PresenceList({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('third-party');
  const { rows, query } = useCurrent(siteId);
  if (query.isPending && rows.length === 0) return <p>{t('companies.panel.loading')}</p>;
  if (rows.length === 0) return <p>{t('companies.current.nobody')}</p>;
  return (
    <ul>
      {rows.map((p) => (
        <li key={p.id}>
          <strong>{p.name}</strong> · {p.workerId === null ? t('companies.current.visitor') : p.companyName} · {t('companies.current.since', { time: formatTime(p.signedInAt, i18n.language) })}{' '}
          <Waiting write={p.waiting} />
        </li>
      ))}
    </ul>
  );
}

