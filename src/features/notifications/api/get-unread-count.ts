/**
 * GET /api/notifications/unreadCount: { unread, workflow }. Its envelope carries the same
 * counts, which the HTTP channel publishes to the envelope store, so the badges follow.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { NOTIFICATION_KEYS } from './keys';

export interface UnreadCount {
  unread: number;
  workflow: number;
}

export function getUnreadCountRequest(): Promise<UnreadCount> {
  return apiGet<UnreadCount>('notifications/unreadCount');
}

export const unreadCountQueryOptions = () => queryOptions({ queryKey: NOTIFICATION_KEYS.unreadCount, queryFn: getUnreadCountRequest });

export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQueryOptions(), enabled });
