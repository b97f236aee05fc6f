/** GET /api/notifications/lastUnread: the five newest unread general notifications (the bell menu). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';
import { NOTIFICATION_KEYS } from './keys';

export function getLastUnreadRequest(): Promise<NotificationItem[]> {
  return apiGet<NotificationItem[]>('notifications/lastUnread');
}

export const lastUnreadQueryOptions = () => queryOptions({ queryKey: NOTIFICATION_KEYS.lastUnread, queryFn: getLastUnreadRequest });

export const useLastUnread = (enabled: boolean) => useQuery({ ...lastUnreadQueryOptions(), enabled });
