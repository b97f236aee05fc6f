/**
 * What the app layer may use from the emergency feature (features do not import each other):
 * - pendingAlertCount(): unsent alerts, for the disconnect confirmation;
 * - startOutboxDrainer(): on app start after login/restore;
 * - triggerOutboxDrain(): on socket connect and after a successful reconnect;
 * - fetchEmergencySitesFirst(): the dialog's site list, as soon as the shell is up;
 * - useEmergencyOfflineData(): the dialog's data alone on the device (offline-data.ts; the shell
 *   runs every module's declaration with lib/offline-reads useOfflineData instead).
 * Importing this module registers the alerts' outbox sender (outbox/drainer.ts) and the
 * emergency offline declaration (offline-data.ts).
 */
export { pendingAlertCount } from './outbox/queue';
export { startOutboxDrainer, triggerOutboxDrain, OUTBOX_SYNC_MESSAGE } from './outbox/drainer';
export { fetchEmergencySitesFirst, useEmergencyOfflineData } from './offline-data';
