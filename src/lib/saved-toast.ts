/**
 * The toast after a write was kept in the outbox (lib/outbox): it says what was saved, and only
 * offline that it is on this device and goes when the network is back; online the write leaves
 * at once, and "sent as soon as the network allows" was not true of anything the user could see.
 * An offline toast goes away as soon as a write is delivered: the network is back and what it
 * said no longer holds.
 */
import { getConnectionState } from './connectivity';
import { i18n } from './i18n';
import { onDelivered } from './outbox/db';
import { dismissToast, getToasts, showToast, subscribeToasts } from './toast';

/** Shows `message` (the module's "… saved"), with the offline sentence when the device is offline. */
export function showSavedToast(message: string): void {
  if (getConnectionState() !== 'offline') {
    showToast({ message, kind: 'success' });
    return;
  }
  const id = showToast({ message: `${message} ${i18n.t('common:toast.saved_offline')}`, kind: 'success' });
  const stopDelivery = onDelivered(() => {
    dismissToast(id);
    stop();
  });
  // The toast left on its own (its time, Close): nothing more to watch.
  const stopToasts = subscribeToasts(() => {
    if (!getToasts().some((toast) => toast.id === id)) stop();
  });
  function stop() {
    stopDelivery();
    stopToasts();
  }
}
