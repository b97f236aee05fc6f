/**
 * What the shell loads of the notifications before their screen opens (module.ts: the start app/modules.ts runs):
 * the offline declaration, so the list is there without a network after an online login.
 */
import { registerNotificationsOffline } from './offline';

export function startNotificationsModule(): void {
  registerNotificationsOffline();
}
