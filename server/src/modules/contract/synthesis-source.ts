/**
 * The contracts as a source of the synthesis (_platform/synthesis-sources.ts): live contracts of
 * the district by supplier, type, status, owner and month of their current term's end; counted,
 * with their amounts summed (in the currency's units), those whose notice deadline falls within
 * 30 days (the "contracts to renew"), and the share of those. A cell opens the contracts' list
 * with the same supplier, type and status (not an owner nor a month: that list has no such
 * filter). The date of the period is the current term's end.
 */
import { CONTRACT_STATUSES, CONTRACT_TYPES } from '../../../../common/modules/contract/schemas.js';
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import { cellSearch, type SynthesisSource } from '../_platform/synthesis-sources.js';

const TODAY = `(now() at time zone '${DISTRICT_TIME_ZONE}')::date`;
/** Days before the notice deadline within which a contract is to renew (the contracts list's default "notice within"). */
export const RENEW_WITHIN_DAYS = 30;
const NOTICE_SOON = `(c.status in ('active', 'toRenew') and c.notice_on between ${TODAY} and ${TODAY} + ${RENEW_WITHIN_DAYS})`;
const LIST_FIELDS: Readonly<Record<string, string>> = { supplier: 'supplier', type: 'type', status: 'status' };

export const contractsSynthesis: SynthesisSource = {
  id: 'contracts',
  features: ['contract'],
  from: 'contracts c join suppliers su on su.id = c.supplier_id',
  district: 'c.district_id',
  where: 'c.deleted_at is null',
  date: { sql: 'c.term_end_on', type: 'date' },
  dimensions: {
    supplier: { value: 'c.supplier_id::text', label: 'su.name', type: 'id' },
    type: { value: 'c.type', type: 'text', values: CONTRACT_TYPES },
    status: { value: 'c.status', type: 'text', values: CONTRACT_STATUSES },
    owner: { value: 'c.owner_id::text', type: 'account' },
    month: { value: "to_char(c.term_end_on, 'YYYY-MM')", type: 'month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    amount: { sql: 'coalesce(sum(c.amount_cents), 0) / 100.0', kind: 'sum' },
    noticeSoon: { sql: `count(*) filter (where ${NOTICE_SOON})`, kind: 'count' },
    toRenewRate: { sql: `100.0 * count(*) filter (where c.status = 'toRenew' or ${NOTICE_SOON}) / nullif(count(*) filter (where c.status in ('active', 'toRenew')), 0)`, kind: 'rate' },
  },
  list: {
    link: 'contracts',
    search: (values, period) => (period.from !== undefined || period.to !== undefined ? null : cellSearch(values, LIST_FIELDS)),
  },
};
