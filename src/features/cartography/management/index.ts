/**
 * What the shell loads of Cartography management before any of its screens opens
 * (module.ts: the start app/modules.ts runs): the senders of its writes, so that writes queued earlier (offline,
 * or before a reload) are delivered from any page. Small: requests only, never a screen.
 */
import { registerIncidentSenders } from './incident-writes';
import { registerMapRecordSenders } from './record-writes';

export function startCartographyManagementModule(): void {
  registerMapRecordSenders();
  registerIncidentSenders();
}
