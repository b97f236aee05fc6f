/** The outbox as React state: every alert (oldest first) and the unsent count, kept current. */
import { useEffect, useState } from 'react';
import { listAlerts, subscribeOutbox, type OutboxAlert } from '../../../lib/outbox-db';

/**
 * Least time between two re-reads while changes keep coming. A drain announces two changes
 * per alert, a few alerts at a time: re-reading and re-rendering the whole list for each
 * would cost more than the sends. The first change after a quiet spell is read at once (a
 * new alert shows without delay); during a drain the list follows at this pace.
 */
export const OUTBOX_REFRESH_MS = 250;

export function useOutboxAlerts(): OutboxAlert[] | null {
  const [alerts, setAlerts] = useState<OutboxAlert[] | null>(null);
  useEffect(() => {
    let alive = true;
    // One read at a time; changes during a read (or within OUTBOX_REFRESH_MS of its end)
    // ask for one more read, not one each.
    let reading = false;
    let stale = false;
    let lastRead = -Infinity;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      timer = null;
      reading = true;
      stale = false;
      listAlerts()
        .then(
          (list) => alive && setAlerts(list),
          () => alive && setAlerts([]),
        )
        .finally(() => {
          reading = false;
          lastRead = performance.now();
          if (stale && alive) load();
        });
    };
    const load = () => {
      if (reading) {
        stale = true;
        return;
      }
      if (timer !== null) return;
      const wait = lastRead + OUTBOX_REFRESH_MS - performance.now();
      if (wait <= 0) read();
      else timer = setTimeout(read, wait);
    };
    load();
    const stop = subscribeOutbox(load);
    return () => {
      alive = false;
      if (timer !== null) clearTimeout(timer);
      stop();
    };
  }, []);
  return alerts;
}

export function usePendingAlertCount(): number {
  const alerts = useOutboxAlerts();
  return alerts === null ? 0 : alerts.filter((a) => a.state !== 'sent').length;
}
