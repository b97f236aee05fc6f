/**
 * The answers of the submitted inspections as a source of the synthesis
 * (_platform/synthesis-sources.ts): one row per answered question, by family, form, question
 * (the form's question, named as its revision wrote it), site, site type and month submitted;
 * counted, with the items failed ("non conforme": the question is among the inspection's failed
 * items as the engine scored them at submit) and their rate. A cell opens the managers'
 * inspection list (submitted ones) with the same family, form, site and month; not a question
 * (that list has no such filter).
 */
import { cellPeriod, cellSearch, withDays } from '../_platform/synthesis-sources.js';
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import type { SynthesisSource } from '../_platform/synthesis-sources.js';

const FAILED = `i.failed_items @> jsonb_build_array(jsonb_build_object('questionKey', q.key))`;
const LABEL = `(select qq->>'label' from jsonb_array_elements(tv.sections) sec, jsonb_array_elements(sec->'questions') qq where qq->>'key' = q.key limit 1)`;
const LIST_FIELDS: Readonly<Record<string, string>> = { family: 'family', template: 'template', site: 'site' };

export const answersSynthesis: SynthesisSource = {
  id: 'answers',
  features: ['questionnaires', 'securesphere'],
  from: 'inspections i cross join lateral jsonb_each(i.answers) q (key, answer)',
  joins: [
    { alias: 'tv', sql: 'join questionnaire_template_versions tv on tv.template_id = i.template_id and tv.version = i.template_version' },
    { alias: 't', sql: 'join questionnaire_templates t on t.id = i.template_id' },
    { alias: 's', sql: 'left join sites s on s.id = i.site_id' },
    { alias: 'st', sql: 'left join site_types st on st.id = s.site_type_id' },
  ],
  // A table not split by question reads one row per inspection: its stored answer count and
  // failed items' count (the failed items are answered questions, one each), from the covering
  // index inspections_synthesis_idx (migration 6), instead of unfolding every answer.
  rollup: {
    from: 'inspections i',
    where: "i.deleted_at is null and i.status = 'submitted' and i.answer_count > 0",
    unless: ['question'],
    measures: {
      count: { sql: 'coalesce(sum(i.answer_count), 0)', kind: 'count' },
      failed: { sql: 'coalesce(sum(i.failed_count), 0)', kind: 'count' },
      failedRate: { sql: '100.0 * sum(i.failed_count) / nullif(sum(i.answer_count), 0)', kind: 'rate' },
    },
  },
  district: 'i.district_id',
  where: "i.deleted_at is null and i.status = 'submitted'",
  date: { sql: 'i.submitted_at', type: 'timestamptz' },
  dimensions: {
    family: { value: 'i.family', type: 'text', values: ['questionnary', 'securesphere'] },
    template: { value: 'i.template_id::text', label: 't.name', type: 'id' },
    question: { value: "i.template_id::text || '/' || q.key", label: LABEL, type: 'text' },
    site: { value: 'i.site_id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    month: { value: `to_char(i.submitted_at at time zone '${DISTRICT_TIME_ZONE}', 'YYYY-MM')`, type: 'month', monthStart: 'i.submitted_month' },
  },
  measures: {
    count: { sql: 'count(*)', kind: 'count' },
    failed: { sql: `count(*) filter (where ${FAILED})`, kind: 'count' },
    failedRate: { sql: `100.0 * count(*) filter (where ${FAILED}) / nullif(count(*), 0)`, kind: 'rate' },
  },
  list: {
    link: 'manageInspections',
    search: (values, period) => {
      const search = cellSearch(values, LIST_FIELDS, { base: { status: 'submitted' }, dated: true });
      return search && withDays(search, cellPeriod(values, period));
    },
  },
};
