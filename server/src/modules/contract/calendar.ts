/**
 * The contracts' deadlines in their manager's calendar and iCal feed (the module's
 * `calendarEvents`, server/src/calendar): for a member with the contracts' read right, the
 * current term's notice deadline (`contractNotice`) and end (`contractEnd`) of the contracts it
 * manages that are in draft, active or to renew. A notice deadline past is overdue.
 */
import { contractPagePath } from '../../../../common/modules/contract/schemas.js';
import { can } from '../../../../common/rights.js';
import type { CalendarItem } from '../../../../common/schemas/calendar.js';
import { districtToday } from '../_platform/dates.js';
import type { CalendarEvents } from '../_platform/module.js';

export const contractCalendarEvents: CalendarEvents = {
  async items(reader, from, to, now) {
    if (!can(reader.rights, 'contract', 'read')) return [];
    const today = districtToday(now);
    // contracts_owner_idx: (district, owner, term end); the notice deadline is before the end.
    const { rows } = await reader.db.query<{ id: string; name: string; status: string; supplier_name: string; notice_on: string | null; term_end_on: string | null; site_names: string | null }>(
      `select t.id, t.name, t.status, s.name as supplier_name, t.notice_on::text as notice_on, t.term_end_on::text as term_end_on,
              (select string_agg(si.name, ', ' order by si.name) from sites si where si.id = any(t.site_ids)) as site_names
         from contracts t join suppliers s on s.id = t.supplier_id
        where t.district_id = $1 and t.owner_id = $2 and t.deleted_at is null and t.status in ('draft', 'active', 'toRenew')
          and ((t.notice_on between $3::date and $4::date) or (t.term_end_on between $3::date and $4::date))`,
      [reader.districtId, reader.accountId, from, to],
    );
    const items: CalendarItem[] = [];
    for (const row of rows) {
      const common = { id: row.id, title: `${row.name} (${row.supplier_name})`, at: null, status: row.status, siteName: row.site_names, path: contractPagePath(row.id) };
      if (row.notice_on && row.notice_on >= from && row.notice_on <= to) items.push({ ...common, kind: 'contractNotice', date: row.notice_on, overdue: row.notice_on < today });
      if (row.term_end_on && row.term_end_on >= from && row.term_end_on <= to) items.push({ ...common, kind: 'contractEnd', date: row.term_end_on, overdue: false });
    }
    return items;
  },
  words: {
    contractNotice: { fr: 'Préavis de contrat : ', en: 'Contract notice: ' },
    contractEnd: { fr: 'Fin de contrat : ', en: 'Contract end: ' },
  },
  statusWords: {
    draft: { fr: 'brouillon', en: 'draft' },
    active: { fr: 'en cours', en: 'active' },
    toRenew: { fr: 'à renouveler', en: 'to renew' },
  },
};
