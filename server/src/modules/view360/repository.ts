/**
 * Every query of the 360 module, scoped to one district: a site's tour (its 360 stages, read
 * from the Sites module's tables by SQL, never by importing the module), its links, markers and
 * captures, the markers of a record, and the bytes of its panoramas and tiles. Markers name
 * their record through the owner module's site records (_platform/site-records.ts).
 */
import type { Readable } from 'node:stream';
import { can } from '../../../../common/rights.js';
import {
  type CaptureCreate,
  type KeptImage,
  type LinkCreate,
  type Marker,
  type MarkerCreate,
  type MarkerUpdate,
  type RecordMarker,
  type TargetChoice,
  type TiledPanorama,
  type Tour,
  type TourDownload,
  wrapYaw,
} from '../../../../common/modules/view360/schemas.js';
import { findAttachment, requireRecordAttachments } from '../../attachments/index.js';
import type { AttachmentStorage } from '../../attachments/storage.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { siteRecordSource, type SiteRecordSource } from '../_platform/site-records.js';
import { knownGrid, makeTiles, tileKey, type TileGrid } from './tiles.js';
import { baseNow, panoramaSize, queueTiles, wantsTiles } from './tiling.js';

export const VIEW360_MODULE = 'view360';
export const VIEW360_API = '/api/360';

const SITE_NOT_FOUND = 'view360.site_not_found';
const STAGE_NOT_FOUND = 'view360.stage_not_found';
/** The records of a kind a marker's form offers on a site, by title. */
const TARGETS_MAX = 200;

interface StageRow {
  id: string;
  name: string;
  attachment_id: string | null;
  has_image: boolean;
}
interface MarkerRow {
  id: string;
  site_id: string;
  stage_id: string;
  yaw: number;
  pitch: number;
  kind: Marker['kind'];
  record_id: string | null;
  label: string;
  version: number;
}

/** The panorama's name in the image routes: its attachment, or `stage-<id>` for a stage's legacy bytes. */
const sourceOf = (stage: StageRow): string | null => stage.attachment_id ?? (stage.has_image ? `stage-${stage.id}` : null);
export const SOURCE_PATTERN = '^(stage-)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const imageUrl = (source: string) => `${VIEW360_API}/images/${source}`;
const tiledOf = (source: string, grid: TileGrid | null): TiledPanorama | null =>
  grid && grid.cols > 0 ? { width: grid.width, cols: grid.cols, rows: grid.rows, baseUrl: `${imageUrl(source)}/base`, tileUrl: `${imageUrl(source)}/tiles/{col}/{row}` } : null;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export interface View360Scope {
  db: Queryable;
  clientDb: string;
  districtId: string;
  actorId: string;
  rights: readonly string[];
  storage: AttachmentStorage;
  /** Starts the background jobs once this request's writes are committed (a panorama's cut queued by a read). */
  kickJobs?: () => void;
}

export class View360Repository {
  constructor(private readonly scope: View360Scope) {}

  private get db() {
    return this.scope.db;
  }
  private get districtId() {
    return this.scope.districtId;
  }

  /** A live site of the district (404 otherwise), locked for a write when `lock`. */
  async site(siteId: string, lock = false): Promise<{ id: string; name: string }> {
    const { rows } = await this.db.query<{ id: string; name: string }>(
      `select id, name from sites where id = $1 and district_id = $2 and deleted_at is null${lock ? ' for update' : ''}`,
      [siteId, this.districtId],
    );
    if (!rows[0]) throw ApiError.notFound(SITE_NOT_FOUND);
    return rows[0];
  }

  private async stages(siteId: string): Promise<StageRow[]> {
    const { rows } = await this.db.query<StageRow>(
      `select id, name, attachment_id, image is not null as has_image from site_stages where site_id = $1 and kind = 'threeSixty' order by position, name`,
      [siteId],
    );
    return rows;
  }

  private async requireStage(siteId: string, stageId: string): Promise<void> {
    const { rows } = await this.db.query(`select 1 from site_stages where id = $1 and site_id = $2 and kind = 'threeSixty'`, [stageId, siteId]);
    if (rows.length === 0) throw ApiError.notFound(STAGE_NOT_FOUND);
  }

