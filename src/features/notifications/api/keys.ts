/** The query keys of the notifications feature, written once: invalidating the root refreshes them all. */
export const NOTIFICATION_KEYS = {
  root: ['notifications'] as const,
  /** Every page of the full list. */
  lists: ['notifications', 'list'] as const,
  list: (offset: number, limit: number) => ['notifications', 'list', offset, limit] as const,
  lastUnread: ['notifications', 'lastUnread'] as const,
  unreadCount: ['notifications', 'unreadCount'] as const,
};
