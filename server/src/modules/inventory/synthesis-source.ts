/**
 * The inventory family as sources of the synthesis (_platform/synthesis-sources.ts):
 *
 * - `equipment`: live items of the district by category, article, site, site type, status,
 *   whether a check is due (`checkDue`: not retired and next check within CHECK_DUE_SOON_DAYS,
 *   overdue included, as the equipment list's "check due" filter) and month of the next check;
 *   counted, with the checks due and overdue. A cell opens the equipment list with the same
 *   site, category, article, status and "check due" (not a month: that list has no such filter).
 * - `checks`: the checks recorded on live items, by result, category, item, site, site type and
 *   month done; counted, failed, and the failed rate. No list shows checks across items: a cell
 *   of one item (grouped by item alone, no other filter nor period) opens that item's sheet, which
 *   lists all its checks; any other cell has no link.
 * - `stock`: the stock levels (article × area) by article, category, area, site and whether it
 *   is under its minimum; quantities summed, levels under their minimum counted. A cell opens the
 *   stock's article view: one article alone (its level in every area), or "under minimum" alone
 *   (the levels under their minimum); an area, a category, a site, a period or two fields at
 *   once have no such view: no link.
 * - `stockMoves`: the movements by kind, article, category, area, site and month; counted, with
 *   the quantities in and out. A cell of one article alone, without a period, opens its article
 *   view (its levels and its movements); no link for the rest (that view filters on nothing else).
 */
import { CHECK_DUE_SOON_DAYS, EQUIPMENT_STATUSES } from '../../../../common/modules/inventory/model.js';
import { MOVEMENT_KINDS } from '../../../../common/modules/inventory/stock.js';
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import { cellSearch, type SynthesisSource } from '../_platform/synthesis-sources.js';

const TODAY = `(now() at time zone '${DISTRICT_TIME_ZONE}')::date`;
const DUE = `(e.status <> 'retired' and e.next_check_on <= ${TODAY} + ${CHECK_DUE_SOON_DAYS})`;
const OVERDUE = `(e.status <> 'retired' and e.next_check_on < ${TODAY})`;
const EQUIPMENT_LIST: Readonly<Record<string, string>> = { site: 'site', category: 'category', article: 'article', status: 'status' };

