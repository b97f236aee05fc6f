/**
 * A site's records by kind, for the modules that place them on a site's pictures: the 2D plans'
 * pins (server/src/modules/plan2d) and the 360 tours' markers (server/src/modules/view360). The
 * module that owns a kind of record (the inventory's equipment, the map's points of interest,
 * declarations, actions, the sites' 360 stages, contacts, files) gives, through its descriptor's
 * `siteRecords`, how to list a site's records of that kind and how to name them, with the
 * features whose read right shows them. Plans and tours read this registry only, never the
 * owner's tables by themselves.
 */
import type { Feature } from '../../../../common/rights.js';
import type { Queryable } from '../../db/types.js';

export interface SiteRecordSource {
  /** The kind (a plan's layer, common/modules/plan2d/schemas.ts PIN_KINDS; a marker's, view360 MARKER_KINDS). */
  kind: string;
  /** A reader sees the records of this kind with the read right of one of these features. */
  features: readonly Feature[];
  /** The site's records of this kind (not deleted), by title, at most `limit`. */
  ofSite: (db: Queryable, districtId: string, siteId: string, limit: number) => Promise<{ id: string; title: string }[]>;
  /** The titles of those of `ids` that are records of the district (not deleted). */
  titles: (db: Queryable, districtId: string, ids: readonly string[]) => Promise<Map<string, string>>;
  /** Who reported the record (a declaration): its author may place it on a plan of its site. */
  authorOf?: (db: Queryable, districtId: string, id: string) => Promise<string | null>;
}

const sources = new Map<string, SiteRecordSource>();

export function registerSiteRecords(added: readonly SiteRecordSource[]): void {
  for (const source of added) sources.set(source.kind, source);
}

export const siteRecordSource = (kind: string): SiteRecordSource | undefined => sources.get(kind);

/**
 * The source of a record table with `district_id`, `site_id`, `deleted_at` and a title column:
 * what most owner modules are.
 */
export function tableSiteRecords(spec: { kind: string; features: readonly Feature[]; table: string; title: string; author?: string }): SiteRecordSource {
  const { table, title } = spec;
  return {
    kind: spec.kind,
    features: spec.features,
    ofSite: async (db, districtId, siteId, limit) =>
      (
        await db.query<{ id: string; title: string }>(
          `select id, ${title} as title from ${table} where district_id = $1 and site_id = $2 and deleted_at is null order by ${title}, id limit $3`,
          [districtId, siteId, limit],
        )
      ).rows,
    titles: async (db, districtId, ids) => {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<{ id: string; title: string }>(`select id, ${title} as title from ${table} where district_id = $1 and id = any($2::uuid[]) and deleted_at is null`, [districtId, [...ids]]);
      return new Map(rows.map((row) => [row.id, row.title]));
    },
    ...(spec.author
      ? {
          authorOf: async (db: Queryable, districtId: string, id: string) => {
            const { rows } = await db.query<{ author: string }>(`select ${spec.author} as author from ${table} where district_id = $1 and id = $2`, [districtId, id]);
            return rows[0]?.author ?? null;
          },
        }
      : {}),
  };
}