  /**
   * The grid of a panorama: the recorded one (cut, or queued: its base is made on demand and its
   * tiles come when the background cut is done); for a wide attachment not queued yet, queued
   * now; a small one or an unreadable one: served whole (null). A stage's legacy bytes (a small
   * image kept in the stage row) are measured and, when wide, cut at once.
   */
  private async grid(source: string): Promise<TileGrid | null> {
    const known = await knownGrid(this.db, this.districtId, source);
    if (known) return known;
    if (source.startsWith('stage-')) {
      const bytes = await this.sourceBytes(source).catch(() => null);
      if (!bytes) return null;
      return makeTiles(this.db, this.scope.storage, this.scope.clientDb, this.districtId, source, bytes);
    }
    const row = await findAttachment(this.db, this.districtId, source);
    if (!row || row.state !== 'complete') return null;
    const { width, height } = await panoramaSize(this.scope.storage, row);
    if (!wantsTiles(width, height) || width === null) return null;
    const queued = await queueTiles(this.db, { source, clientDb: this.scope.clientDb, districtId: this.districtId, accountId: this.scope.actorId, width });
    if (queued) this.scope.kickJobs?.();
    return knownGrid(this.db, this.districtId, source);
  }

  /** The bytes of a panorama of the district (404 when not one). */
  async sourceBytes(source: string): Promise<Buffer> {
    if (source.startsWith('stage-')) {
      const { rows } = await this.db.query<{ image: Uint8Array | null }>(
        `select st.image from site_stages st join sites s on s.id = st.site_id where st.id = $1 and s.district_id = $2 and s.deleted_at is null`,
        [source.slice('stage-'.length), this.districtId],
      );
      if (!rows[0]?.image) throw ApiError.notFound('view360.image_not_found');
      return Buffer.from(rows[0].image);
    }
    const row = await this.panoramaAttachment(source);
    return readAll(await this.scope.storage.get(row.storage_key));
  }

  /** A panorama attachment of the district: a stage's (Sites) or a capture's (this module). */
  private async panoramaAttachment(id: string) {
    const row = await findAttachment(this.db, this.districtId, id);
    if (!row || row.deleted_at !== null || row.state !== 'complete' || (row.module !== 'sites' && row.module !== VIEW360_MODULE)) throw ApiError.notFound('view360.image_not_found');
    return row;
  }

  /** The whole image of a panorama: a stream and its type. */
  async image(source: string): Promise<{ body: Readable | Buffer; type: string }> {
    if (source.startsWith('stage-')) {
      const { rows } = await this.db.query<{ image_type: string | null }>(`select image_type from site_stages where id = $1`, [source.slice('stage-'.length)]);
      return { body: await this.sourceBytes(source), type: rows[0]?.image_type ?? 'image/png' };
    }
    const row = await this.panoramaAttachment(source);
    return { body: await this.scope.storage.get(row.storage_key), type: row.type };
  }

  /** A panorama's base or one of its tiles (404 when it has none, or not cut yet). */
  async tile(source: string, name: string): Promise<Readable> {
    const grid = await this.grid(source);
    if (!grid || grid.cols === 0) throw ApiError.notFound('view360.image_not_found');
    const key = tileKey(this.scope.clientDb, source, name);
    if (!(await this.scope.storage.stat(key))) {
      // The base of a panorama still being cut: made now from its bytes.
      if (name !== 'base.jpg' || source.startsWith('stage-') || !(await baseNow(this.db, this.scope.storage, this.scope.clientDb, this.districtId, source))) {
        throw ApiError.notFound('view360.image_not_found');
      }
    }
    return this.scope.storage.get(key);
  }

