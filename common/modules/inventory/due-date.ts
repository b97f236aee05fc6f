/**
 * An item's periodic check, its due-date rule written once for the server and the app (no
 * schema here: the equipment list's and a site's panel's chunks import it without building the
 * catalog's TypeBox schemas).
 */
import { CHECK_DUE_SOON_DAYS, type EquipmentStatus } from './model';

const pad = (n: number) => String(n).padStart(2, '0');

/** `day` plus `months` calendar months (the 31st of a shorter month is its last day). */
export function addMonthsTo(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** `day` plus `days` days. */
export function addDaysTo(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * An item's next check: its last check (else its commissioning, else the day it was created)
 * plus its period in months (the item's own, else its category's). No period: no check (null).
 */
export function nextCheckOn(item: { lastCheckOn: string | null; commissionedOn: string | null; createdOn: string; periodMonths: number | null; categoryPeriodMonths: number | null }): string | null {
  const months = item.periodMonths ?? item.categoryPeriodMonths;
  if (months === null || months === undefined) return null;
  return addMonthsTo(item.lastCheckOn ?? item.commissionedOn ?? item.createdOn, months);
}

/** Where an item's check stands on `today`: none (no check, or retired), ok, due (within CHECK_DUE_SOON_DAYS), overdue (before today). */
export const CHECK_STATES = ['none', 'ok', 'due', 'overdue'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export function checkState(next: string | null, today: string, status: EquipmentStatus): CheckState {
  if (next === null || status === 'retired') return 'none';
  if (next < today) return 'overdue';
  if (next <= addDaysTo(today, CHECK_DUE_SOON_DAYS)) return 'due';
  return 'ok';
}
