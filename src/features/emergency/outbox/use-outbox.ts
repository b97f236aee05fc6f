/** The outbox as React state: every alert (oldest first) and the unsent count, kept current. */
import { useEffect, useState } from 'react';
import { listAlerts, subscribeOutbox, type OutboxAlert } from '../../../lib/outbox-db';

export function useOutboxAlerts(): OutboxAlert[] | null {
  const [alerts, setAlerts] = useState<OutboxAlert[] | null>(null);
  useEffect(() => {
    let alive = true;
    // A drain announces two changes per alert; with many alerts, reading the whole outbox
    // for each would be quadratic. One read at a time, and one more if changes came meanwhile.
    let reading = false;
    let stale = false;
    const load = () => {
      if (reading) {
        stale = true;
        return;
      }
      reading = true;
      stale = false;
      listAlerts()
        .then(
          (list) => alive && setAlerts(list),
          () => alive && setAlerts([]),
        )
        .finally(() => {
          reading = false;
          if (stale && alive) load();
        });
    };
    load();
    const stop = subscribeOutbox(load);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return alerts;
}

export function usePendingAlertCount(): number {
  const alerts = useOutboxAlerts();
  return alerts === null ? 0 : alerts.filter((a) => a.state !== 'sent').length;
}
