/** The emergency alerts as React state: every alert (oldest first) and the unsent count, kept current. */
import { useMemo } from 'react';
import { useOutboxItems } from '../../../lib/outbox/hooks';
import { isAlert, toAlert, type OutboxAlert } from './alerts';

export { OUTBOX_REFRESH_MS } from '../../../lib/outbox/hooks';

export function useOutboxAlerts(): OutboxAlert[] | null {
  const items = useOutboxItems();
  return useMemo(() => (items === null ? null : items.filter(isAlert).map(toAlert)), [items]);
}

export function usePendingAlertCount(): number {
  const alerts = useOutboxAlerts();
  return alerts === null ? 0 : alerts.filter((a) => a.state !== 'sent').length;
}
