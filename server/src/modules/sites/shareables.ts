/**
 * What a third-party share link may share of a site (_platform/shareables.ts), read at the
 * moment the link is opened, in the site's district only:
 * - `site`: its general information (name, type, address, GPS, owner, description) and the
 *   files attached to the site itself (its photos), the stage panoramas left out;
 * - `stages`: its 3D and 360 stages by name, each 360 panorama uploaded as a file.
 * The item's id is the site's.
 */
import type { Queryable } from '../../db/types.js';
import { registerShareable, type SharedFile } from '../_platform/shareables.js';

const LABELS = {
  fr: { type: 'Type', address: 'Adresse', gps: 'Coordonnées GPS', owner: 'Propriétaire', description: 'Description', stages: 'Étapes', threeD: 'Étape 3D', threeSixty: 'Étape 360', noImage: 'sans image téléchargeable', stagesOf: 'Étapes 360 de' },
  en: { type: 'Type', address: 'Address', gps: 'GPS coordinates', owner: 'Owner', description: 'Description', stages: 'Stages', threeD: '3D stage', threeSixty: '360 stage', noImage: 'no downloadable image', stagesOf: '360 stages of' },
} as const;

interface SiteRow {
  name: string;
  description: string;
  full_address: string;
  gps_lat: number | null;
  gps_lng: number | null;
  owner_name: string;
  type_name: string | null;
}

async function liveSite(db: Queryable, districtId: string, id: string): Promise<SiteRow | null> {
  const { rows } = await db.query<SiteRow>(
    `select s.name, s.description, s.full_address, s.gps_lat, s.gps_lng, s.owner_name, t.name as type_name
       from sites s left join site_types t on t.id = s.site_type_id and t.deleted_at is null
      where s.id = $1 and s.district_id = $2 and s.deleted_at is null`,
    [id, districtId],
  );
  return rows[0] ?? null;
}

interface FileRow {
  id: string;
  name: string;
  type: string;
  size: string | number;
  completed_at: Date | null;
  created_at: Date;
}

const fileOf = (row: FileRow, path = '', name = row.name): SharedFile => ({
  attachmentId: row.id,
  name,
  type: row.type,
  size: Number(row.size),
  path,
  updatedAt: new Date(row.completed_at ?? row.created_at).toISOString(),
});

const extension = (name: string): string => /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';

export function registerSiteShareables(): void {
  registerShareable({
    kind: 'site',
    read: async (db, districtId, id, language) => {
      const site = await liveSite(db, districtId, id);
      if (!site) return null;
      const words = LABELS[language];
      const fields = [
        { label: words.type, value: site.type_name ?? '' },
        { label: words.address, value: site.full_address },
        { label: words.gps, value: site.gps_lat === null || site.gps_lng === null ? '' : `${site.gps_lat.toFixed(6)}, ${site.gps_lng.toFixed(6)}` },
        { label: words.owner, value: site.owner_name },
        { label: words.description, value: site.description },
      ].filter((f) => f.value.trim() !== '');
      const { rows } = await db.query<FileRow>(
        `select a.id, a.name, a.type, a.size, a.completed_at, a.created_at from attachments a
          where a.district_id = $1 and a.module = 'sites' and a.record_id = $2 and a.state = 'complete' and a.deleted_at is null
            and not exists (select 1 from site_stages st where st.site_id = $2 and st.attachment_id = a.id)
          order by a.created_at, a.id`,
        [districtId, id],
      );
      return { title: site.name, siteId: id, fields, files: rows.map((row) => fileOf(row)) };
    },
  });

  registerShareable({
    kind: 'stages',
    read: async (db, districtId, id, language) => {
      const site = await liveSite(db, districtId, id);
      if (!site) return null;
      const words = LABELS[language];
      const { rows } = await db.query<{ kind: 'threeD' | 'threeSixty'; name: string; has_image: boolean } & Partial<FileRow> & { attachment: string | null }>(
        `select st.kind, st.name, st.image is not null as has_image, a.id as attachment, a.id, a.name as file_name, a.type, a.size, a.completed_at, a.created_at
           from site_stages st
           left join attachments a on a.id = st.attachment_id and a.district_id = $2 and a.state = 'complete' and a.deleted_at is null
          where st.site_id = $1
          order by st.kind desc, st.position, st.name`,
        [id, districtId],
      );
      const fields = rows.map((row) => ({
        label: row.kind === 'threeD' ? words.threeD : words.threeSixty,
        value: row.kind === 'threeSixty' && row.attachment === null ? `${row.name} (${words.noImage})` : row.name,
      }));
      const files = rows.flatMap((row) =>
        row.attachment === null ? [] : [fileOf(row as unknown as FileRow, row.kind === 'threeD' ? '3D' : '360', `${row.name}${extension((row as unknown as { file_name: string }).file_name)}`)],
      );
      return { title: `${words.stagesOf} ${site.name}`, siteId: id, fields, files };
    },
  });
}
