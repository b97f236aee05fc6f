/**
 * What the shell loads of the Sharing bank before any of its screens opens: its writes' senders
 * (a reading made offline is delivered from any page) and its offline declaration: the library
 * and every resource's sheet (files listed, the caller's reading), so a member reads and
 * acknowledges on a phone without a network. No screen.
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerKindsOffline } from '../../lib/record-kind';
import { can } from '../../lib/rights';
import { groups, registerSharingBankSenders, resources, SHARING_MODULE } from './kinds';

export function startSharingBankModule(): void {
  registerSharingBankSenders();
  const enabled = () => can(getEnvelopeState().rights, 'sharingBank');
  const managing = () => can(getEnvelopeState().rights, 'sharingBank', 'manage');
  registerKindsOffline(SHARING_MODULE, [resources.offlineDeclaration({ enabled, records: true }), groups.offlineDeclaration({ enabled: managing })], enabled);
}
