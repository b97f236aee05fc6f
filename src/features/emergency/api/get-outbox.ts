/**
 * GET /api/emergency/outbox: per-recipient delivery of the district's latest e-mails. The
 * outbox view asks once for the latest page and matches rows to its alerts by
 * idempotencyKey (one request for the whole list, not one per alert).
 */
import { queryOptions } from '@tanstack/react-query';
import type { EmergencyMailItem } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

/** The server's maximum page size. */
export const MAIL_OUTBOX_PAGE = 100;

export interface MailOutboxPage {
  items: EmergencyMailItem[];
  total: number;
}

export function getMailOutbox(): Promise<MailOutboxPage> {
  return apiGet<MailOutboxPage>('emergency/outbox', { searchParams: { limit: MAIL_OUTBOX_PAGE } });
}

export const mailOutboxQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['emergency', 'mailOutbox'],
    queryFn: getMailOutbox,
    enabled,
    // Delivery moves on its own (the mail worker): poll while the view is open.
    refetchInterval: 15_000,
  });
