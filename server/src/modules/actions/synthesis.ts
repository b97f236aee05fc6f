/**
 * The actions as a source of the synthesis (_platform/synthesis-sources.ts): live actions of the
 * district, by plan, site, site type, status, priority, assignee and month of their due day;
 * counted, with the share of overdue ones (open past their due day, in the district's
 * calendar) and of finished ones. A cell opens the actions' list with the same filters where
 * its address has them (plan, site, status, priority, assignee; not a month).
 */
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import { cellSearch, type SynthesisSource } from '../_platform/synthesis-sources.js';

const OPEN = "a.status in ('todo', 'inProgress')";
const OVERDUE = `${OPEN} and a.due_on < (now() at time zone '${DISTRICT_TIME_ZONE}')::date`;
const LIST_FIELDS: Readonly<Record<string, string>> = { plan: 'plan', site: 'site', status: 'status', priority: 'priority', assignee: 'assignee' };

export const actionsSynthesis: SynthesisSource = {
  id: 'actions',
  features: ['actions', 'actionsV3'],
  from: 'actions a left join action_plans p on p.id = a.plan_id left join sites s on s.id = a.site_id left join site_types st on st.id = s.site_type_id',
  district: 'a.district_id',
  where: 'a.deleted_at is null',
  date: { sql: 'a.due_on', type: 'date' },
  dimensions: {
    plan: { value: 'a.plan_id::text', label: 'p.name', type: 'id' },
    site: { value: 'a.site_id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    status: { value: 'a.status', type: 'text', values: ['todo', 'inProgress', 'done', 'verified', 'cancelled'] },
    priority: { value: 'a.priority', type: 'text', values: ['low', 'normal', 'high', 'critical'] },
    assignee: { value: 'a.assignee_id::text', type: 'account' },
    month: { value: "to_char(a.due_on, 'YYYY-MM')", type: 'month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    overdue: { sql: `count(*) filter (where ${OVERDUE})`, kind: 'count' },
    overdueRate: { sql: `100.0 * count(*) filter (where ${OVERDUE}) / nullif(count(*), 0)`, kind: 'rate' },
    doneRate: { sql: "100.0 * count(*) filter (where a.status in ('done', 'verified')) / nullif(count(*), 0)", kind: 'rate' },
  },
  list: {
    link: 'actions',
    search: (values, period) => (period.from !== undefined || period.to !== undefined ? null : cellSearch(values, LIST_FIELDS, { base: { scope: 'all' } })),
  },
};
