/**
 * What waits on this device to be sent (the outbox, lib/outbox: every module's writes and the
 * emergency alerts not delivered yet), by module, with a link to the outbox page. Read as the
 * shell's pending count is (PendingWritesLink): from the first idle moment, opening IndexedDB
 * is not the first screen's work. Hidden while nothing waits.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { isUndelivered } from '../../../lib/outbox/enqueue';
import { useOutboxItems } from '../../../lib/outbox/hooks';
import type { OutboxItem } from '../../../lib/outbox/types';
import { whenIdle } from '../../../lib/when-idle';

interface ModuleCount {
  module: string;
  waiting: number;
  /** Refused by the server or in conflict: the user has something to do. */
  blocked: number;
}

/** The undelivered items by module, in the order their oldest was written. */
export function countByModule(items: readonly OutboxItem[]): ModuleCount[] {
  const counts = new Map<string, ModuleCount>();
  for (const item of items) {
    if (!isUndelivered(item)) continue;
    const count = counts.get(item.module) ?? { module: item.module, waiting: 0, blocked: 0 };
    count.waiting += 1;
    if (item.state === 'failed' || item.state === 'conflict') count.blocked += 1;
    counts.set(item.module, count);
  }
  return [...counts.values()];
}

function PendingList({ outboxHref }: { outboxHref: string }) {
  const { t } = useTranslation();
  const navigate = useLinkNavigation();
  const items = useOutboxItems();
  const counts = countByModule(items ?? []);
  if (counts.length === 0) return null;
  const total = counts.reduce((sum, c) => sum + c.waiting, 0);
  return (
    <section aria-labelledby="dashboard-pending" className="dashboard-section" data-testid="dashboard-pending">
      <div className="dashboard-part-head">
        <h2 id="dashboard-pending">{t('dashboard.pending')}</h2>
        <a href={outboxHref} onClick={navigate(outboxHref)} className="dashboard-all">
          {t('dashboard.see_outbox')}
        </a>
      </div>
      <p className="dashboard-summary">{t('outbox.pending_count', { count: total })}</p>
      <ul className="dashboard-list">
        {counts.map((c) => (
          <li key={c.module} className="dashboard-row">
            <span className="dashboard-row-title">{t(`modules.${c.module}`, { defaultValue: c.module })}</span>
            <span className="dashboard-row-details">
              {t('dashboard.pending_waiting', { count: c.waiting })}
              {c.blocked > 0 && (
                <>
                  {' · '}
                  <span className="dashboard-overdue">{t('dashboard.pending_blocked', { count: c.blocked })}</span>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PendingWrites({ outboxHref }: { outboxHref: string }) {
  const [reading, setReading] = useState(false);
  useEffect(() => whenIdle(() => setReading(true)), []);
  return reading ? <PendingList outboxHref={outboxHref} /> : null;
}
