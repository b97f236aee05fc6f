/**
 * The Files repository: every query of the module, scoped to the session's district (another
 * district's id is not found). Folders of two trees (a site type's template, a site's folders),
 * templates applied to sites, documents and their versions, rename, move, reversible deletion,
 * tags, validity, search and the CSV export's rows. Writes check the version the caller started
 * from (409 `record.version_conflict` with the record now) and write the history.
 */
import {
  DOCUMENT_EXPIRING_DAYS,
  FILES_ATTACHMENT_MODULE,
  SEARCH_LIMIT,
  validityOf,
  type DocumentSheet,
  type DocumentUpdate,
  type DocumentVersion,
  type FileDocument,
  type Folder,
  type FolderCreate,
  type FolderUpdate,
  type SearchQuery,
  type UploadBody,
  type Validity,
} from '../../../../common/modules/files/schemas.js';
import { attachmentUrl } from '../../attachments/index.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { addDays, districtToday } from '../_platform/dates.js';
import { containsPattern } from '../_platform/list.js';
import { actorNames, actorOf, changesBetween, iso, isoOrNull, requireEditable, writeHistory, type RecordScope } from '../_platform/records.js';

/** The history's and sockets' module names. */
export const FILES_MODULES = { folders: 'file_folders', documents: 'file_documents' } as const;

export const FOLDER_NOT_FOUND = 'files.folder_not_found';
export const DOCUMENT_NOT_FOUND = 'files.document_not_found';

interface FolderRow {
  id: string;
  version: number;
  parent_id: string | null;
  site_type_id: string | null;
  site_id: string | null;
  template_id: string | null;
  name: string;
  documents: string | number;
  bytes: string | number;
  updated_at: Date;
  deleted_at: Date | null;
}

const FOLDER_SELECT = `
  select f.id, f.version, f.parent_id, f.site_type_id, f.site_id, f.template_id, f.name, f.updated_at, f.deleted_at,
         (select count(*) from file_documents d where d.folder_id = f.id and d.deleted_at is null) as documents,
         coalesce((select sum(a.size) from file_documents d join attachments a on a.id = d.current_version_id
                    where d.folder_id = f.id and d.deleted_at is null), 0) as bytes
    from file_folders f`;

const toFolder = (row: FolderRow): Folder => ({
  id: row.id,
  version: row.version,
  parentId: row.parent_id,
  siteTypeId: row.site_type_id,
  siteId: row.site_id,
  templateId: row.template_id,
  name: row.name,
  documents: Number(row.documents),
  bytes: Number(row.bytes),
  updatedAt: iso(row.updated_at),
  deletedAt: isoOrNull(row.deleted_at),
});

export interface DocumentRow {
  id: string;
  version: number;
  folder_id: string;
  site_id: string;
  name: string;
  tags: string[];
  valid_until: string | null;
  current_version_id: string | null;
  versions: string | number;
  path: string;
  updated_at: Date;
  updated_by: string | null;
  created_by: string;
  deleted_at: Date | null;
  cv_number: number | null;
  cv_created_at: Date | null;
  cv_created_by: string | null;
  a_name: string | null;
  a_type: string | null;
  a_size: string | number | null;
  a_state: string | null;
  a_created_by_name: string | null;
}

/** The folder names from the site's top to folder `f.id` ('' at the top: the folder's own name included). */
const PATH_SQL = `(with recursive up(id, parent_id, name, depth) as (
      select p.id, p.parent_id, p.name, 0 from file_folders p where p.id = d.folder_id
      union all select q.id, q.parent_id, q.name, up.depth + 1 from file_folders q join up on q.id = up.parent_id)
    select string_agg(name, '/' order by depth desc) from up)`;

