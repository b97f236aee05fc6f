/**
 * A member's dated work over a range of days (the calendar, and its iCal feed): its actions by
 * due day (assigned to it, with the actions read power: open ones and closed ones, not the
 * cancelled), its inspections to do or in progress by due time (assigned to it, in the families
 * it fills). Each kind only with its power; days are the district's (_platform/dates.ts).
 */
import { actionPowers } from '../../../common/modules/actions/access.js';
import { OPEN_STATUSES } from '../../../common/modules/actions/schemas.js';
import { questionnairePowers } from '../../../common/modules/questionnaires/access.js';
import type { CalendarItem } from '../../../common/schemas/calendar.js';
import type { Queryable } from '../db/types.js';
import { CALENDAR_EVENTS } from '../modules/index.js';
import { addDays, districtToday, startOfDistrictDay } from '../modules/_platform/dates.js';

export interface CalendarScope {
  db: Queryable;
  districtId: string;
  accountId: string;
  rights: readonly string[];
}

/** The member's items due from `from` to `to` (days, both included), by date then time; `now` decides what is overdue. */
export async function calendarItems(scope: CalendarScope, from: string, to: string, now: Date = new Date()): Promise<CalendarItem[]> {
  const today = districtToday(now);
  const items: CalendarItem[] = [];
  if (actionPowers(scope.rights).own) {
    // actions_assignee_idx: (district, assignee, status, due day); the four statuses shown.
    const { rows } = await scope.db.query<{ id: string; title: string; due_on: string; status: string; site_name: string | null }>(
      `select a.id, a.title, a.due_on::text as due_on, a.status, s.name as site_name
         from actions a left join sites s on s.id = a.site_id
        where a.district_id = $1 and a.assignee_id = $2 and a.deleted_at is null
          and a.status in ('todo', 'inProgress', 'done', 'verified')
          and a.due_key between $3::date and $4::date`,
      [scope.districtId, scope.accountId, from, to],
    );
    for (const row of rows) {
      const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
      items.push({ kind: 'action', id: row.id, title: row.title, date: row.due_on, at: null, status: row.status, overdue: open && row.due_on < today, siteName: row.site_name });
    }
  }
  const families = questionnairePowers(scope.rights).fill;
  if (families.length > 0) {
    // inspections_assignee_idx: (district, assignee, status).
    const { rows } = await scope.db.query<{ id: string; template_name: string; due_at: Date; status: string; site_name: string | null }>(
      `select i.id, t.name as template_name, i.due_at, i.status, s.name as site_name
         from inspections i
         join questionnaire_templates t on t.id = i.template_id
         left join sites s on s.id = i.site_id
        where i.district_id = $1 and i.assignee_id = $2 and i.deleted_at is null and i.status in ('todo', 'inProgress')
          and i.family = any($3::text[]) and i.due_at >= $4 and i.due_at < $5`,
      [scope.districtId, scope.accountId, families, startOfDistrictDay(from), startOfDistrictDay(addDays(to, 1))],
    );
    for (const row of rows) {
      const at = new Date(row.due_at);
      items.push({ kind: 'inspection', id: row.id, title: row.template_name, date: districtToday(at), at: at.toISOString(), status: row.status, overdue: at < now, siteName: row.site_name });
    }
  }
  // The modules' events (a contract's notice deadline and end).
  for (const source of CALENDAR_EVENTS) items.push(...(await source.items(scope, from, to, now)));
  // By day; in a day, inspections at their time after the actions due that day, then by title.
  return items.sort((a, b) => a.date.localeCompare(b.date) || (a.at ?? '').localeCompare(b.at ?? '') || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}