  /**
   * Every image of the site's stages the viewer reads, with its size (TourDownload): a small
   * panorama whole, a large one's base and its grid's tiles (those not cut yet counted apart).
   */
  async download(siteId: string): Promise<TourDownload> {
    await this.site(siteId);
    const images: KeptImage[] = [];
    let pending = 0;
    for (const stage of await this.stages(siteId)) {
      const source = sourceOf(stage);
      if (!source) continue;
      const grid = await this.grid(source);
      if (!grid || grid.cols === 0) {
        images.push({ url: imageUrl(source), bytes: await this.wholeBytes(source) });
        continue;
      }
      const stat = (name: string) => this.scope.storage.stat(tileKey(this.scope.clientDb, source, name));
      // The base is made on demand while its cut runs (about a tenth of the tiles' bytes).
      images.push({ url: `${imageUrl(source)}/base`, bytes: (await stat('base.jpg'))?.size ?? 0 });
      for (let row = 0; row < grid.rows; row += 1) {
        const sizes = await Promise.all(Array.from({ length: grid.cols }, (_, col) => stat(`${col}_${row}.jpg`)));
        sizes.forEach((size, col) => {
          if (size) images.push({ url: `${imageUrl(source)}/tiles/${col}/${row}`, bytes: size.size });
          else pending += 1;
        });
      }
    }
    return { siteId, images, bytes: images.reduce((sum, i) => sum + i.bytes, 0), pending };
  }

  /** The size of a panorama served whole (0 when not readable). */
  private async wholeBytes(source: string): Promise<number> {
    if (source.startsWith('stage-')) {
      const { rows } = await this.db.query<{ bytes: number | null }>(`select octet_length(image) as bytes from site_stages where id = $1`, [source.slice('stage-'.length)]);
      return Number(rows[0]?.bytes ?? 0);
    }
    const row = await findAttachment(this.db, this.districtId, source);
    return row && row.state === 'complete' && row.deleted_at === null ? Number(row.size ?? 0) : 0;
  }

  /** Whether the reader may read the records of `source` (one of its features' read right). */
  private reads(source: SiteRecordSource): boolean {
    return source.features.some((feature) => can(this.scope.rights, feature, 'read'));
  }