/** The documents' select, `path` an SQL expression of the folder's path (PATH_SQL, or a parameter when every row shares one folder). */
const documentSelect = (path: string) => `
  select d.id, d.version, d.folder_id, d.site_id, d.name, d.tags, d.valid_until::text as valid_until, d.current_version_id,
         d.updated_at, d.updated_by, d.created_by, d.deleted_at,
         (select count(*) from file_versions v where v.document_id = d.id) as versions,
         ${path} as path,
         cv.number as cv_number, cv.created_at as cv_created_at, cv.created_by as cv_created_by,
         a.name as a_name, a.type as a_type, a.size as a_size, a.state as a_state, a.created_by_name as a_created_by_name
    from file_documents d
    left join file_versions cv on cv.id = d.current_version_id
    left join attachments a on a.id = d.current_version_id and a.deleted_at is null`;

interface VersionRow {
  id: string;
  number: number;
  created_at: Date;
  created_by: string;
  a_name: string | null;
  a_type: string | null;
  a_size: string | number | null;
  a_state: string | null;
  a_created_by_name: string | null;
}

function toVersion(row: VersionRow, fallbackName: string): DocumentVersion {
  return {
    id: row.id,
    number: row.number,
    name: row.a_name ?? fallbackName,
    type: row.a_type ?? 'application/octet-stream',
    size: Number(row.a_size ?? 0),
    complete: row.a_state === 'complete',
    url: attachmentUrl(row.id),
    createdAt: iso(row.created_at),
    createdBy: { id: row.created_by, name: row.a_created_by_name ?? '' },
  };
}

export function toDocument(row: DocumentRow, names: Map<string, string>, today: string): FileDocument {
  const current =
    row.current_version_id && row.cv_number !== null && row.cv_created_at && row.cv_created_by
      ? toVersion(
          {
            id: row.current_version_id,
            number: row.cv_number,
            created_at: row.cv_created_at,
            created_by: row.cv_created_by,
            a_name: row.a_name,
            a_type: row.a_type,
            a_size: row.a_size,
            a_state: row.a_state,
            a_created_by_name: row.a_created_by_name,
          },
          row.name,
        )
      : null;
  return {
    id: row.id,
    version: row.version,
    folderId: row.folder_id,
    siteId: row.site_id,
    name: row.name,
    tags: row.tags,
    validUntil: row.valid_until,
    validity: validityOf(row.valid_until, today),
    current,
    versions: Number(row.versions),
    path: row.path ?? '',
    updatedAt: iso(row.updated_at),
    updatedBy: actorOf(names, row.updated_by ?? row.created_by),
    deletedAt: isoOrNull(row.deleted_at),
  };
}

/** Tags as kept: trimmed, each once (case kept from its first use). */
export const cleanTags = (tags: readonly string[]): string[] => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags.map((t) => t.trim()).filter(Boolean)) {
    const key = tag.toLocaleLowerCase('fr');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
};

/** The live site folders that follow a site type's template, applied to one site (idempotent: one folder per template folder and site). */
export async function applyTemplate(db: Queryable, districtId: string, siteId: string, actorId: string): Promise<number> {
  let made = 0;
  // Level by level: a template folder is made once its parent's site folder exists.
  for (;;) {
    const { rows } = await db.query(
      `insert into file_folders (id, district_id, parent_id, site_id, template_id, name, created_by, updated_by)
       select gen_random_uuid(), $1, (select p.id from file_folders p where p.site_id = $2 and p.template_id = t.parent_id), $2, t.id, t.name, $3, $3
         from file_folders t join sites s on s.id = $2 and s.district_id = $1 and s.site_type_id = t.site_type_id
        where t.district_id = $1 and t.deleted_at is null
          and not exists (select 1 from file_folders e where e.site_id = $2 and e.template_id = t.id)
          and (t.parent_id is null or exists (select 1 from file_folders p where p.site_id = $2 and p.template_id = t.parent_id))
       on conflict do nothing
       returning id`,
      [districtId, siteId, actorId],
    );
    if (rows.length === 0) return made;
    made += rows.length;
  }
}

export class FilesRepository {
  constructor(readonly scope: RecordScope) {}

  private get db() {
    return this.scope.db;
  }
  private get district() {
    return this.scope.districtId;
  }

