/**
 * The 2D plans' reads and writes, scoped to the session's district: every query names the
 * district, and a plan of a site of another district is not found. Pins name a record of
 * another module by kind and id; their titles come from the owner modules' sources
 * (_platform/site-records.ts), each only for a reader of that module.
 */
import {
  CANDIDATES_MAX,
  PIN_KINDS,
  ZONE_MIN_POINTS,
  registerPoint,
  type Calibration,
  type Candidate,
  type Pin,
  type PinKind,
  type Plan,
  type PlanPoint,
  type PlanSheet,
  type Revision,
  type Zone,
  type ZoneCreate,
} from '../../../../common/modules/plan2d/schemas.js';
import { can } from '../../../../common/rights.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { siteRecordSource } from '../_platform/site-records.js';
import { versionConflict } from '../_platform/records.js';
import type { PlanImage } from './images.js';

export const PLAN2D_RECORDS = { plans: 'plan2d.plans', pins: 'plan2d.pins', zones: 'plan2d.zones' } as const;

interface PlanRow {
  id: string;
  version: number;
  site_id: string;
  level: string;
  name: string;
  revision: number;
  image_id: string;
  width: number;
  height: number;
  calibration: Calibration | null;
  pins: string | number;
  updated_at: Date | string;
}
interface PinRow {
  id: string;
  version: number;
  plan_id: string;
  kind: PinKind;
  record_id: string;
  x: number;
  y: number;
}
interface ZoneRow {
  id: string;
  version: number;
  plan_id: string;
  type: Zone['type'];
  name: string;
  colour: string;
  points: PlanPoint[];
}

const iso = (value: Date | string) => new Date(value).toISOString();
const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  version: row.version,
  siteId: row.site_id,
  level: row.level,
  name: row.name,
  revision: row.revision,
  imageId: row.image_id,
  width: row.width,
  height: row.height,
  calibration: row.calibration,
  pins: Number(row.pins),
  updatedAt: iso(row.updated_at),
});
const toZone = (row: ZoneRow): Zone => ({ id: row.id, version: row.version, planId: row.plan_id, type: row.type, name: row.name, colour: row.colour, points: row.points });

const PLAN_SELECT = `select p.id, p.version, p.site_id, p.level, p.name, p.revision, p.image_id, p.width, p.height, p.calibration, p.updated_at,
  (select count(*) from plan2d_pins n where n.plan_id = p.id and n.deleted_at is null) as pins
  from plan2d_plans p`;

export interface Plan2dScope {
  db: Queryable;
  districtId: string;
  actor: { id: string; name: string };
  rights: readonly string[];
}

export class Plan2dRepository {
  constructor(private readonly scope: Plan2dScope) {}

  private get db() {
    return this.scope.db;
  }

  /** The kinds of pins the reader sees (the owner module's read right). */
  readableKinds(): PinKind[] {
    return PIN_KINDS.filter((kind) => {
      const source = siteRecordSource(kind);
      return source !== undefined && source.features.some((feature) => can(this.scope.rights, feature, 'read'));
    });
  }

  async requireSite(siteId: string): Promise<void> {
    const { rows } = await this.db.query('select 1 from sites where id = $1 and district_id = $2 and deleted_at is null', [siteId, this.scope.districtId]);
    if (rows.length === 0) throw ApiError.notFound('plan2d.site_not_found');
  }

  async sitePlans(siteId: string): Promise<Plan[]> {
    await this.requireSite(siteId);
    const { rows } = await this.db.query<PlanRow>(`${PLAN_SELECT} where p.district_id = $1 and p.site_id = $2 and p.deleted_at is null order by p.level, p.name, p.id`, [this.scope.districtId, siteId]);
    return rows.map(toPlan);
  }

