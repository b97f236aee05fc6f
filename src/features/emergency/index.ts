/**
 * What the app layer may use from the emergency feature (features do not import each other):
 * - pendingAlertCount(): unsent alerts, for the disconnect confirmation;
 * - startOutboxDrainer(): on app start after login/restore;
 * - triggerOutboxDrain(): on socket connect and after a successful reconnect;
 * - useEmergencyOfflineData(): the shell keeps the dialog's data on the device (offline-data.ts).
 */
export { pendingAlertCount } from './outbox/queue';
export { startOutboxDrainer, triggerOutboxDrain, OUTBOX_SYNC_MESSAGE } from './outbox/drainer';
export { useEmergencyOfflineData } from './offline-data';
