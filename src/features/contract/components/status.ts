/** How a contract's status and notice deadline show (chips' tones, the deadline's urgency), computed on the device's day. */
import { daysFrom } from '../../../../common/modules/contract/deadline';
import { NOTICE_SOON_DAYS, type ContractStatus } from '../../../../common/modules/contract/schemas';
import type { StatusTone } from '../../../components/module/StatusChip';

export const STATUS_TONES: Record<ContractStatus, StatusTone> = { draft: 'neutral', active: 'success', toRenew: 'warning', terminated: 'neutral', expired: 'danger' };

/** Today on the device, YYYY-MM-DD (its own calendar day). */
export const deviceToday = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** A notice deadline within NOTICE_SOON_DAYS (or past): highlighted. */
export const noticeSoon = (noticeOn: string | null, status: ContractStatus, today = deviceToday()): boolean =>
  noticeOn !== null && (status === 'active' || status === 'toRenew' || status === 'draft') && daysFrom(today, noticeOn) <= NOTICE_SOON_DAYS;

/** Euros from cents in the reader's language. */
export const formatMoney = (cents: number | null, language: string): string =>
  cents === null ? '' : new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
