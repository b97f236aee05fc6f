/**
 * The sites as a source of the synthesis (_platform/synthesis-sources.ts): the district's live
 * sites by site and site type, counted (and the dashboards' site and site type choices: the
 * same table grouped by either).
 */
import { DISTRICT_TIME_ZONE } from '../_platform/dates.js';
import type { SynthesisSource } from '../_platform/synthesis-sources.js';

export const sitesSynthesis: SynthesisSource = {
  id: 'sites',
  features: ['sites'],
  from: 'sites s left join site_types st on st.id = s.site_type_id',
  district: 's.district_id',
  where: 's.deleted_at is null',
  date: { sql: 's.created_at', type: 'timestamptz' },
  dimensions: {
    site: { value: 's.id::text', label: 's.name', type: 'id' },
    siteType: { value: 's.site_type_id::text', label: 'st.name', type: 'id' },
    month: { value: `to_char(s.created_at at time zone '${DISTRICT_TIME_ZONE}', 'YYYY-MM')`, type: 'month' },
  },
  measures: { count: { sql: 'count(*)', kind: 'count' } },
};
