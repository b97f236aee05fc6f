/**
 * What the shell loads of Declarations before any Declarations screen opens
 * (module.ts: the start app/modules.ts runs): its senders, so reports queued earlier are delivered from any
 * page, and its offline declaration, so the templates and recent declarations are there
 * without a network after an online login. Small: requests and query options, never a screen.
 */
import { registerDeclarationsOffline } from './offline';
import { registerDeclarationSenders } from './senders';

export function startDeclarationsModule(): void {
  registerDeclarationSenders();
  registerDeclarationsOffline();
}
