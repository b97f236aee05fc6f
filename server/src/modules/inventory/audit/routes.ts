/**
 * The audit part's routes under /api/inventory (common/modules/inventory/audit.ts):
 *
 *   GET  /scan-index                 the district's items for resolving scans offline (ETag, 304)
 *   GET  /labels/items               the items a sheet of labels would hold (manage)
 *   POST /labels.pdf                 the sheet of labels (manage; a POST: a selection is many ids;
 *                                    or the equipment list's filters, as GET /labels/items takes them)
 *   GET  /audits, POST /audits       the audits (open first, then completed), start one
 *   GET  /audits/:id                 an audit with its expected items, scans and result
 *   POST /audits/:id/scans           one scan (its id the device's: sent twice, stored once)
 *   POST /audits/:id/complete        completes it, naming every scan the device made: 409
 *                                    `inventory.audit.scans_missing` while any is not here
 *   POST /audits/:id/move            moves a misplaced item to the audit's place (manage)
 *
 * Rights (docs/rights.md, "Own work"): reading the equipment (inventoryV2 or inventory read)
 * lets a field user start an audit, scan and complete it; moving an item changes the catalog, a
 * manager's right (inventoryV2.admin or inventories.*_admin), as printing labels.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Audit,
  AUDIT_COMPLETED,
  AUDIT_ITEM_NOT_FOUND,
  AUDIT_MODULE,
  AUDIT_NOT_FOUND,
  AUDIT_SCANS_MISSING,
  AUDIT_SITE_NOT_FOUND,
  AuditComplete,
  AuditCreate,
  AuditMove,
  AuditRow,
  AuditScan,
  auditResult,
  inAuditPlace,
  EQUIPMENT_MODULE,
  LabelItem,
  LabelItemsQuery,
  LABELS_MAX,
  LABELS_NONE,
  LabelsBody,
  ScanCreate,
  ScanIndex,
  type AuditItem,
  type LabelFormat,
} from '../../../../../common/modules/inventory/audit.js';
import { ErrorResponses, FileBytes, okOrNotModified } from '../../../../../common/schemas/envelope.js';
import type { Queryable } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyCan } from '../../../plugins/rights.js';
import type { RouteContext } from '../../../routes/context.js';
import { etagOf, matchesEtag } from '../../_platform/etag.js';
import { printFileName, printLanguage } from '../../_platform/pdf.js';
import { IdParams, sessionScope, writeAndAnnounce } from '../../_platform/record-routes.js';
import { actorNames, actorOf, iso, isoOrNull, writeHistory, writeVersion, type RecordScope } from '../../_platform/records.js';
import { Envelope, WriteHeaders } from '../../_platform/schemas.js';
import type { EquipmentFilter } from '../../../../../common/modules/inventory/catalog.js';
import { CatalogRepository } from '../catalog/repository.js';
import { labelsPdf } from './labels.js';
import { resolveOnServer, scanIndex } from './scan.js';

/** Audits in the list at most (the newest). */
const AUDITS_LISTED = 200;

interface AuditDbRow {
  id: string;
  version: number;
  site_id: string;
  site_name: string;
  room: string;
  status: 'open' | 'completed';
  started_at: Date;
  started_by: string;
  completed_at: Date | null;
  completed_by: string | null;
  expected_ids: string[];
  found_count: number;
}

const AUDIT_SELECT = `
  select a.id, a.version, a.site_id, coalesce(s.name, '') as site_name, a.room, a.status, a.started_at, a.started_by, a.completed_at, a.completed_by, a.expected_ids,
         (select count(distinct sc.equipment_id)::int from inventory_audit_scans sc where sc.audit_id = a.id and sc.equipment_id = any(a.expected_ids)) as found_count
    from inventory_audits a left join sites s on s.id = a.site_id`;

function rowOf(r: AuditDbRow, names: Map<string, string>): AuditRow {
  return {
    id: r.id,
    version: r.version,
    siteId: r.site_id,
    siteName: r.site_name,
    room: r.room,
    status: r.status,
    startedAt: iso(r.started_at),
    startedBy: actorOf(names, r.started_by),
    completedAt: isoOrNull(r.completed_at),
    completedBy: r.completed_by === null ? null : actorOf(names, r.completed_by),
    expectedCount: r.expected_ids.length,
    foundCount: r.found_count,
  };
}

