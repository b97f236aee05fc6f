/**
 * POST /api/emergency/sendInformations with `Idempotency-Key: <alert UUID>`. Only the outbox
 * drainer calls it: the same key goes with every attempt of one alert, so a repeat after a
 * lost answer gets the first answer back instead of a second share. The token is attached by
 * the api-client at send time. Rejects with an ApiError whose status the drainer classifies.
 */
import type { EmergencyPayload, EmergencySendResult } from '../../../../common/api-types';
import { IDEMPOTENCY_HEADER } from '../../../../common/constants';
import { apiPostWithProgress, type RequestContext } from '../../../lib/api-client';

// A big payload (inline images) on a slow link needs longer than ky's default 10 s.
const SEND_TIMEOUT_MS = 60_000;

export function sendInformations(key: string, payload: EmergencyPayload): Promise<EmergencySendResult> {
  // Inline images make this the app's largest send: the shell's progress bar shows a slow one
  // (indeterminate while the body goes: upload progress would need a streamed body, see
  // ProgressOptions.upload).
  return apiPostWithProgress<EmergencySendResult>('emergency/sendInformations', payload, { label: 'progress.emergency_send' }, {
    headers: { [IDEMPOTENCY_HEADER]: key },
    timeout: SEND_TIMEOUT_MS,
    // An alert belongs to the tenant it was created in: after a client or district change it
    // waits (the drainer gates on the token's tenant) instead of being replayed to the new one.
    context: { noTenantReplay: true } satisfies RequestContext,
  });
}
