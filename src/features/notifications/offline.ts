/**
 * What a user reads of the notifications without a network (MODULES.md "Reads, offline"), as the
 * feature's offline declaration (lib/offline-reads.ts runs it after login, at idle moments and on
 * reconnect): the list's first page, persisted in IndexedDB (the unread count and the bell's
 * last unread stay in the shell's small copy). A page further on is kept once read (meta.offline).
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerOfflineData, type OfflineDeclaration } from '../../lib/offline-declarations';
import { can } from '../../lib/rights';
import { notificationsQueryOptions } from './api/get-notifications';
import { NOTIFICATION_KEYS } from './api/keys';

export const NOTIFICATIONS_OFFLINE: OfflineDeclaration = {
  module: 'notifications',
  persist: [NOTIFICATION_KEYS.lists],
  lists: () => [notificationsQueryOptions()],
  enabled: () => can(getEnvelopeState().rights, 'notifications'),
};

export const registerNotificationsOffline = () => registerOfflineData(NOTIFICATIONS_OFFLINE);
