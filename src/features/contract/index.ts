/**
 * What the shell loads of Contracts before any Contracts screen opens: its writes' senders, so
 * writes queued earlier are delivered from any page, and its offline declaration (the first
 * pages of contracts with each one's sheet, and the templates). No screen.
 */
import { getEnvelopeState } from '../../lib/envelope-store';
import { registerKindsOffline } from '../../lib/record-kind';
import { can } from '../../lib/rights';
import type { AnyFetchOptions } from '../../lib/offline-declarations';
import { choicesQueryOptions, CONTRACT_MODULE, contracts, registerContractSenders, templates } from './kinds';

export function startContractModule(): void {
  registerContractSenders();
  const enabled = () => can(getEnvelopeState().rights, 'contract');
  const choices = { persist: [choicesQueryOptions().queryKey], lists: () => [choicesQueryOptions() as unknown as AnyFetchOptions], enabled };
  registerKindsOffline(CONTRACT_MODULE, [contracts.offlineDeclaration({ enabled, records: true }), templates.offlineDeclaration({ enabled }), choices], enabled);
}
