/**
 * What a share link may share of the files (_platform/shareables.ts): a `folder` (the current
 * versions of its live documents, its live sub-folders' too, each with its `path` below the
 * shared folder) and a `document` (its current version). Only the district's live items, and
 * only complete uploads; anything else is null.
 */
import type { Queryable } from '../../db/types.js';
import { registerShareable, type SharedContent, type SharedFile } from '../_platform/shareables.js';

interface FileRow {
  attachment_id: string;
  name: string;
  type: string;
  size: string | number;
  path: string;
  updated_at: Date;
}

const toShared = (r: FileRow): SharedFile => ({ attachmentId: r.attachment_id, name: r.name, type: r.type, size: Number(r.size), path: r.path, updatedAt: new Date(r.updated_at).toISOString() });

const CURRENT_FILE = `join attachments a on a.id = d.current_version_id and a.district_id = d.district_id and a.state = 'complete' and a.deleted_at is null`;

const WORDS = {
  site: { fr: 'Site', en: 'Site' },
  folder: { fr: 'Dossier', en: 'Folder' },
  validUntil: { fr: 'Valide jusqu’au', en: 'Valid until' },
} as const;

export async function readSharedFolder(db: Queryable, districtId: string, id: string, language: 'fr' | 'en'): Promise<SharedContent | null> {
  const { rows } = await db.query<{ name: string; site_id: string | null; site_name: string | null }>(
    `select f.name, f.site_id, s.name as site_name from file_folders f left join sites s on s.id = f.site_id
      where f.id = $1 and f.district_id = $2 and f.deleted_at is null and f.site_id is not null`,
    [id, districtId],
  );
  const folder = rows[0];
  if (!folder) return null;
  const { rows: files } = await db.query<FileRow>(
    `with recursive down(id, path) as (
        select $1::uuid, ''::text
        union all select f.id, case when down.path = '' then f.name else down.path || '/' || f.name end
          from file_folders f join down on f.parent_id = down.id where f.deleted_at is null)
     select a.id as attachment_id, d.name, a.type, a.size, down.path, d.updated_at
       from down join file_documents d on d.folder_id = down.id and d.deleted_at is null and d.district_id = $2 ${CURRENT_FILE}
      order by down.path, vigie_fold(d.name), d.id`,
    [id, districtId],
  );
  return {
    title: folder.name,
    siteId: folder.site_id,
    fields: folder.site_name ? [{ label: WORDS.site[language], value: folder.site_name }] : [],
    files: files.map(toShared),
  };
}

export async function readSharedDocument(db: Queryable, districtId: string, id: string, language: 'fr' | 'en'): Promise<SharedContent | null> {
  const { rows } = await db.query<FileRow & { site_id: string; site_name: string; folder_name: string; valid_until: string | null }>(
    `select a.id as attachment_id, d.name, a.type, a.size, '' as path, d.updated_at, d.site_id, s.name as site_name, f.name as folder_name, d.valid_until::text as valid_until
       from file_documents d join file_folders f on f.id = d.folder_id and f.deleted_at is null join sites s on s.id = d.site_id ${CURRENT_FILE}
      where d.id = $1 and d.district_id = $2 and d.deleted_at is null`,
    [id, districtId],
  );
  const doc = rows[0];
  if (!doc) return null;
  return {
    title: doc.name,
    siteId: doc.site_id,
    fields: [
      { label: WORDS.site[language], value: doc.site_name },
      { label: WORDS.folder[language], value: doc.folder_name },
      ...(doc.valid_until ? [{ label: WORDS.validUntil[language], value: doc.valid_until }] : []),
    ],
    files: [toShared(doc)],
  };
}

/** Registered once, when the module is loaded. */
export function registerFilesShareables(): void {
  registerShareable({ kind: 'folder', read: readSharedFolder });
  registerShareable({ kind: 'document', read: readSharedDocument });
}
