/**
 * What the shell loads of Suppliers before any Suppliers screen opens: its kinds' senders, so
 * writes queued earlier are delivered from any page, and its offline declaration (the first
 * pages of active suppliers with each one's sheet, and the trades), so a field user reads a
 * supplier's phone and documents without a network. Requests and query options only, no screen.
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerKindsOffline } from '../../lib/record-kind';
import { can } from '../../lib/rights';
import { documents, SUPPLIER_MODULE, suppliers, trades } from './kinds';

export function startSupplierModule(): void {
  for (const kind of [trades, suppliers, documents]) kind.registerSenders();
  const enabled = () => can(getEnvelopeState().rights, 'supplier');
  registerKindsOffline(SUPPLIER_MODULE, [suppliers.offlineDeclaration({ enabled, records: true }), trades.offlineDeclaration({ enabled })], enabled);
}
