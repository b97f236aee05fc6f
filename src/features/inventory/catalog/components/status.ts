/** How an item's status and its check show (chips' tones), computed on the device's day with the shared rule (common/modules/inventory/catalog.ts). */
import type { CheckState } from '../../../../../common/modules/inventory/catalog';
import type { EquipmentStatus } from '../../../../../common/modules/inventory/model';
import type { StatusTone } from '../../../../components/module/StatusChip';

export const STATUS_TONES: Record<EquipmentStatus, StatusTone> = { inService: 'success', outOfOrder: 'danger', inRepair: 'warning', retired: 'neutral' };
export const CHECK_TONES: Record<CheckState, StatusTone> = { none: 'neutral', ok: 'success', due: 'warning', overdue: 'danger' };

/** Today on the device, YYYY-MM-DD (its own calendar day). */
export const deviceToday = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
