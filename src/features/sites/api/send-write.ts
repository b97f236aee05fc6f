/**
 * What every Sites write shares: the method, the path, the body, and the outbox item's
 * idempotency key in its header (the server answers a replay with the first answer). Only
 * the senders (../senders.ts) call the write endpoints: screens queue writes in the outbox.
 */
import { IDEMPOTENCY_HEADER } from '../../../../common/schemas/platform';
import { requestEnvelope } from '../../../lib/api-client';

export async function sendWrite<T>(method: 'post' | 'patch' | 'put' | 'delete', path: string, body: unknown, idempotencyKey: string): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, {
    ...(body === undefined ? {} : { json: body }),
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return envelope.data;
}

export const sitePath = (id: string, rest = '') => `sites/${encodeURIComponent(id)}${rest}`;
