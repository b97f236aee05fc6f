/** The contacts a site's plans and tours show (_platform/site-records.ts): those with a role on the site, by name. */
import type { SiteRecordSource } from '../_platform/site-records.js';

export const contactSiteRecords: SiteRecordSource[] = [
  {
    kind: 'contact',
    features: ['contactV2'],
    ofSite: async (db, districtId, siteId, limit) =>
      (
        await db.query<{ id: string; title: string }>(
          `select distinct c.id, c.name as title from contacts c join contact_sites cs on cs.contact_id = c.id
            where c.district_id = $1 and cs.site_id = $2 and c.deleted_at is null order by c.name, c.id limit $3`,
          [districtId, siteId, limit],
        )
      ).rows,
    titles: async (db, districtId, ids) => {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<{ id: string; title: string }>('select id, name as title from contacts where district_id = $1 and id = any($2::uuid[]) and deleted_at is null', [districtId, [...ids]]);
      return new Map(rows.map((row) => [row.id, row.title]));
    },
  },
];
