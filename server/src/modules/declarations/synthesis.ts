/**
 * The declarations as a source of the synthesis (_platform/synthesis-sources.ts): live
 * declarations of the district, by site, site type, form, severity, status, assignee and month
 * of occurrence; counted, with the share of serious ones (high or critical) and of closed ones.
 * A cell opens the declarations' list with the same filters (its address: site, template,
 * severity, status, from and to), when the list has filters for the cell's fields.
 */
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import { cellPeriod, cellSearch, withDays, type SynthesisSource } from '../_platform/synthesis-sources.js';

const LIST_FIELDS: Readonly<Record<string, string>> = { site: 'site', template: 'template', severity: 'severity', status: 'status' };

export const declarationsSynthesis: SynthesisSource = {
  id: 'declarations',
  features: ['declarations'],
  from: 'declarations d',
  // Read only by the tables that name them: by severity and month, the covering index alone
  // (declarations_synthesis_idx, migration 3).
  joins: [
    { alias: 't', sql: 'join declaration_templates t on t.id = d.template_id' },
    { alias: 's', sql: 'left join sites s on s.id = d.site_id' },
    { alias: 'st', sql: 'left join site_types st on st.id = s.site_type_id' },
  ],
  district: 'd.district_id',
  where: 'd.deleted_at is null',
  date: { sql: 'd.occurred_at', type: 'timestamptz' },
  dimensions: {
    site: { value: 'd.site_id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    template: { value: 'd.template_id::text', label: 't.name', type: 'id' },
    severity: { value: 'd.severity', type: 'text', values: ['low', 'medium', 'high', 'critical'] },
    status: { value: 'd.status', type: 'text', values: ['new', 'acknowledged', 'investigating', 'closed'] },
    assignee: { value: 'd.assignee_id::text', type: 'account' },
    month: { value: `to_char(d.occurred_at at time zone '${DISTRICT_TIME_ZONE}', 'YYYY-MM')`, type: 'month', monthStart: 'd.occurred_month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    seriousRate: { sql: "100.0 * count(*) filter (where d.severity in ('high', 'critical')) / nullif(count(*), 0)", kind: 'rate' },
    closedRate: { sql: "100.0 * count(*) filter (where d.status = 'closed') / nullif(count(*), 0)", kind: 'rate' },
  },
  list: {
    link: 'declarations',
    search: (values, period) => {
      const search = cellSearch(values, LIST_FIELDS, { dated: true });
      return search && withDays(search, cellPeriod(values, period));
    },
  },
};
