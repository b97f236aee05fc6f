/**
 * The inspections as a source of the synthesis (_platform/synthesis-sources.ts): live inspections
 * of the district (questionnaires and Securesphere audits: the `family` field), by form, site,
 * site type, status, inspector and month (submitted, else due, else created); counted, with the
 * average score and the share failed of the submitted ones, and their failed items. A cell
 * opens the managers' inspection list with the same family, form, site, status and inspector;
 * with a period or a month only for submitted ones (that list's days are the submit day of a
 * submitted inspection, the due day of the others, where this source falls back on the
 * creation day).
 */
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import { cellPeriod, cellSearch, withDays, type SynthesisSource } from '../_platform/synthesis-sources.js';

const SUBMITTED = "i.status = 'submitted'";
const LIST_FIELDS: Readonly<Record<string, string>> = { family: 'family', template: 'template', site: 'site', status: 'status', assignee: 'assignee' };

export const inspectionsSynthesis: SynthesisSource = {
  id: 'inspections',
  features: ['questionnaires', 'securesphere'],
  from: 'inspections i join questionnaire_templates t on t.id = i.template_id left join sites s on s.id = i.site_id left join site_types st on st.id = s.site_type_id',
  district: 'i.district_id',
  where: 'i.deleted_at is null',
  date: { sql: 'coalesce(i.submitted_at, i.due_at, i.created_at)', type: 'timestamptz' },
  dimensions: {
    family: { value: 'i.family', type: 'text', values: ['questionnary', 'securesphere'] },
    template: { value: 'i.template_id::text', label: 't.name', type: 'id' },
    site: { value: 'i.site_id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    status: { value: 'i.status', type: 'text', values: ['todo', 'inProgress', 'submitted'] },
    assignee: { value: 'i.assignee_id::text', type: 'account' },
    month: { value: `to_char(coalesce(i.submitted_at, i.due_at, i.created_at) at time zone '${DISTRICT_TIME_ZONE}', 'YYYY-MM')`, type: 'month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    submitted: { sql: `count(*) filter (where ${SUBMITTED})`, kind: 'count' },
    averageScore: { sql: `avg(i.percent) filter (where ${SUBMITTED})`, kind: 'average' },
    failedRate: { sql: `100.0 * count(*) filter (where ${SUBMITTED} and i.passed = false) / nullif(count(*) filter (where ${SUBMITTED}), 0)`, kind: 'rate' },
    failedItems: { sql: `coalesce(sum(i.failed_count) filter (where ${SUBMITTED}), 0)`, kind: 'sum' },
  },
  list: {
    link: 'manageInspections',
    search: (values, period) => {
      const search = cellSearch(values, LIST_FIELDS, { dated: true });
      if (search === null) return null;
      const days = cellPeriod(values, period);
      // The list's dates are the day of submission: only the submitted inspections have one.
      if ((days.from !== undefined || days.to !== undefined) && search.status !== 'submitted') return null;
      return withDays(search, days);
    },
  },
};