  /** The titles of the markers' records the reader may read (null otherwise, or when gone). */
  private async titled(rows: MarkerRow[]): Promise<Marker[]> {
    const byKind = new Map<string, string[]>();
    for (const row of rows) if (row.record_id) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.record_id]);
    const titles = new Map<string, string>();
    for (const [kind, ids] of byKind) {
      const target = siteRecordSource(kind);
      if (!target || !this.reads(target)) continue;
      for (const [id, title] of await target.titles(this.db, this.districtId, ids)) titles.set(`${kind}:${id}`, title);
    }
    return rows.map((row) => ({
      id: row.id,
      siteId: row.site_id,
      stageId: row.stage_id,
      yaw: row.yaw,
      pitch: row.pitch,
      kind: row.kind,
      recordId: row.record_id,
      label: row.label,
      title: row.record_id ? (titles.get(`${row.kind}:${row.record_id}`) ?? null) : null,
      version: row.version,
    }));
  }

  async tour(siteId: string): Promise<Tour> {
    const site = await this.site(siteId);
    const stages = await this.stages(siteId);
    const [start, links, markers, captures] = await Promise.all([
      this.db.query<{ start_stage_id: string | null }>('select start_stage_id from view360_tours where site_id = $1 and district_id = $2', [siteId, this.districtId]),
      this.db.query<{ id: string; from_stage_id: string; to_stage_id: string; yaw: number; pitch: number }>(
        'select id, from_stage_id, to_stage_id, yaw, pitch from view360_links where site_id = $1 and district_id = $2 order by created_at, id',
        [siteId, this.districtId],
      ),
      this.db.query<MarkerRow>(
        'select id, site_id, stage_id, yaw, pitch, kind, record_id, label, version from view360_markers where site_id = $1 and district_id = $2 order by created_at, id',
        [siteId, this.districtId],
      ),
      this.db.query<{ id: string; stage_id: string; captured_on: string; attachment_id: string }>(
        `select c.id, c.stage_id, c.captured_on::text as captured_on, c.attachment_id from view360_captures c
           join attachments a on a.id = c.attachment_id and a.state = 'complete' and a.deleted_at is null
          where c.site_id = $1 and c.district_id = $2 order by c.stage_id, c.captured_on, c.id`,
        [siteId, this.districtId],
      ),
    ]);
    const tourStages = [];
    for (const stage of stages) {
      const source = sourceOf(stage);
      tourStages.push({ id: stage.id, name: stage.name, imageUrl: source ? imageUrl(source) : null, tiles: source ? tiledOf(source, await this.grid(source)) : null });
    }
    const tourCaptures = [];
    for (const c of captures.rows) {
      tourCaptures.push({ id: c.id, stageId: c.stage_id, capturedOn: c.captured_on, imageUrl: imageUrl(c.attachment_id), tiles: tiledOf(c.attachment_id, await this.grid(c.attachment_id)) });
    }
    const startId = start.rows[0]?.start_stage_id ?? null;
    return {
      siteId,
      siteName: site.name,
      startStageId: startId && stages.some((s) => s.id === startId) ? startId : (stages[0]?.id ?? null),
      stages: tourStages,
      links: links.rows.map((l) => ({ id: l.id, fromStageId: l.from_stage_id, toStageId: l.to_stage_id, yaw: l.yaw, pitch: l.pitch })),
      markers: await this.titled(markers.rows),
      captures: tourCaptures,
    };
  }

  async setStart(siteId: string, stageId: string): Promise<void> {
    await this.site(siteId, true);
    await this.requireStage(siteId, stageId);
    await this.db.query(
      `insert into view360_tours (site_id, district_id, start_stage_id, updated_by) values ($1, $2, $3, $4)
       on conflict (site_id) do update set start_stage_id = excluded.start_stage_id, updated_at = now(), updated_by = excluded.updated_by`,
      [siteId, this.districtId, stageId, this.scope.actorId],
    );
  }

  async addLink(siteId: string, body: LinkCreate): Promise<void> {
    await this.site(siteId, true);
    if (body.fromStageId === body.toStageId) throw ApiError.badRequest('view360.same_stage', 'toStageId');
    await this.requireStage(siteId, body.fromStageId);
    await this.requireStage(siteId, body.toStageId);
    const { rows } = await this.db.query<{ id: string }>('select id from view360_links where from_stage_id = $1 and to_stage_id = $2', [body.fromStageId, body.toStageId]);
    if (rows[0]) throw new ApiError(409, { message: 'view360.link_exists' });
    await this.db.query(
      `insert into view360_links (id, district_id, site_id, from_stage_id, to_stage_id, yaw, pitch, created_by) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [body.id, this.districtId, siteId, body.fromStageId, body.toStageId, wrapYaw(body.yaw), body.pitch, this.scope.actorId],
    );
  }

  /** Removes a link of the district (404 otherwise); answers its site. */
  async removeLink(id: string): Promise<string> {
    const { rows } = await this.db.query<{ site_id: string }>('delete from view360_links where id = $1 and district_id = $2 returning site_id', [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound('view360.link_not_found');
    return rows[0].site_id;
  }

  /** A marker's record must be a live record of the district the author may read. */
  private async requireTarget(kind: string, recordId: string | null | undefined, label: string): Promise<void> {
    if (kind === 'note') {
      if (recordId) throw ApiError.badRequest('view360.note_without_record', 'recordId');
      if (label.trim() === '') throw ApiError.badRequest('view360.label_required', 'label');
      return;
    }
    if (!recordId) throw ApiError.badRequest('view360.record_required', 'recordId');
    const target = siteRecordSource(kind);
    if (!target) throw ApiError.badRequest('view360.unknown_kind', 'kind');
    if (!this.reads(target)) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: [...target.features] });
    const titles = await target.titles(this.db, this.districtId, [recordId]);
    if (!titles.has(recordId)) throw ApiError.notFound('view360.record_not_found');
  }

  async addMarker(siteId: string, body: MarkerCreate): Promise<Marker> {
    await this.site(siteId, true);
    await this.requireStage(siteId, body.stageId);
    const label = (body.label ?? '').trim();
    await this.requireTarget(body.kind, body.recordId, label);
    const { rows: existing } = await this.db.query<{ district_id: string }>('select district_id from view360_markers where id = $1', [body.id]);
    if (existing[0]) throw new ApiError(409, { message: 'view360.marker_exists' });
    await this.db.query(
      `insert into view360_markers (id, district_id, site_id, stage_id, yaw, pitch, kind, record_id, label, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [body.id, this.districtId, siteId, body.stageId, wrapYaw(body.yaw), body.pitch, body.kind, body.recordId ?? null, label, this.scope.actorId],
    );
    return this.marker(body.id);
  }

  async marker(id: string): Promise<Marker> {
    const { rows } = await this.db.query<MarkerRow>(
      'select id, site_id, stage_id, yaw, pitch, kind, record_id, label, version from view360_markers where id = $1 and district_id = $2',
      [id, this.districtId],
    );
    if (!rows[0]) throw ApiError.notFound('view360.marker_not_found');
    return (await this.titled(rows))[0]!;
  }

  async updateMarker(id: string, body: MarkerUpdate): Promise<Marker> {
    const marker = await this.marker(id);
    const label = body.label === undefined ? marker.label : body.label.trim();
    if (marker.kind === 'note' && label === '') throw ApiError.badRequest('view360.label_required', 'label');
    await this.db.query(
      `update view360_markers set yaw = $3, pitch = $4, label = $5, version = version + 1, updated_at = now(), updated_by = $6 where id = $1 and district_id = $2`,
      [id, this.districtId, body.yaw === undefined ? marker.yaw : wrapYaw(body.yaw), body.pitch ?? marker.pitch, label, this.scope.actorId],
    );
    return this.marker(id);
  }

  async removeMarker(id: string): Promise<string> {
    const { rows } = await this.db.query<{ site_id: string }>('delete from view360_markers where id = $1 and district_id = $2 returning site_id', [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound('view360.marker_not_found');
    return rows[0].site_id;
  }

  /** The markers pointing to a record, on the district's live sites. */
  async recordMarkers(kind: string, recordId: string): Promise<RecordMarker[]> {
    const { rows } = await this.db.query<{ id: string; site_id: string; site_name: string; stage_id: string; stage_name: string; yaw: number; pitch: number; label: string }>(
      `select m.id, m.site_id, s.name as site_name, m.stage_id, st.name as stage_name, m.yaw, m.pitch, m.label
         from view360_markers m join sites s on s.id = m.site_id and s.deleted_at is null join site_stages st on st.id = m.stage_id
        where m.district_id = $1 and m.kind = $2 and m.record_id = $3 order by s.name, st.position, m.created_at`,
      [this.districtId, kind, recordId],
    );
    return rows.map((r) => ({ id: r.id, siteId: r.site_id, siteName: r.site_name, stageId: r.stage_id, stageName: r.stage_name, yaw: r.yaw, pitch: r.pitch, label: r.label }));
  }

  /** The records of `kind` on the site a marker may point to. */
  async targets(siteId: string, kind: string): Promise<TargetChoice[]> {
    await this.site(siteId);
    const target = siteRecordSource(kind);
    if (!target) return [];
    if (!this.reads(target)) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: [...target.features] });
    return target.ofSite(this.db, this.districtId, siteId, TARGETS_MAX);
  }

  async addCapture(siteId: string, body: CaptureCreate): Promise<void> {
    await this.site(siteId, true);
    await this.requireStage(siteId, body.stageId);
    await requireRecordAttachments(this.db, { districtId: this.districtId, module: VIEW360_MODULE, recordId: siteId }, [body.attachmentId], 'attachmentId', { uploadsFollow: true });
    const { rows } = await this.db.query('select 1 from view360_captures where id = $1', [body.id]);
    if (rows.length > 0) throw new ApiError(409, { message: 'view360.capture_exists' });
    await this.db.query(
      `insert into view360_captures (id, district_id, site_id, stage_id, captured_on, attachment_id, created_by) values ($1, $2, $3, $4, $5, $6, $7)`,
      [body.id, this.districtId, siteId, body.stageId, body.capturedOn, body.attachmentId, this.scope.actorId],
    );
  }

  async removeCapture(id: string): Promise<string> {
    const { rows } = await this.db.query<{ site_id: string }>('delete from view360_captures where id = $1 and district_id = $2 returning site_id', [id, this.districtId]);
    if (!rows[0]) throw ApiError.notFound('view360.capture_not_found');
    return rows[0].site_id;
  }
}
