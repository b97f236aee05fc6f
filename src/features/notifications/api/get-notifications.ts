/** GET /api/notifications?offset&limit: the full list, newest first (docs/api.md). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';
import { NOTIFICATION_KEYS } from './keys';

/** The server's page size limit. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export interface NotificationListItem extends NotificationItem {
  kind: 'general' | 'workflow';
  readAt: string | null;
}

export interface NotificationPage {
  items: NotificationListItem[];
  total: number;
}

export function getNotificationsRequest(offset = 0, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationPage> {
  return apiGet<NotificationPage>('notifications', { searchParams: { offset, limit } });
}

/** Kept offline (meta.offline; the first page by the feature's offline declaration, offline.ts). */
export const notificationsQueryOptions = (offset = 0, limit = NOTIFICATIONS_PAGE_SIZE) =>
  queryOptions({ queryKey: NOTIFICATION_KEYS.list(offset, limit), queryFn: () => getNotificationsRequest(offset, limit), meta: { offline: true } });

export const useNotifications = (offset = 0) => useQuery(notificationsQueryOptions(offset));
