/**
 * The inventory family's audit part at the shell's start: the audits' senders (a scan queued
 * earlier is delivered from any page) and two offline declarations: the scan index (large in a
 * big district: kept on the device, read from it when a scan screen asks, not restored at each
 * start) and the audits (the list, and each open audit's expected items and scans).
 */
import type { AuditRow } from '../../../../common/modules/inventory/audit';
import { getEnvelopeState } from '../../../lib/envelope-store';
import { registerOfflineData, type AnyFetchOptions } from '../../../lib/offline-declarations';
import { can } from '../../../lib/rights';
import { AUDITS_KEY, auditQueryOptions, auditsQueryOptions, registerAuditSenders, SCAN_INDEX_KEY, scanIndexQueryOptions } from './api';

/** Open audits whose sheet is kept on the device at most. */
const OPEN_AUDITS_KEPT = 20;

export function startAudit(): void {
  registerAuditSenders();
  const enabled = () => {
    const rights = getEnvelopeState().rights;
    return can(rights, 'inventoryV2') || can(rights, 'inventory');
  };
  registerOfflineData({ module: 'inventory-scan', persist: [SCAN_INDEX_KEY], lists: () => [scanIndexQueryOptions()], enabled, onDemand: true });
  registerOfflineData({
    module: 'inventory-audits',
    persist: [AUDITS_KEY],
    lists: () => [auditsQueryOptions()],
    records: ([audits]) =>
      ((audits ?? []) as AuditRow[])
        .filter((a) => a.status === 'open')
        .slice(0, OPEN_AUDITS_KEPT)
        .map((a) => auditQueryOptions(a.id) as unknown as AnyFetchOptions),
    enabled,
  });
}