  // ------------------------------------------------------------ choices

  async choices() {
    const [types, sites] = await Promise.all([
      this.db.query<{ id: string; name: string }>('select id, name from site_types where district_id = $1 and deleted_at is null order by vigie_fold(name), id', [this.district]),
      this.db.query<{ id: string; name: string; site_type_id: string | null }>(
        'select id, name, site_type_id from sites where district_id = $1 and deleted_at is null order by vigie_fold(name), id limit 5000',
        [this.district],
      ),
    ]);
    return { siteTypes: types.rows, sites: sites.rows.map((s) => ({ id: s.id, name: s.name, siteTypeId: s.site_type_id })) };
  }

  // ------------------------------------------------------------ folders

  async folderRow(id: string): Promise<FolderRow> {
    const { rows } = await this.db.query<FolderRow>(`${FOLDER_SELECT} where f.id = $1 and f.district_id = $2`, [id, this.district]);
    if (!rows[0]) throw ApiError.notFound(FOLDER_NOT_FOUND);
    return rows[0];
  }

  async folder(id: string): Promise<Folder> {
    return toFolder(await this.folderRow(id));
  }

  async requireSiteType(id: string): Promise<void> {
    const { rows } = await this.db.query('select 1 from site_types where id = $1 and district_id = $2 and deleted_at is null', [id, this.district]);
    if (rows.length === 0) throw ApiError.notFound('files.site_type_not_found');
  }

  async requireSite(id: string): Promise<void> {
    const { rows } = await this.db.query('select 1 from sites where id = $1 and district_id = $2 and deleted_at is null', [id, this.district]);
    if (rows.length === 0) throw ApiError.notFound('files.site_not_found');
  }

  async typeTree(siteTypeId: string, deleted: boolean): Promise<Folder[]> {
    await this.requireSiteType(siteTypeId);
    const { rows } = await this.db.query<FolderRow>(
      `${FOLDER_SELECT} where f.district_id = $1 and f.site_type_id = $2 and (f.deleted_at is null or $3) order by vigie_fold(f.name), f.id`,
      [this.district, siteTypeId, deleted],
    );
    return rows.map(toFolder);
  }

  /** A site's folders, its type's template applied first (a site created or retyped since gets them now). */
  async siteTree(siteId: string, deleted: boolean): Promise<Folder[]> {
    await this.requireSite(siteId);
    await applyTemplate(this.db, this.district, siteId, this.scope.actor.id);
    const { rows } = await this.db.query<FolderRow>(
      `${FOLDER_SELECT} where f.district_id = $1 and f.site_id = $2 and (f.deleted_at is null or $3) order by vigie_fold(f.name), f.id`,
      [this.district, siteId, deleted],
    );
    return rows.map(toFolder);
  }

