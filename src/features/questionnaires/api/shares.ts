/**
 * Share links of a submitted report (server: modules/questionnaires/shares.ts): the list of an
 * inspection's links (never their tokens), making one and revoking one. Both writes are online
 * actions, a deliberate exception to the outbox: the link's token is answered once, at once,
 * and must be shown to the user then; queued for later, it could never be shown.
 */
import { queryOptions } from '@tanstack/react-query';
import { sharedReportPath, type ReportShare, type ReportShareCreated } from '../../../../common/modules/questionnaires/schemas';
import { IDEMPOTENCY_HEADER } from '../../../../common/constants';
import { apiGet, requestEnvelope } from '../../../lib/api-client';
import { questionnairesKeys } from './keys';

const sharesPath = (inspectionId: string) => `questionnaires/inspections/${encodeURIComponent(inspectionId)}/shares`;

/** How often an open list asks again while one of its e-mails waits in the mail outbox (its delivery tells no socket). */
export const SHARE_MAILS_WAITING_REFETCH_MS = 10_000;

/** Whether an e-mail of these links may still go (the row says it waits). */
export const sharesHaveWaitingMails = (shares: readonly ReportShare[]): boolean =>
  shares.some((share) => share.mails.some((mail) => mail.deliveries.some((d) => d.state === 'queued')));

export const reportSharesQueryOptions = (inspectionId: string) =>
  queryOptions({
    queryKey: questionnairesKeys.shares(inspectionId),
    queryFn: ({ signal }) => apiGet<ReportShare[]>(sharesPath(inspectionId), { signal }),
    staleTime: 30_000,
    // The row says "waiting to be sent" until the list is asked again: asked while one waits,
    // so it turns to "sent" or "not delivered" on an open page (not in the background).
    refetchInterval: (query) => (query.state.data && sharesHaveWaitingMails(query.state.data) ? SHARE_MAILS_WAITING_REFETCH_MS : false),
  });

/** One key per attempt: a retry of the same click by the HTTP channel is answered once. */
export async function createReportShare(inspectionId: string, expiresInDays: number): Promise<ReportShareCreated> {
  const envelope = await requestEnvelope<ReportShareCreated>('post', sharesPath(inspectionId), {
    json: { expiresInDays },
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
  return envelope.data;
}

export async function revokeReportShare(inspectionId: string, shareId: string): Promise<ReportShare> {
  const envelope = await requestEnvelope<ReportShare>('delete', `${sharesPath(inspectionId)}/${encodeURIComponent(shareId)}`, {
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
  return envelope.data;
}

/** Sends a link just made (its token: only who holds it may) by e-mail; answers the link with its sendings. */
export async function mailReportShare(inspectionId: string, shareId: string, token: string, recipients: string[]): Promise<ReportShare> {
  const envelope = await requestEnvelope<ReportShare>('post', `${sharesPath(inspectionId)}/${encodeURIComponent(shareId)}/mails`, {
    json: { token, recipients },
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });
  return envelope.data;
}

/**
 * The address to give away: the server's path under the app's origin (the public download is
 * served by the same server). Null when the answer has no token (an idempotent replay).
 */
export function shareUrl(created: Pick<ReportShareCreated, 'token' | 'path'>, origin: string): string | null {
  if (created.token === null) return null;
  return new URL(created.path ?? sharedReportPath(created.token), origin).toString();
}
