/** The 360 stages a site's plans and tours show (_platform/site-records.ts): the site's panoramas, by name. */
import type { SiteRecordSource } from '../_platform/site-records.js';

export const stageSiteRecords: SiteRecordSource[] = [
  {
    kind: 'stage',
    features: ['sites'],
    ofSite: async (db, districtId, siteId, limit) =>
      (
        await db.query<{ id: string; title: string }>(
          `select st.id, st.name as title from site_stages st join sites s on s.id = st.site_id
            where s.district_id = $1 and st.site_id = $2 and st.kind = 'threeSixty' and s.deleted_at is null order by st.position, st.name limit $3`,
          [districtId, siteId, limit],
        )
      ).rows,
    titles: async (db, districtId, ids) => {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<{ id: string; title: string }>(
        `select st.id, st.name as title from site_stages st join sites s on s.id = st.site_id where s.district_id = $1 and st.id = any($2::uuid[]) and s.deleted_at is null`,
        [districtId, [...ids]],
      );
      return new Map(rows.map((row) => [row.id, row.title]));
    },
  },
];