  /** Whether `candidate` is `folder` or below it. */
  private async isWithin(candidate: string, folder: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `with recursive up(id, parent_id) as (select id, parent_id from file_folders where id = $1
         union all select f.id, f.parent_id from file_folders f join up on f.id = up.parent_id)
       select 1 from up where id = $2`,
      [candidate, folder],
    );
    return rows.length > 0;
  }

  /** The parent a folder goes in: a live folder of the same tree, or 400. */
  private async requireParent(parentId: string, tree: { siteTypeId: string | null; siteId: string | null }): Promise<void> {
    const parent = await this.folderRow(parentId);
    if (parent.site_type_id !== tree.siteTypeId || parent.site_id !== tree.siteId) throw ApiError.badRequest('files.parent_other_tree');
    if (parent.deleted_at) throw ApiError.badRequest('files.parent_deleted');
  }

  private async requireFreeFolderName(name: string, parentId: string | null, tree: { siteTypeId: string | null; siteId: string | null }, except: string | null): Promise<void> {
    const { rows } = await this.db.query(
      `select 1 from file_folders where district_id = $1 and deleted_at is null and parent_id is not distinct from $2
          and site_type_id is not distinct from $3 and site_id is not distinct from $4 and vigie_fold(name) = vigie_fold($5) and id is distinct from $6`,
      [this.district, parentId, tree.siteTypeId, tree.siteId, name, except],
    );
    if (rows.length > 0) throw new ApiError(409, { message: 'files.folder_name_taken' });
  }

  async createFolder(body: FolderCreate): Promise<Folder> {
    const siteTypeId = body.siteTypeId ?? null;
    const siteId = body.siteId ?? null;
    if ((siteTypeId === null) === (siteId === null)) throw ApiError.badRequest('files.folder_tree');
    const { rows: existing } = await this.db.query('select 1 from file_folders where id = $1', [body.id]);
    if (existing.length > 0) throw new ApiError(409, { message: 'record.exists' });
    if (siteTypeId) await this.requireSiteType(siteTypeId);
    if (siteId) await this.requireSite(siteId);
    const parentId = body.parentId ?? null;
    const name = body.name.trim();
    if (parentId) await this.requireParent(parentId, { siteTypeId, siteId });
    await this.requireFreeFolderName(name, parentId, { siteTypeId, siteId }, null);
    await this.db.query(
      `insert into file_folders (id, district_id, parent_id, site_type_id, site_id, name, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [body.id, this.district, parentId, siteTypeId, siteId, name, this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: FILES_MODULES.folders, recordId: body.id, version: 1, action: 'create', changes: [{ field: 'name', before: null, after: name }] });
    if (siteTypeId) {
      // The sites of that type follow at once (where the parent's folder is there; the others when their tree is read).
      await this.db.query(
        `insert into file_folders (id, district_id, parent_id, site_id, template_id, name, created_by, updated_by)
         select gen_random_uuid(), $1, p.id, s.id, $2, $3, $4, $4
           from sites s left join file_folders p on p.site_id = s.id and p.template_id = $5
          where s.district_id = $1 and s.site_type_id = $6 and s.deleted_at is null and ($5::uuid is null or p.id is not null)
         on conflict do nothing`,
        [this.district, body.id, name, this.scope.actor.id, parentId, siteTypeId],
      );
    }
    return this.folder(body.id);
  }

  async updateFolder(id: string, body: FolderUpdate): Promise<Folder> {
    const row = await this.folderRow(id);
    await requireEditable(row, body.baseVersion, () => this.folder(id));
    const tree = { siteTypeId: row.site_type_id, siteId: row.site_id };
    const name = body.changes.name?.trim() ?? row.name;
    const parentId = body.changes.parentId === undefined ? row.parent_id : body.changes.parentId;
    if (parentId !== row.parent_id && parentId !== null) {
      if (await this.isWithin(parentId, id)) throw ApiError.badRequest('files.move_into_itself');
      await this.requireParent(parentId, tree);
    }
    await this.requireFreeFolderName(name, parentId, tree, id);
    const changes = changesBetween({ name: row.name, parentId: row.parent_id }, { name, parentId }, ['name', 'parentId']);
    if (changes.length === 0) return toFolder(row);
    await this.db.query('update file_folders set name = $2, parent_id = $3, version = version + 1, updated_at = now(), updated_by = $4 where id = $1', [id, name, parentId, this.scope.actor.id]);
    await writeHistory(this.scope, { module: FILES_MODULES.folders, recordId: id, version: row.version + 1, action: 'update', changes });
    if (row.site_type_id && name !== row.name) {
      // A template's rename reaches the sites' folders that still bear its old name (a site's own renaming is kept).
      await this.db.query(
        `update file_folders set name = $2, version = version + 1, updated_at = now(), updated_by = $4 where template_id = $1 and name = $3 and deleted_at is null`,
        [id, name, row.name, this.scope.actor.id],
      );
    }
    return this.folder(id);
  }

  /** Deletes (or restores) a folder with its sub-folders deleted with it; its documents go and come back with it. */
  async setFolderDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Folder> {
    const row = await this.folderRow(id);
    if (row.version !== baseVersion) throw new ApiError(409, { message: 'record.version_conflict', current: toFolder(row) } as never);
    if ((row.deleted_at !== null) === deleted) return toFolder(row);
    if (!deleted && row.parent_id) {
      const parent = await this.folderRow(row.parent_id);
      if (parent.deleted_at) throw new ApiError(409, { message: 'files.parent_deleted' });
    }
    if (!deleted) await this.requireFreeFolderName(row.name, row.parent_id, { siteTypeId: row.site_type_id, siteId: row.site_id }, id);
    // A restore brings back what went with this folder: the sub-folders deleted at its very
    // instant, compared in the database (PostgreSQL keeps microseconds, a JavaScript Date does not).
    await this.db.query(
      `with recursive down(id) as (select $1::uuid union all select f.id from file_folders f join down on f.parent_id = down.id)
       update file_folders f set deleted_at = ${deleted ? 'now()' : 'null'}, version = version + 1, updated_at = now(), updated_by = $2
        where f.id in (select id from down) and ${deleted ? 'f.deleted_at is null' : 'f.deleted_at = (select deleted_at from file_folders where id = $1)'}`,
      [id, this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: FILES_MODULES.folders, recordId: id, version: row.version + 1, action: deleted ? 'delete' : 'restore', changes: [] });
    return this.folder(id);
  }

  // ------------------------------------------------------------ documents

  private async documentRows(where: string, params: unknown[], tail = '', path = PATH_SQL): Promise<DocumentRow[]> {
    const { rows } = await this.db.query<DocumentRow>(`${documentSelect(path)} where d.district_id = $1 and ${where} ${tail}`, [this.district, ...params]);
    return rows;
  }

  private async toDocuments(rows: DocumentRow[]): Promise<FileDocument[]> {
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.updated_by, r.created_by]));
    const today = districtToday();
    return rows.map((r) => toDocument(r, names, today));
  }

  async documentRow(id: string): Promise<DocumentRow> {
    const [row] = await this.documentRows('d.id = $2', [id]);
    if (!row) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
    return row;
  }

  async document(id: string): Promise<DocumentSheet> {
    const row = await this.documentRow(id);
    const [doc] = await this.toDocuments([row]);
    const { rows } = await this.db.query<VersionRow>(
      `select v.id, v.number, v.created_at, v.created_by, a.name as a_name, a.type as a_type, a.size as a_size, a.state as a_state, a.created_by_name as a_created_by_name
         from file_versions v left join attachments a on a.id = v.id and a.deleted_at is null
        where v.document_id = $1 and v.district_id = $2 order by v.number desc`,
      [id, this.district],
    );
    return { ...doc!, allVersions: rows.map((r) => toVersion(r, row.name)) };
  }

  /** A site folder's documents (a template folder has none), by folded name. */
  async folderDocuments(folderId: string, deleted: boolean): Promise<FileDocument[]> {
    const folder = await this.folderRow(folderId);
    if (!folder.site_id) return [];
    // One folder: its path read once, not per document (a folder of 10,000 files).
    const { rows } = await this.db.query<{ path: string | null }>(`select ${PATH_SQL.replaceAll('d.folder_id', '$1::uuid')} as path`, [folderId]);
    return this.toDocuments(await this.documentRows(`d.folder_id = $2 and (d.deleted_at is null or $3)`, [folderId, deleted, rows[0]?.path ?? ''], 'order by vigie_fold(d.name), d.id', '$4::text'));
  }

  /** A live site folder a document may go in. */
  private async requireSiteFolder(folderId: string): Promise<FolderRow> {
    const folder = await this.folderRow(folderId);
    if (!folder.site_id) throw ApiError.badRequest('files.template_folder');
    if (folder.deleted_at) throw new ApiError(409, { message: 'files.folder_deleted' });
    return folder;
  }

  /**
   * An uploaded file filed: the live document of that name in the folder gets a new version, or
   * a new document is made with the device's id. A replay (the same attachment) adds nothing.
   */
  async upload(body: UploadBody): Promise<DocumentSheet> {
    const { rows: known } = await this.db.query<{ document_id: string; district_id: string }>('select document_id, district_id from file_versions where id = $1', [body.attachmentId]);
    if (known[0]) {
      if (known[0].district_id !== this.district) throw new ApiError(409, { message: 'upload.id_taken' });
      return this.document(known[0].document_id);
    }
    const { rows: elsewhere } = await this.db.query<{ district_id: string; module: string; record_id: string }>('select district_id, module, record_id from attachments where id = $1', [body.attachmentId]);
    if (elsewhere[0] && (elsewhere[0].district_id !== this.district || elsewhere[0].module !== FILES_ATTACHMENT_MODULE)) throw new ApiError(409, { message: 'upload.id_taken' });
    const folder = await this.requireSiteFolder(body.folderId);
    const name = body.name.trim();
    const { rows: same } = await this.db.query<{ id: string; version: number }>(
      'select id, version from file_documents where folder_id = $1 and deleted_at is null and vigie_fold(name) = vigie_fold($2) for update',
      [body.folderId, name],
    );
    const actor = this.scope.actor.id;
    let documentId: string;
    if (same[0]) {
      documentId = same[0].id;
      const { rows } = await this.db.query<{ n: number }>('select coalesce(max(number), 0) + 1 as n from file_versions where document_id = $1', [documentId]);
      const number = Number(rows[0]!.n);
      await this.db.query('insert into file_versions (id, district_id, document_id, number, created_by) values ($1, $2, $3, $4, $5)', [body.attachmentId, this.district, documentId, number, actor]);
      const sets = ['current_version_id = $2', 'version = version + 1', 'updated_at = now()', 'updated_by = $3'];
      const params: unknown[] = [documentId, body.attachmentId, actor];
      if (body.tags) {
        params.push(cleanTags(body.tags));
        sets.push(`tags = $${params.length}`);
      }
      if (body.validUntil !== undefined) {
        params.push(body.validUntil);
        sets.push(`valid_until = $${params.length}`);
      }
      await this.db.query(`update file_documents set ${sets.join(', ')} where id = $1`, params);
      await writeHistory(this.scope, { module: FILES_MODULES.documents, recordId: documentId, version: same[0].version + 1, action: 'update', changes: [{ field: 'version', before: number - 1, after: number }] });
    } else {
      documentId = body.documentId;
      const { rows: taken } = await this.db.query('select 1 from file_documents where id = $1', [documentId]);
      if (taken.length > 0) throw new ApiError(409, { message: 'record.exists' });
      await this.db.query(
        `insert into file_documents (id, district_id, folder_id, site_id, name, tags, valid_until, current_version_id, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [documentId, this.district, body.folderId, folder.site_id, name, cleanTags(body.tags ?? []), body.validUntil ?? null, body.attachmentId, actor],
      );
      await this.db.query('insert into file_versions (id, district_id, document_id, number, created_by) values ($1, $2, $3, 1, $4)', [body.attachmentId, this.district, documentId, actor]);
      await writeHistory(this.scope, { module: FILES_MODULES.documents, recordId: documentId, version: 1, action: 'create', changes: [{ field: 'name', before: null, after: name }] });
    }
    // The attachment, if it arrived before this write under another record id of the device, is this document's.
    await this.db.query(`update attachments set record_id = $2 where id = $1 and district_id = $3 and module = $4`, [body.attachmentId, documentId, this.district, FILES_ATTACHMENT_MODULE]);
    return this.document(documentId);
  }

  async updateDocument(id: string, body: DocumentUpdate): Promise<DocumentSheet> {
    const row = await this.documentRow(id);
    await requireEditable(row, body.baseVersion, () => this.document(id));
    const c = body.changes;
    const folderId = c.folderId ?? row.folder_id;
    let siteId = row.site_id;
    if (folderId !== row.folder_id) {
      const folder = await this.requireSiteFolder(folderId);
      siteId = folder.site_id!;
    }
    const name = c.name?.trim() ?? row.name;
    if (name !== row.name || folderId !== row.folder_id) {
      const { rows } = await this.db.query('select 1 from file_documents where folder_id = $1 and deleted_at is null and vigie_fold(name) = vigie_fold($2) and id <> $3', [folderId, name, id]);
      if (rows.length > 0) throw new ApiError(409, { message: 'files.document_name_taken' });
    }
    const before = { name: row.name, folderId: row.folder_id, tags: row.tags, validUntil: row.valid_until };
    const after = { name, folderId, tags: c.tags ? cleanTags(c.tags) : row.tags, validUntil: c.validUntil === undefined ? row.valid_until : c.validUntil };
    const changes = changesBetween(before, after, ['name', 'folderId', 'tags', 'validUntil']);
    if (changes.length === 0) return this.document(id);
    await this.db.query(
      `update file_documents set name = $2, folder_id = $3, site_id = $4, tags = $5, valid_until = $6, version = version + 1, updated_at = now(), updated_by = $7 where id = $1`,
      [id, name, folderId, siteId, after.tags, after.validUntil, this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: FILES_MODULES.documents, recordId: id, version: row.version + 1, action: 'update', changes });
    return this.document(id);
  }

  async setDocumentDeleted(id: string, baseVersion: number, deleted: boolean): Promise<DocumentSheet> {
    const row = await this.documentRow(id);
    if (row.version !== baseVersion) throw new ApiError(409, { message: 'record.version_conflict', current: await this.document(id) } as never);
    if ((row.deleted_at !== null) === deleted) return this.document(id);
    if (!deleted) {
      await this.requireSiteFolder(row.folder_id);
      const { rows } = await this.db.query('select 1 from file_documents where folder_id = $1 and deleted_at is null and vigie_fold(name) = vigie_fold($2) and id <> $3', [row.folder_id, row.name, id]);
      if (rows.length > 0) throw new ApiError(409, { message: 'files.document_name_taken' });
    }
    await this.db.query(`update file_documents set deleted_at = ${deleted ? 'now()' : 'null'}, version = version + 1, updated_at = now(), updated_by = $2 where id = $1`, [id, this.scope.actor.id]);
    await writeHistory(this.scope, { module: FILES_MODULES.documents, recordId: id, version: row.version + 1, action: deleted ? 'delete' : 'restore', changes: [] });
    return this.document(id);
  }

  /** Live documents of live folders matching a name, a tag, a site, a validity (SEARCH_LIMIT at most, by name). */
  async search(query: SearchQuery, limit = SEARCH_LIMIT): Promise<FileDocument[]> {
    const where = ['d.deleted_at is null', 'exists (select 1 from file_folders f where f.id = d.folder_id and f.deleted_at is null)'];
    const params: unknown[] = [];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length + 1}`;
    };
    if (query.search?.trim()) where.push(`vigie_fold(d.name) like vigie_fold(${add(containsPattern(query.search.trim()))})`);
    if (query.tag?.trim()) where.push(`exists (select 1 from unnest(d.tags) t where vigie_fold(t) = vigie_fold(${add(query.tag.trim())}))`);
    if (query.site) where.push(`d.site_id = ${add(query.site)}`);
    if (query.validity) where.push(validitySql(query.validity, add));
    return this.toDocuments(await this.documentRows(where.join(' and '), params, `order by vigie_fold(d.name), d.id limit ${limit}`));
  }
}

/** The SQL condition of a validity on the district's day. */
function validitySql(validity: Validity, add: (value: unknown) => string): string {
  const today = districtToday();
  if (validity === 'none') return 'd.valid_until is null';
  if (validity === 'expired') return `d.valid_until < ${add(today)}::date`;
  const limit = addDays(today, DOCUMENT_EXPIRING_DAYS);
  if (validity === 'expiring') return `d.valid_until between ${add(today)}::date and ${add(limit)}::date`;
  return `d.valid_until > ${add(limit)}::date`;
}
