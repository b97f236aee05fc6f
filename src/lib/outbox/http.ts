/**
 * The HTTP call of a record write, for the senders of the modules: the body as JSON, the
 * item's Idempotency-Key, the envelope's data back. Like the emergency send, a write belongs
 * to the tenant it was made in: after a client or district change it is not replayed to the
 * new one (the drainer waits for its tenant instead). Rejects with an ApiError, which the
 * drainer classifies (a 409 record.version_conflict runs the merge).
 */
import { IDEMPOTENCY_HEADER } from '../../../common/constants';
import { requestEnvelope, type RequestContext } from '../api-client';

export async function sendWrite<T>(
  method: 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body: unknown,
  idempotencyKey: string,
): Promise<T> {
  const envelope = await requestEnvelope<T>(method, path, {
    ...(body === undefined ? {} : { json: body }),
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    context: { noTenantReplay: true } satisfies RequestContext,
  });
  return envelope.data;
}
