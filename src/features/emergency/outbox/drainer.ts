/**
 * The emergency alerts on the one outbox (lib/outbox): this module registers the sender of
 * kind 'emergency.send' and keeps the names the emergency feature and its tests have always
 * used. The drainer itself (order, pipeline, Web Lock across tabs, tenant gate, failure
 * classes, triggers) is lib/outbox/drainer.ts; an alert's outcomes are unchanged:
 * 2xx → 'sent' with serverTime and shareIds (kept, listed on the outbox page); no answer,
 * 408, 409 emergency.in_flight, 429, 5xx → retried with backoff; 401 → waits for the next
 * login; any other 4xx → 'failed' until the user retries or discards it.
 */
import type { EmergencyPayload } from '../../../../common/api-types';
import { EMERGENCY_KIND } from '../../../lib/idb';
import { registerSender } from '../../../lib/outbox/registry';
import { currentTenant, sameTenant } from '../../../lib/outbox/tenant';
import type { OutboxTenant } from '../../../lib/outbox/types';
import { sendInformations } from '../api/send-informations';
import type { OutboxAlert } from './alerts';

export {
  OUTBOX_LOCK,
  OUTBOX_SYNC_MESSAGE,
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  SEND_CONCURRENCY,
  PAYLOAD_MISSING,
  backoffDelay,
  classify,
  triggerOutboxDrain,
  startOutboxDrainer,
  resetOutboxDrainer,
} from '../../../lib/outbox/drainer';
export { currentTenant };

export type SessionTenant = OutboxTenant;

export const belongsTo = (alert: OutboxAlert, tenant: SessionTenant): boolean => sameTenant(alert, tenant);

registerSender(
  EMERGENCY_KIND,
  async (_item, { payload, idempotencyKey }) => {
    const answer = await sendInformations(idempotencyKey, payload as EmergencyPayload);
    return { result: { serverTime: answer.serverTime, shareIds: answer.shareIds } };
  },
  { keepSent: true },
);