  async plan(id: string, forUpdate = false): Promise<Plan> {
    const { rows } = await this.db.query<PlanRow>(`${PLAN_SELECT} where p.id = $1 and p.district_id = $2 and p.deleted_at is null${forUpdate ? ' for update of p' : ''}`, [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound('plan2d.plan_not_found');
    return toPlan(rows[0]);
  }

  async sheet(id: string): Promise<PlanSheet> {
    const plan = await this.plan(id);
    const [revisions, pins, zones] = await Promise.all([this.revisions(id), this.pins(id), this.zones(id)]);
    return { plan, revisions, pins, zones };
  }

  private async revisions(planId: string): Promise<Revision[]> {
    const { rows } = await this.db.query<{ revision: number; image_id: string; source_id: string; page: number | null; width: number; height: number; created_at: Date | string; created_by: string; created_by_name: string }>(
      'select * from plan2d_revisions where plan_id = $1 order by revision desc',
      [planId],
    );
    return rows.map((r) => ({ revision: r.revision, imageId: r.image_id, sourceId: r.source_id, page: r.page, width: r.width, height: r.height, createdAt: iso(r.created_at), createdBy: { id: r.created_by, name: r.created_by_name } }));
  }

  /** The plan's pins the reader may see, each with its record's title (null while the record is not on the server, or deleted). */
  private async pins(planId: string): Promise<Pin[]> {
    const kinds = this.readableKinds();
    const { rows } = await this.db.query<PinRow>(
      'select id, version, plan_id, kind, record_id, x, y from plan2d_pins where plan_id = $1 and district_id = $2 and deleted_at is null and kind = any($3::text[]) order by kind, id',
      [planId, this.scope.districtId, kinds],
    );
    const titles = new Map<string, string>();
    for (const kind of kinds) {
      const ids = rows.filter((row) => row.kind === kind).map((row) => row.record_id);
      if (ids.length === 0) continue;
      for (const [id, title] of await siteRecordSource(kind)!.titles(this.db, this.scope.districtId, ids)) titles.set(`${kind}:${id}`, title);
    }
    return rows.map((row) => ({ id: row.id, version: row.version, planId: row.plan_id, kind: row.kind, recordId: row.record_id, x: row.x, y: row.y, title: titles.get(`${row.kind}:${row.record_id}`) ?? null }));
  }

  private async zones(planId: string): Promise<Zone[]> {
    const { rows } = await this.db.query<ZoneRow>('select id, version, plan_id, type, name, colour, points from plan2d_zones where plan_id = $1 and district_id = $2 and deleted_at is null order by type, name, id', [
      planId,
      this.scope.districtId,
    ]);
    return rows.map(toZone);
  }

  /** The site's records the reader may pin, by layer. */
  async candidates(siteId: string): Promise<Candidate[]> {
    await this.requireSite(siteId);
    const out: Candidate[] = [];
    for (const kind of this.readableKinds()) {
      for (const row of await siteRecordSource(kind)!.ofSite(this.db, this.scope.districtId, siteId, CANDIDATES_MAX)) out.push({ kind, id: row.id, title: row.title });
    }
    return out;
  }

  // ---------------------------------------------------------------- writes

  private async requireNewId(table: string, id: string): Promise<void> {
    const { rows } = await this.db.query(`select 1 from ${table} where id = $1`, [id]);
    if (rows.length > 0) throw new ApiError(409, { message: 'plan2d.id_taken' });
  }

  async create(body: { id: string; siteId: string; level: string; name: string }, image: PlanImage): Promise<Plan> {
    await this.requireSite(body.siteId);
    await this.requireNewId('plan2d_plans', body.id);
    const { districtId, actor } = this.scope;
    await this.db.query(
      `insert into plan2d_plans (id, district_id, site_id, level, name, revision, image_id, width, height, created_by, updated_by)
       values ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $9)`,
      [body.id, districtId, body.siteId, body.level.trim(), body.name.trim(), image.imageId, image.width, image.height, actor.id],
    );
    await this.insertRevision(body.id, 1, image);
    return this.plan(body.id);
  }

  private async insertRevision(planId: string, revision: number, image: PlanImage): Promise<void> {
    await this.db.query(
      `insert into plan2d_revisions (plan_id, revision, image_id, source_id, page, width, height, created_by, created_by_name) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [planId, revision, image.imageId, image.sourceId, image.page, image.width, image.height, this.scope.actor.id, this.scope.actor.name],
    );
  }

  /**
   * The plan's next revision: its image changes, its pins and zones stay (normalised positions),
   * moved by the registration when one is given, as is the calibration.
   */
  async addRevision(id: string, baseVersion: number, image: PlanImage, registration?: { from: [PlanPoint, PlanPoint]; to: [PlanPoint, PlanPoint] }): Promise<Plan> {
    const plan = await this.plan(id, true);
    if (plan.version !== baseVersion) throw versionConflict(plan);
    let calibration = plan.calibration;
    if (registration) {
      const move = (p: PlanPoint) => registerPoint(p, plan, image, registration);
      const { rows: pins } = await this.db.query<{ id: string; x: number; y: number }>('select id, x, y from plan2d_pins where plan_id = $1 and deleted_at is null', [id]);
      for (const pin of pins) {
        const p = move(pin);
        await this.db.query('update plan2d_pins set x = $2, y = $3, version = version + 1, updated_at = now(), updated_by = $4 where id = $1', [pin.id, p.x, p.y, this.scope.actor.id]);
      }
      const { rows: zones } = await this.db.query<{ id: string; points: PlanPoint[] }>('select id, points from plan2d_zones where plan_id = $1 and deleted_at is null', [id]);
      for (const zone of zones) {
        await this.db.query('update plan2d_zones set points = $2::jsonb, version = version + 1, updated_at = now(), updated_by = $3 where id = $1', [zone.id, JSON.stringify(zone.points.map(move)), this.scope.actor.id]);
      }
      if (calibration) calibration = { ...calibration, a: move(calibration.a), b: move(calibration.b) };
    }
    await this.insertRevision(id, plan.revision + 1, image);
    await this.db.query(
      `update plan2d_plans set revision = revision + 1, image_id = $2, width = $3, height = $4, calibration = $5::jsonb,
         version = version + 1, updated_at = now(), updated_by = $6 where id = $1`,
      [id, image.imageId, image.width, image.height, calibration === null ? null : JSON.stringify(calibration), this.scope.actor.id],
    );
    return this.plan(id);
  }

  async update(id: string, baseVersion: number, changes: { name?: string; level?: string; calibration?: Calibration | null }): Promise<Plan> {
    const plan = await this.plan(id, true);
    if (plan.version !== baseVersion) throw versionConflict(plan);
    if (changes.calibration && changes.calibration.a.x === changes.calibration.b.x && changes.calibration.a.y === changes.calibration.b.y) throw ApiError.badRequest('plan2d.calibration_same_points', 'calibration');
    await this.db.query(
      `update plan2d_plans set name = $2, level = $3, calibration = $4::jsonb, version = version + 1, updated_at = now(), updated_by = $5 where id = $1`,
      [
        id,
        changes.name?.trim() ?? plan.name,
        changes.level !== undefined ? changes.level.trim() : plan.level,
        changes.calibration !== undefined ? (changes.calibration === null ? null : JSON.stringify(changes.calibration)) : plan.calibration === null ? null : JSON.stringify(plan.calibration),
        this.scope.actor.id,
      ],
    );
    return this.plan(id);
  }

  async remove(id: string, baseVersion: number): Promise<Plan> {
    const plan = await this.plan(id, true);
    if (plan.version !== baseVersion) throw versionConflict(plan);
    await this.db.query('update plan2d_plans set deleted_at = now(), version = version + 1, updated_at = now(), updated_by = $2 where id = $1', [id, this.scope.actor.id]);
    return { ...plan, version: plan.version + 1 };
  }

  /**
   * A pin of a record of the plan's site. A manager pins any record of the district it reads;
   * with `reporter`, the caller pins a declaration it reported (or one still on its way: the
   * outbox may deliver the pin first; its title shows once the declaration arrives).
   */
  async addPin(planId: string, body: { id: string; kind: PinKind; recordId: string; x: number; y: number }, reporter = false): Promise<Pin> {
    await this.plan(planId, true);
    await this.requireNewId('plan2d_pins', body.id);
    const source = siteRecordSource(body.kind);
    if (!source || !this.readableKinds().includes(body.kind)) throw ApiError.badRequest('plan2d.kind_not_readable', 'kind');
    const titles = await source.titles(this.db, this.scope.districtId, [body.recordId]);
    if (reporter) {
      const author = source.authorOf ? await source.authorOf(this.db, this.scope.districtId, body.recordId) : null;
      if (author !== null && author !== this.scope.actor.id) throw ApiError.forbidden('plan2d.not_your_declaration');
    } else if (!titles.has(body.recordId)) {
      throw ApiError.badRequest('plan2d.record_not_found', 'recordId');
    }
    const { rows } = await this.db.query('select 1 from plan2d_pins where plan_id = $1 and kind = $2 and record_id = $3 and deleted_at is null', [planId, body.kind, body.recordId]);
    if (rows.length > 0) throw new ApiError(409, { message: 'plan2d.already_pinned' });
    await this.db.query(`insert into plan2d_pins (id, district_id, plan_id, kind, record_id, x, y, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`, [
      body.id,
      this.scope.districtId,
      planId,
      body.kind,
      body.recordId,
      body.x,
      body.y,
      this.scope.actor.id,
    ]);
    return { id: body.id, version: 1, planId, kind: body.kind, recordId: body.recordId, x: body.x, y: body.y, title: titles.get(body.recordId) ?? null };
  }

  private async pinRow(id: string): Promise<PinRow> {
    const { rows } = await this.db.query<PinRow>('select id, version, plan_id, kind, record_id, x, y from plan2d_pins where id = $1 and district_id = $2 and deleted_at is null for update', [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound('plan2d.pin_not_found');
    return rows[0];
  }

  /** Moves a pin (the last move wins: a pin's position is one value the user sees). */
  async movePin(id: string, x: number, y: number): Promise<{ id: string; version: number; planId: string }> {
    const row = await this.pinRow(id);
    await this.db.query('update plan2d_pins set x = $2, y = $3, version = version + 1, updated_at = now(), updated_by = $4 where id = $1', [id, x, y, this.scope.actor.id]);
    return { id, version: row.version + 1, planId: row.plan_id };
  }

  /** Removes a pin (a pin already removed: nothing to do). */
  async removePin(id: string): Promise<{ id: string; version: number; planId: string }> {
    const { rows } = await this.db.query<PinRow>('select id, version, plan_id from plan2d_pins where id = $1 and district_id = $2', [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound('plan2d.pin_not_found');
    await this.db.query('update plan2d_pins set deleted_at = coalesce(deleted_at, now()), version = version + 1, updated_at = now(), updated_by = $2 where id = $1', [id, this.scope.actor.id]);
    return { id, version: rows[0].version + 1, planId: rows[0].plan_id };
  }

  async addZone(planId: string, body: ZoneCreate): Promise<Zone> {
    await this.plan(planId, true);
    await this.requireNewId('plan2d_zones', body.id);
    if (body.points.length < ZONE_MIN_POINTS[body.type]) throw ApiError.badRequest('plan2d.zone_points', 'points');
    const points = body.type === 'assembly' ? body.points.slice(0, 1) : body.points;
    await this.db.query(`insert into plan2d_zones (id, district_id, plan_id, type, name, colour, points, created_by, updated_by) values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $8)`, [
      body.id,
      this.scope.districtId,
      planId,
      body.type,
      body.name.trim(),
      body.colour.toLowerCase(),
      JSON.stringify(points),
      this.scope.actor.id,
    ]);
    return { id: body.id, version: 1, planId, type: body.type, name: body.name.trim(), colour: body.colour.toLowerCase(), points };
  }

  async removeZone(id: string): Promise<{ id: string; version: number; planId: string }> {
    const { rows } = await this.db.query<ZoneRow>('select id, version, plan_id from plan2d_zones where id = $1 and district_id = $2', [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound('plan2d.zone_not_found');
    await this.db.query('update plan2d_zones set deleted_at = coalesce(deleted_at, now()), version = version + 1, updated_at = now(), updated_by = $2 where id = $1', [id, this.scope.actor.id]);
    return { id, version: rows[0].version + 1, planId: rows[0].plan_id };
  }
}
