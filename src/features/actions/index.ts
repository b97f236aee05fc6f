/**
 * What the shell loads of the actions before any of their screens opens
 * (module.ts: the start app/modules.ts runs), for both modules that show them (Action plans, Actions V3): the
 * senders, so moves and photos queued earlier are delivered from any page, and the offline
 * declaration, so the caller's open actions are there without a network after an online
 * login. Small: requests and query options, never a screen.
 */
import { registerActionsOffline } from './offline';
import { registerActionSenders } from './senders';

export function startActionsModule(): void {
  registerActionSenders();
  registerActionsOffline();
}
