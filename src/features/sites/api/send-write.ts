/**
 * What every Sites write shares: the method, the path, the body, and the outbox item's
 * idempotency key in its header (the server answers a replay with the first answer). Only
 * the senders (../senders.ts) call the write endpoints: screens queue writes in the outbox.
 */
import { requestEnvelope } from '../../../lib/api-client';

/**
 * common/schemas/platform.ts's IDEMPOTENCY_HEADER (a test checks they agree): importing that
 * module builds the contract's schemas, which would bring TypeBox into every Sites screen.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export async function sendWrite<T>(method: 'post' | 'patch' | 'put' | 'delete', path: string, body: unknown, idempotencyKey: string): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, {
    ...(body === undefined ? {} : { json: body }),
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  return envelope.data;
}

export const sitePath = (id: string, rest = '') => `sites/${encodeURIComponent(id)}${rest}`;