async function auditDbRow(scope: RecordScope, id: string, lock = false): Promise<AuditDbRow> {
  const { rows } = await scope.db.query<AuditDbRow>(`${AUDIT_SELECT} where a.id = $1 and a.district_id = $2 and a.deleted_at is null${lock ? ' for update of a' : ''}`, [id, scope.districtId]);
  if (!rows[0]) throw ApiError.notFound(AUDIT_NOT_FOUND);
  return rows[0];
}

/** An audit whole: its row, expected ids, scans, the items they name as they are now, and its result. */
async function readAudit(scope: RecordScope, id: string): Promise<Audit> {
  const row = await auditDbRow(scope, id);
  const scans = await scope.db.query<{ id: string; code: string; equipment_id: string | null; scanned_at: Date; scanned_by: string }>(
    'select id, code, equipment_id, scanned_at, scanned_by from inventory_audit_scans where audit_id = $1 and district_id = $2 order by scanned_at, received_at, id',
    [id, scope.districtId],
  );
  const itemIds = [...new Set([...row.expected_ids, ...scans.rows.flatMap((s) => (s.equipment_id ? [s.equipment_id] : []))])];
  const items = await scope.db.query<{ id: string; name: string; tag: string; site_id: string | null; site_name: string; room: string }>(
    `select e.id, e.name, e.tag, e.site_id, coalesce(s.name, '') as site_name, e.room
       from inventory_equipment e left join sites s on s.id = e.site_id where e.district_id = $1 and e.id = any($2::uuid[]) order by vigie_fold(e.name), e.id`,
    [scope.districtId, itemIds],
  );
  const names = await actorNames(scope.control, [row.started_by, row.completed_by, ...scans.rows.map((s) => s.scanned_by)]);
  const audited = { siteId: row.site_id, room: row.room };
  const byId = new Map(items.rows.map((i) => [i.id, i]));
  const auditItems: AuditItem[] = items.rows.map((i) => ({ id: i.id, name: i.name, tag: i.tag, siteId: i.site_id, siteName: i.site_name, room: i.room }));
  return {
    ...rowOf(row, names),
    expectedIds: row.expected_ids,
    scans: scans.rows.map((s) => ({ id: s.id, code: s.code, equipmentId: s.equipment_id, scannedAt: iso(s.scanned_at), by: actorOf(names, s.scanned_by) })),
    items: auditItems,
    result: auditResult(
      row.expected_ids,
      scans.rows.map((s) => ({ code: s.code, equipmentId: s.equipment_id })),
      (itemId) => {
        const item = byId.get(itemId);
        return item !== undefined && inAuditPlace(audited, { siteId: item.site_id, room: item.room });
      },
    ),
  };
}

const idsOf = (text: string | undefined): string[] => (text ? [...new Set(text.toLowerCase().split(','))] : []);