export const equipmentSynthesis: SynthesisSource = {
  id: 'equipment',
  features: ['inventory', 'inventoryV2'],
  from: 'inventory_equipment e join inventory_articles a on a.id = e.article_id left join inventory_categories c on c.id = a.category_id left join sites s on s.id = e.site_id left join site_types st on st.id = s.site_type_id',
  district: 'e.district_id',
  where: 'e.deleted_at is null',
  date: { sql: 'e.next_check_on', type: 'date' },
  dimensions: {
    category: { value: 'a.category_id::text', label: 'c.name', type: 'id' },
    article: { value: 'e.article_id::text', label: 'a.name', type: 'id' },
    site: { value: 'e.site_id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    status: { value: 'e.status', type: 'text', values: EQUIPMENT_STATUSES },
    checkDue: { value: `case when ${DUE} then 'due' else 'notDue' end`, type: 'text', values: ['due', 'notDue'] },
    month: { value: "to_char(e.next_check_on, 'YYYY-MM')", type: 'month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    checksDue: { sql: `count(*) filter (where ${DUE})`, kind: 'count' },
    checksOverdue: { sql: `count(*) filter (where ${OVERDUE})`, kind: 'count' },
    overdueRate: { sql: `100.0 * count(*) filter (where ${OVERDUE}) / nullif(count(*) filter (where e.status <> 'retired' and e.next_check_on is not null), 0)`, kind: 'rate' },
  },
  list: {
    link: 'equipmentList',
    search: (values, period) => {
      if (period.from !== undefined || period.to !== undefined) return null;
      const search: Record<string, string> = {};
      for (const [field, value] of Object.entries(values)) {
        if (field === 'checkDue') {
          if (value !== 'due') return null;
          search.check = 'due';
          continue;
        }
        const param = EQUIPMENT_LIST[field];
        if (param === undefined || value === '') return null;
        search[param] = value;
      }
      return search;
    },
  },
};

export const checksSynthesis: SynthesisSource = {
  id: 'checks',
  features: ['inventory', 'inventoryV2'],
  from: 'inventory_checks k join inventory_equipment e on e.id = k.equipment_id join inventory_articles a on a.id = e.article_id left join inventory_categories c on c.id = a.category_id left join sites s on s.id = e.site_id left join site_types st on st.id = s.site_type_id',
  district: 'k.district_id',
  where: 'k.deleted_at is null and e.deleted_at is null',
  date: { sql: 'k.done_on', type: 'date' },
  dimensions: {
    result: { value: 'k.result', type: 'text', values: ['pass', 'fail'] },
    category: { value: 'a.category_id::text', label: 'c.name', type: 'id' },
    equipment: { value: 'k.equipment_id::text', label: 'e.name', type: 'id' },
    site: { value: 'e.site_id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    month: { value: "to_char(k.done_on, 'YYYY-MM')", type: 'month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    failed: { sql: "count(*) filter (where k.result = 'fail')", kind: 'count' },
    failedRate: { sql: "100.0 * count(*) filter (where k.result = 'fail') / nullif(count(*), 0)", kind: 'rate' },
  },
  list: {
    // The app's `equipmentSheet` link: the sheet of the item named by the search's `equipment`.
    link: 'equipmentSheet',
    search: (values, period) => (period.from !== undefined || period.to !== undefined ? null : cellSearch(values, { equipment: 'equipment' })),
  },
};

/** A stock cell's search on the stock's article view: one article, or "under minimum" alone; null otherwise. */
function stockArticleSearch(values: Readonly<Record<string, string>>, period: { from?: string; to?: string }, fields: 'levels' | 'moves'): Record<string, string> | null {
  if (period.from !== undefined || period.to !== undefined) return null;
  const entries = Object.entries(values);
  if (entries.length !== 1) return null;
  const [field, value] = entries[0]!;
  if (field === 'article' && value !== '') return { article: value };
  if (fields === 'levels' && field === 'level' && value === 'low') return { low: 'true' };
  return null;
}

const UNDER_MIN = '(l.min_quantity is not null and l.quantity < l.min_quantity)';

export const stockSynthesis: SynthesisSource = {
  id: 'stock',
  features: ['stock'],
  from: 'stock_levels l join inventory_articles a on a.id = l.article_id join stock_areas ar on ar.id = l.area_id left join inventory_categories c on c.id = a.category_id left join sites s on s.id = ar.site_id',
  district: 'l.district_id',
  where: 'a.deleted_at is null and ar.deleted_at is null',
  date: { sql: 'l.updated_at', type: 'timestamptz' },
  dimensions: {
    article: { value: 'l.article_id::text', label: 'a.name', type: 'id' },
    category: { value: 'a.category_id::text', label: 'c.name', type: 'id' },
    area: { value: 'l.area_id::text', label: 'ar.name', type: 'id' },
    site: { value: 'ar.site_id::text', label: 's.name', type: 'id' },
    level: { value: `case when ${UNDER_MIN} then 'low' else 'ok' end`, type: 'text', values: ['low', 'ok'] },
  },
  measures: {
    quantity: { sql: 'coalesce(sum(l.quantity), 0)', kind: 'sum' },
    levels: { sql: 'count(*)', kind: 'count' },
    lowLevels: { sql: `count(*) filter (where ${UNDER_MIN})`, kind: 'count' },
    lowRate: { sql: `100.0 * count(*) filter (where ${UNDER_MIN}) / nullif(count(*) filter (where l.min_quantity is not null), 0)`, kind: 'rate' },
  },
  list: { link: 'stockArticles', search: (values, period) => stockArticleSearch(values, period, 'levels') },
};

export const stockMovesSynthesis: SynthesisSource = {
  id: 'stockMoves',
  features: ['stock'],
  from: 'stock_movements m join inventory_articles a on a.id = m.article_id join stock_areas ar on ar.id = m.area_id left join inventory_categories c on c.id = a.category_id left join sites s on s.id = ar.site_id',
  district: 'm.district_id',
  where: 'true',
  date: { sql: 'm.at', type: 'timestamptz' },
  dimensions: {
    kind: { value: 'm.kind', type: 'text', values: MOVEMENT_KINDS },
    article: { value: 'm.article_id::text', label: 'a.name', type: 'id' },
    category: { value: 'a.category_id::text', label: 'c.name', type: 'id' },
    area: { value: 'm.area_id::text', label: 'ar.name', type: 'id' },
    site: { value: 'ar.site_id::text', label: 's.name', type: 'id' },
    month: { value: `to_char(m.at at time zone '${DISTRICT_TIME_ZONE}', 'YYYY-MM')`, type: 'month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    quantityIn: { sql: 'coalesce(sum(m.quantity) filter (where m.quantity > 0), 0)', kind: 'sum' },
    quantityOut: { sql: 'coalesce(-sum(m.quantity) filter (where m.quantity < 0), 0)', kind: 'sum' },
  },
  list: { link: 'stockArticles', search: (values, period) => stockArticleSearch(values, period, 'moves') },
};

export const inventorySynthesis: readonly SynthesisSource[] = [equipmentSynthesis, checksSynthesis, stockSynthesis, stockMovesSynthesis];
