/**
 * What the shell loads of the data-sharing area before any of its screens opens: its writes'
 * senders (writes queued earlier are delivered from any page) and its offline declaration (the
 * first pages of areas with each one's sheet).
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerKindsOffline } from '../../lib/record-kind';
import { can } from '../../lib/rights';
import { areas, DSA_MODULE, registerDsaSenders } from './kinds';

export function startDsaModule(): void {
  registerDsaSenders();
  const enabled = () => can(getEnvelopeState().rights, 'dsa');
  registerKindsOffline(DSA_MODULE, [areas.offlineDeclaration({ enabled, records: true })], enabled);
}