export async function auditRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireAnyCan({ feature: 'inventoryV2', action: 'read' }, { feature: 'inventory', action: 'read' });
  const manage = requireAnyCan({ feature: 'inventoryV2', action: 'manage' }, { feature: 'inventory', action: 'manage' });
  const tags = ['inventory'];
  const scopeOf = (request: FastifyRequest, tx?: Queryable) => sessionScope(ctx, request, tx);
  const announce = (id: string, version: number) => [{ module: AUDIT_MODULE, id, version }];

  app.get(
    '/scan-index',
    { onRequest: read, schema: { tags, summary: "The district's items for resolving a scan on the device (ETag; 304 on If-None-Match)", response: okOrNotModified(ScanIndex) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const index = await scanIndex(auth.db, auth.districtId);
      const etag = etagOf(JSON.stringify(index));
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return respond(request, index);
    },
  );

  // ------------------------------------------------------------------------------ labels

  /** The items of a sheet: by ids (in their order), else the equipment list's as filtered (in its order), else a site's (and room's), by place and name. */
  async function labelItems(request: FastifyRequest, query: { ids?: string[]; siteId?: string; room?: string; filter?: EquipmentFilter }) {
    const auth = requireAuth(request);
    const filter = Object.fromEntries(Object.entries(query.filter ?? {}).filter(([, value]) => value !== undefined && value !== '')) as EquipmentFilter;
    if ((!query.ids || query.ids.length === 0) && Object.keys(filter).length > 0) {
      // The list's own query (the catalog part's), so the sheet holds what the list shows.
      const rows = await new CatalogRepository(scopeOf(request), true).exportEquipment(filter, LABELS_MAX);
      return rows.map((r) => ({ id: r.id, name: r.name, tag: r.tag, site_name: r.siteName, room: r.room }));
    }
    if (query.ids && query.ids.length > 0) {
      const { rows } = await auth.db.query<{ id: string; name: string; tag: string; site_name: string; room: string }>(
        `select e.id, e.name, e.tag, coalesce(s.name, '') as site_name, e.room from inventory_equipment e left join sites s on s.id = e.site_id
          where e.district_id = $1 and e.deleted_at is null and e.id = any($2::uuid[])`,
        [auth.districtId, query.ids],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return query.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    }
    if (query.siteId) {
      const { rows } = await auth.db.query<{ id: string; name: string; tag: string; site_name: string; room: string }>(
        `select e.id, e.name, e.tag, coalesce(s.name, '') as site_name, e.room from inventory_equipment e left join sites s on s.id = e.site_id
          where e.district_id = $1 and e.deleted_at is null and e.site_id = $2 and ($3 = '' or lower(trim(e.room)) = lower(trim($3)))
          order by e.building, e.floor, e.room, vigie_fold(e.name), e.id limit ${LABELS_MAX}`,
        [auth.districtId, query.siteId, query.room ?? ''],
      );
      return rows;
    }
    return [];
  }

  async function sendLabels(request: FastifyRequest, reply: import('fastify').FastifyReply, input: { ids?: string[]; siteId?: string; room?: string; filter?: EquipmentFilter; format: LabelFormat; start: number; lang?: 'fr' | 'en' }) {
    const auth = requireAuth(request);
    if (input.ids && input.ids.length > LABELS_MAX) throw ApiError.badRequest('validation.invalid_request', `ids: at most ${LABELS_MAX}`);
    const items = await labelItems(request, input);
    if (items.length === 0) throw ApiError.badRequest(LABELS_NONE);
    const district = await auth.db.query<{ name: string }>('select name from districts where id = $1', [auth.districtId]);
    const language = input.lang ?? printLanguage(request.headers['accept-language']);
    const title = language === 'fr' ? 'Étiquettes' : 'Labels';
    const pdf = await labelsPdf({ items, format: input.format, start: input.start, origin: ctx.config.publicUrl, districtName: district.rows[0]?.name ?? '', title });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${printFileName(language === 'fr' ? 'etiquettes' : 'labels', input.format, 'labels')}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  app.get(
    '/labels/items',
    { onRequest: manage, schema: { tags, summary: 'The items a sheet of labels would hold', querystring: LabelItemsQuery, response: { 200: Envelope(Type.Array(LabelItem)) } } },
    async (request) => {
      const { ids, siteId, room, ...filter } = request.query;
      const rows = await labelItems(request, { ids: idsOf(ids), ...(siteId ? { siteId } : {}), ...(room !== undefined ? { room } : {}), filter });
      return respond(
        request,
        rows.map((r) => ({ id: r.id, name: r.name, tag: r.tag, siteName: r.site_name, room: r.room })),
      );
    },
  );

  app.post(
    '/labels.pdf',
    { onRequest: manage, schema: { tags, summary: 'A sheet of labels (A4 PDF): the items by ids, or the equipment list’s as filtered, or a site’s (and room’s)', body: LabelsBody, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const b = request.body;
      return sendLabels(request, reply, {
        ...(b.ids ? { ids: [...new Set(b.ids.map((id) => id.toLowerCase()))] } : {}),
        ...(b.siteId ? { siteId: b.siteId } : {}),
        ...(b.room !== undefined ? { room: b.room } : {}),
        ...(b.filter ? { filter: b.filter } : {}),
        format: b.format,
        start: b.start ?? 1,
        ...(b.lang ? { lang: b.lang } : {}),
      });
    },
  );

  // ------------------------------------------------------------------------------ audits

  app.get('/audits', { onRequest: read, schema: { tags, summary: 'The audits: open ones first, then the newest', response: { 200: Envelope(Type.Array(AuditRow)) } } }, async (request) => {
    const scope = scopeOf(request);
    const { rows } = await scope.db.query<AuditDbRow>(
      `${AUDIT_SELECT} where a.district_id = $1 and a.deleted_at is null order by (a.status = 'open') desc, a.started_at desc, a.id limit ${AUDITS_LISTED}`,
      [scope.districtId],
    );
    const names = await actorNames(scope.control, rows.flatMap((r) => [r.started_by, r.completed_by]));
    return respond(request, rows.map((r) => rowOf(r, names)));
  });

  app.post(
    '/audits',
    { onRequest: read, schema: { tags, summary: 'Starts an audit of a site or a room: the server keeps the items there now as expected', headers: WriteHeaders, body: AuditCreate, response: { 201: Envelope(Audit), ...ErrorResponses } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 201, (a: Audit) => announce(a.id, a.version), async (tx) => {
          const scope = scopeOf(request, tx);
          const { id, siteId } = request.body;
          const room = (request.body.room ?? '').trim();
          const existing = await tx.query<{ district_id: string }>('select district_id from inventory_audits where id = $1', [id]);
          if (existing.rows[0]) {
            // The same start sent again under another key: the audit as it is.
            if (existing.rows[0].district_id !== scope.districtId) throw ApiError.notFound(AUDIT_NOT_FOUND);
            return readAudit(scope, id);
          }
          const site = await tx.query('select 1 from sites where id = $1 and district_id = $2 and deleted_at is null', [siteId, scope.districtId]);
          if (site.rows.length === 0) throw ApiError.notFound(AUDIT_SITE_NOT_FOUND);
          // The expected snapshot: the live items in service (not retired) at that place now.
          await tx.query(
            `insert into inventory_audits (id, district_id, site_id, room, started_by, created_by, expected_ids)
             select $1, $2, $3, $4, $5, $5, coalesce(array_agg(e.id order by e.id), '{}') from inventory_equipment e
              where e.district_id = $2 and e.deleted_at is null and e.status <> 'retired' and e.site_id = $3 and ($4 = '' or lower(trim(e.room)) = lower($4))`,
            [id, scope.districtId, siteId, room, scope.actor.id],
          );
          await writeHistory(scope, { module: AUDIT_MODULE, recordId: id, version: 1, action: 'create', changes: [{ field: 'siteId', before: null, after: siteId }, { field: 'room', before: null, after: room }] });
          return readAudit(scope, id);
        }),
      ),
  );

  app.get('/audits/:id', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(Audit) } } }, async (request) => respond(request, await readAudit(scopeOf(request), request.params.id)));

  app.post(
    '/audits/:id/scans',
    { onRequest: read, schema: { tags, summary: 'One scan of the audit (the device’s id: stored once)', params: IdParams, headers: WriteHeaders, body: ScanCreate, response: { 201: Envelope(AuditScan), ...ErrorResponses } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 201, () => announce(request.params.id, 0), async (tx) => {
          const scope = scopeOf(request, tx);
          const audit = await auditDbRow(scope, request.params.id, true);
          const { id, code, scannedAt } = request.body;
          const names = await actorNames(scope.control, [scope.actor.id]);
          const known = await tx.query<{ district_id: string; audit_id: string; code: string; equipment_id: string | null; scanned_at: Date; scanned_by: string }>(
            'select district_id, audit_id, code, equipment_id, scanned_at, scanned_by from inventory_audit_scans where id = $1',
            [id],
          );
          const held = known.rows[0];
          if (held) {
            // Sent again (a retry that lost its answer): stored once, answered as it was.
            if (held.district_id !== scope.districtId || held.audit_id !== audit.id) throw ApiError.notFound(AUDIT_NOT_FOUND);
            return { id, code: held.code, equipmentId: held.equipment_id, scannedAt: iso(held.scanned_at), by: actorOf(await actorNames(scope.control, [held.scanned_by]), held.scanned_by) };
          }
          if (audit.status === 'completed') throw new ApiError(409, { message: AUDIT_COMPLETED });
          const scanned = await tx.query<{ equipment_id: string }>('select distinct equipment_id from inventory_audit_scans where audit_id = $1 and equipment_id is not null', [audit.id]);
          const already = new Set(scanned.rows.map((r) => r.equipment_id));
          const expected = new Set(audit.expected_ids);
          const resolution = await resolveOnServer(tx, scope.districtId, code, (itemId) => expected.has(itemId) && !already.has(itemId));
          const equipmentId = resolution.kind === 'item' ? resolution.id : null;
          await tx.query(
            'insert into inventory_audit_scans (id, district_id, audit_id, code, equipment_id, scanned_at, scanned_by) values ($1, $2, $3, $4, $5, $6, $7)',
            [id, scope.districtId, audit.id, code.trim(), equipmentId, scannedAt, scope.actor.id],
          );
          return { id, code: code.trim(), equipmentId, scannedAt: new Date(scannedAt).toISOString(), by: actorOf(names, scope.actor.id) };
        }),
      ),
  );

  app.post(
    '/audits/:id/complete',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Completes the audit; 409 inventory.audit.scans_missing (details: how many) while a scan the device made is not on the server',
        params: IdParams,
        headers: WriteHeaders,
        body: AuditComplete,
        response: { 200: Envelope(Audit), ...ErrorResponses },
      },
    },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (a: Audit) => announce(a.id, a.version), async (tx) => {
          const scope = scopeOf(request, tx);
          const audit = await auditDbRow(scope, request.params.id, true);
          if (audit.status === 'completed') return readAudit(scope, audit.id);
          const wanted = [...new Set(request.body.scanIds.map((id) => id.toLowerCase()))];
          if (wanted.length > 0) {
            const { rows } = await tx.query<{ count: number }>('select count(*)::int as count from inventory_audit_scans where audit_id = $1 and id = any($2::uuid[])', [audit.id, wanted]);
            const missing = wanted.length - (rows[0]?.count ?? 0);
            if (missing > 0) throw new ApiError(409, { message: AUDIT_SCANS_MISSING, details: String(missing) });
          }
          await writeVersion(scope, { table: 'inventory_audits', module: AUDIT_MODULE, id: audit.id, version: audit.version }, [{ field: 'status', before: 'open', after: 'completed' }], {
            set: `status = 'completed', completed_at = now(), completed_by = $3`,
          });
          return readAudit(scope, audit.id);
        }),
      ),
  );

  app.post(
    '/audits/:id/move',
    { onRequest: manage, schema: { tags, summary: "Moves a misplaced item to the audit's site and room (in the item's history)", params: IdParams, headers: WriteHeaders, body: AuditMove, response: { 200: Envelope(Audit), ...ErrorResponses } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(
          ctx,
          request,
          reply,
          200,
          (a: Audit) => [...announce(a.id, a.version), { module: EQUIPMENT_MODULE, id: request.body.equipmentId, version: 0 }],
          async (tx) => {
            const scope = scopeOf(request, tx);
            const audit = await auditDbRow(scope, request.params.id);
            const { rows } = await tx.query<{ id: string; version: number; site_id: string | null; room: string }>(
              'select id, version, site_id, room from inventory_equipment where id = $1 and district_id = $2 and deleted_at is null for update',
              [request.body.equipmentId, scope.districtId],
            );
            const item = rows[0];
            if (!item) throw ApiError.notFound(AUDIT_ITEM_NOT_FOUND);
            const place = { siteId: audit.site_id, room: audit.room };
            if (!inAuditPlace(place, { siteId: item.site_id, room: item.room })) {
              // A whole-site audit keeps the room only when the item was on that site already.
              const room = audit.room !== '' ? audit.room : item.site_id === audit.site_id ? item.room : '';
              const changes = [
                ...(item.site_id !== audit.site_id ? [{ field: 'siteId', before: item.site_id, after: audit.site_id }] : []),
                ...(item.room !== room ? [{ field: 'room', before: item.room, after: room }] : []),
              ];
              await writeVersion(scope, { table: 'inventory_equipment', module: EQUIPMENT_MODULE, id: item.id, version: item.version }, changes, {
                set: 'site_id = $4, room = $5',
                values: [audit.site_id, room],
              });
            }
            return readAudit(scope, audit.id);
          },
        ),
      ),
  );
}
