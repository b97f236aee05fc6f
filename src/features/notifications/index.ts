/**
 * What the shell loads of the notifications before their screen opens (authenticated.lazy.tsx):
 * the offline declaration, so the list is there without a network after an online login.
 */
import { registerNotificationsOffline } from './offline';

export function startNotificationsModule(): void {
  registerNotificationsOffline();
}
