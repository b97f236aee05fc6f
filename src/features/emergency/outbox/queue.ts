/**
 * Confirm → the outbox: the alert is written to IndexedDB (one transaction) before any network
 * call, persistent storage is requested, then the drainer is woken. The token is not stored:
 * only the tenant it names (client database, district, account), which gates the send.
 */
import type { EmergencyPayload } from '../../../../common/api-types';
import { NoSessionError, requestPersistentStorage } from '../../../lib/outbox/enqueue';
import { requestOutboxSync } from '../../../lib/sw-bridge';
import { addAlert, deleteAlert, listAlerts, updateAlert, type OutboxAlert } from './alerts';
import { currentTenant, triggerOutboxDrain } from './drainer';

export { NoSessionError };

export async function queueAlert(payload: EmergencyPayload): Promise<OutboxAlert> {
  const tenant = currentTenant();
  if (tenant === null) throw new NoSessionError('token_invalid');
  const alert = await addAlert({ key: crypto.randomUUID(), payload, ...tenant, createdAt: Date.now() });
  void requestPersistentStorage();
  void requestOutboxSync();
  void triggerOutboxDrain();
  return alert;
}

/** Unsent alerts on this device (queued, sending or failed), any tenant. */
export async function pendingAlertCount(): Promise<number> {
  return (await listAlerts()).filter((a) => a.state !== 'sent').length;
}

/** A failed alert goes back to the queue with the same key (the server deduplicates). */
export async function retryAlert(key: string): Promise<void> {
  await updateAlert(key, { state: 'queued', lastError: null, lastStatus: null });
  void triggerOutboxDrain();
}

export const discardAlert = (key: string): Promise<void> => deleteAlert(key);
