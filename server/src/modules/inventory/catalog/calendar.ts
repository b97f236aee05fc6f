/**
 * The equipment's checks in the calendar and its iCal feed (the family's `calendarEvents`), and
 * the dashboard's "checks due" card: for a member with either family's read right, each live
 * item's next check in the window (`equipmentCheck`, overdue before the district's day).
 */
import { equipmentPagePath } from '../../../../../common/modules/inventory/catalog.js';
import { CHECK_DUE_SOON_DAYS } from '../../../../../common/modules/inventory/model.js';
import { can } from '../../../../../common/rights.js';
import type { CalendarItem } from '../../../../../common/schemas/calendar.js';
import { DASHBOARD_ROWS, type DashboardCard } from '../../../../../common/schemas/dashboard.js';
import { addDays, districtToday } from '../../_platform/dates.js';
import type { CalendarEvents, CalendarReader } from '../../_platform/module.js';

const readsInventory = (rights: readonly string[]) => can(rights, 'inventory', 'read') || can(rights, 'inventoryV2', 'read');
/** An item's checks shown in one calendar window at most. */
const CALENDAR_MAX = 500;

export const catalogCalendarEvents: CalendarEvents = {
  async items(reader, from, to, now) {
    if (!readsInventory(reader.rights)) return [];
    const today = districtToday(now);
    const { rows } = await reader.db.query<{ id: string; name: string; status: string; site_name: string | null; next_check_on: string }>(
      `select t.id, t.name, t.status, s.name as site_name, t.next_check_on::text as next_check_on
         from inventory_equipment t left join sites s on s.id = t.site_id
        where t.district_id = $1 and t.deleted_at is null and t.status <> 'retired' and t.next_check_on between $2::date and $3::date
        order by t.next_check_on, t.id limit ${CALENDAR_MAX}`,
      [reader.districtId, from, to],
    );
    return rows.map(
      (row): CalendarItem => ({ id: row.id, kind: 'equipmentCheck', title: row.name, date: row.next_check_on, at: null, status: row.status, siteName: row.site_name, path: equipmentPagePath(row.id), overdue: row.next_check_on < today }),
    );
  },
  words: { equipmentCheck: { fr: 'Vérification : ', en: 'Check: ' } },
  statusWords: {
    inService: { fr: 'en service', en: 'in service' },
    outOfOrder: { fr: 'hors service', en: 'out of order' },
    inRepair: { fr: 'en réparation', en: 'in repair' },
  },
};

/** The "checks due" card: the items whose check is due within CHECK_DUE_SOON_DAYS or overdue, soonest first. */
export async function catalogDashboardCards(reader: CalendarReader, today: string): Promise<DashboardCard[]> {
  if (!readsInventory(reader.rights)) return [];
  const params = [reader.districtId, addDays(today, CHECK_DUE_SOON_DAYS), today];
  const where = `t.district_id = $1 and t.deleted_at is null and t.status <> 'retired' and t.next_check_on <= $2::date`;
  const [{ rows: counts }, { rows }] = await Promise.all([
    reader.db.query<{ total: number; overdue: number }>(`select count(*)::int as total, count(*) filter (where t.next_check_on < $3::date)::int as overdue from inventory_equipment t where ${where}`, params),
    reader.db.query<{ id: string; name: string; site_name: string | null; next_check_on: string }>(
      `select t.id, t.name, s.name as site_name, t.next_check_on::text as next_check_on from inventory_equipment t left join sites s on s.id = t.site_id
        where ${where} and $3::date is not null order by t.next_check_on, t.id limit ${DASHBOARD_ROWS}`,
      params,
    ),
  ]);
  const total = counts[0]?.total ?? 0;
  const overdue = counts[0]?.overdue ?? 0;
  const base = can(reader.rights, 'inventoryV2', 'read') ? '/inventory-v2/equipment' : '/inventory/object';
  return [
    {
      id: 'inventory.checksDue',
      namespace: 'common',
      title: 'dashboard.cards.checksDue',
      count: total,
      tone: overdue > 0 ? 'danger' : total > 0 ? 'warning' : 'neutral',
      path: `${base}?check=due`,
      items: rows.map((row) => ({
        id: row.id,
        label: row.name,
        detail: row.site_name ?? '',
        day: row.next_check_on,
        tone: row.next_check_on < today ? 'danger' : 'warning',
        path: `${base}/${row.id}`,
      })),
    },
  ];
}
