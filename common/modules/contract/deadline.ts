/**
 * A contract's current term on a day, and its notice deadline (docs/contract.md): the end date
 * minus the notice period; a tacitly renewed contract past its end is in a later term, whose end
 * is the end date moved forward by whole renewal periods until it is on or after the day. Pure
 * (calendar days as YYYY-MM-DD, no time zone), used by the server (its lists, job, reminders and
 * calendar) and the app (the sheet, offline).
 */

export interface ContractTermInput {
  /** The end date written on the contract (its first term's end); null: open-ended. */
  endOn: string | null;
  tacitRenewal: boolean;
  /** The renewal period of a tacitly renewed contract, in months (null or 0: it does not roll). */
  renewalMonths: number | null;
  /** The notice period, in days before the term's end. */
  noticeDays: number;
}

export interface ContractTerm {
  /** The current term's end on the day (the end date itself when not renewed, even past). */
  endOn: string;
  /** The last day to give notice for this term: `endOn` − the notice period. */
  noticeOn: string;
  /** How many tacit renewals took the end date to `endOn` (0: the first term). */
  renewals: number;
}

const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const format = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** `day` plus `months` calendar months, kept within the month (31 January + 1 month: 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parse(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

/** `day` plus `days` (negative: before). */
export function addDaysTo(day: string, days: number): string {
  const { y, m, d } = parse(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is before). */
export function daysFrom(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/**
 * The term in force on `today`: none for an open-ended contract; otherwise its end and notice
 * deadline. A tacitly renewed contract whose end is before `today` rolls by its renewal period
 * (always counted from the written end date, so 31 January rolls to 28 February then 31 March).
 */
export function contractTerm(contract: ContractTermInput, today: string): ContractTerm | null {
  if (!contract.endOn) return null;
  let endOn = contract.endOn;
  let renewals = 0;
  const months = contract.renewalMonths ?? 0;
  if (contract.tacitRenewal && months > 0 && endOn < today) {
    // A first guess from the months between, then step to the first end on or after today.
    const gap = (parse(today).y - parse(endOn).y) * 12 + (parse(today).m - parse(endOn).m);
    renewals = Math.max(0, Math.floor(gap / months) - 1);
    endOn = addMonths(contract.endOn, renewals * months);
    while (endOn < today) {
      renewals += 1;
      endOn = addMonths(contract.endOn, renewals * months);
    }
  }
  return { endOn, noticeOn: addDaysTo(endOn, -Math.max(0, contract.noticeDays)), renewals };
}
