/**
 * The upload-only links as the outside party uses them, without a session (/api/shared/dsa):
 * the token names the client database (_platform/tokens.ts) and the link by its hash. Unknown
 * or malformed: 404 `dsa.link_not_found`; revoked: 410 `dsa.link_revoked`; expired: 410
 * `dsa.link_expired`. The link says its area's name, the types it takes, the quota left and its
 * expiry, and never lists a file.
 *
 * A deposit is a tus 1.0 upload (@tus/server over the attachments' storage, as `/api/uploads`)
 * at `/api/shared/dsa/<token>/uploads/<deposit id>`, the token standing for the session: POST
 * creates it (creation, creation-with-upload), HEAD tells the offset the server holds, PATCH
 * appends at that offset (409 otherwise), so a cut upload resumes the standard way, with any
 * tus client. The creation's Upload-Metadata names the deposit's id (the page's), the file's
 * name and type and the depositor's name and e-mail (400 `upload.invalid_metadata` naming the
 * field); it is checked against the types (415 `dsa.type_not_allowed`) and the quota of the
 * whole link (413 `dsa.over_quota`, every deposit under way counting its declared size) before
 * any byte is stored. The same id created again (a page reloaded, the same file chosen again)
 * answers the upload it has, with its offset, if name and size match (409 `upload.id_taken`
 * otherwise). Bytes are stored as an attachment (module `dsa_deposits`, record = the area).
 * The last byte completes it, tells the area's open sheets and its managers (./jobs.ts). Each
 * deposit records the depositor's name and e-mail, address, browser and time.
 */
import { Server as TusServer } from '@tus/server';
import { Metadata } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { API_PREFIX } from '../../../../common/constants.js';
import { DSA_DEPOSITS, DSA_ERRORS, DSA_AREAS, DSA_PUBLIC_PREFIX, DropMetadata, dsaAccepts, dsaAcceptAttribute, type DropView } from '../../../../common/modules/dsa/schemas.js';
import { completeUpload, createUploading, findAnyAttachment } from '../../attachments/index.js';
import { attachmentKey } from '../../attachments/storage.js';
import type { Databases } from '../../db/databases.js';
import type { Database } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import type { RouteContext } from '../../routes/context.js';
import { sendTus, webRequest } from '../../routes/api/uploads/index.js';
import { emitRecordChanged } from '../_platform/events.js';
import { TENANT_TOKEN, tokenHash } from '../_platform/tokens.js';
import { noticeAreaDeposits } from './jobs.js';

export interface OpenDrop {
  db: Database;
  clientDb: string;
  linkId: string;
  areaId: string;
  areaName: string;
  districtId: string;
  types: string[];
  quotaBytes: number;
  usedBytes: number;
  expiresAt: Date;
  createdBy: string;
}

function partToUuid(part: string): string {
  const hex = Buffer.from(part, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The live link behind a token (404 / 410 otherwise). */
export async function openDrop(databases: Databases, token: string): Promise<OpenDrop> {
  if (!TENANT_TOKEN.test(token)) throw ApiError.notFound(DSA_ERRORS.linkNotFound);
  const { rows: clients } = await databases.control.query<{ database: string }>('select database from clients where id = $1', [partToUuid(token.slice(0, 22))]);
  const clientDb = clients[0]?.database;
  if (!clientDb) throw ApiError.notFound(DSA_ERRORS.linkNotFound);
  const db = await databases.client(clientDb);
  const { rows } = await db.query<{
    id: string;
    area_id: string;
    area_name: string;
    district_id: string;
    types: string[];
    quota_bytes: string;
    used_bytes: string;
    expires_at: Date;
    created_by: string;
    revoked: boolean;
    expired: boolean;
    area_deleted: boolean;
  }>(
    `select l.id, l.area_id, a.name as area_name, l.district_id, l.types, l.quota_bytes, l.expires_at, l.created_by,
            coalesce((select sum(p.size) from dsa_deposits p where p.link_id = l.id), 0) as used_bytes,
            l.revoked_at is not null as revoked, l.expires_at <= now() as expired, a.deleted_at is not null as area_deleted
       from dsa_links l join dsa_areas a on a.id = l.area_id where l.token_hash = $1`,
    [tokenHash(token)],
  );
  const row = rows[0];
  if (!row) throw ApiError.notFound(DSA_ERRORS.linkNotFound);
  if (row.revoked || row.area_deleted) throw new ApiError(410, { message: DSA_ERRORS.revoked });
  if (row.expired) throw new ApiError(410, { message: DSA_ERRORS.expired });
  return {
    db,
    clientDb,
    linkId: row.id,
    areaId: row.area_id,
    areaName: row.area_name,
    districtId: row.district_id,
    types: row.types,
    quotaBytes: Number(row.quota_bytes),
    usedBytes: Number(row.used_bytes),
    expiresAt: new Date(row.expires_at),
    createdBy: row.created_by,
  };
}

export const dropView = (drop: OpenDrop): DropView => ({
  areaName: drop.areaName,
  types: drop.types as DropView['types'],
  accept: dsaAcceptAttribute(drop.types),
  quotaBytes: drop.quotaBytes,
  leftBytes: Math.max(0, drop.quotaBytes - drop.usedBytes),
  expiresAt: drop.expiresAt.toISOString(),
});

/** The tus URL of a deposit. */
export const dropUploadUrl = (token: string, id: string): string => `${API_PREFIX}${DSA_PUBLIC_PREFIX}/${token}/uploads/${id}`;
/** The content type of a tus chunk. */
const CHUNK_TYPE = 'application/offset+octet-stream';

const invalid = (field: string) => ApiError.badRequest('upload.invalid_metadata', field);

/** The creation's Upload-Metadata as a deposit's (400 naming the first bad field). */
export function parseDropMetadata(header: unknown): DropMetadata {
  if (typeof header !== 'string' || header === '') throw invalid('Upload-Metadata');
  let raw: Record<string, string | null>;
  try {
    raw = Metadata.parse(header);
  } catch {
    throw invalid('Upload-Metadata');
  }
  const meta: Record<string, string> = {};
  for (const field of ['id', 'name', 'type', 'depositorName', 'depositorEmail'] as const) {
    const value = raw[field];
    if (typeof value === 'string' && (value !== '' || field === 'type')) meta[field] = field === 'id' || field === 'type' ? value.toLowerCase() : value.trim();
  }
  meta.type ??= '';
  for (const field of ['id', 'name', 'type', 'depositorName', 'depositorEmail'] as const) {
    if (!Value.Check(DropMetadata.properties[field], meta[field]) && !(field === 'depositorEmail' && meta[field] === undefined)) throw invalid(field);
  }
  // eslint-disable-next-line no-control-regex -- control characters and separators are what this refuses
  if (/[\u0000-\u001f\u007f/\\]/.test(meta.name!)) throw invalid('name');
  return meta as DropMetadata;
}

/** A deposit of this link (404 otherwise), with its attachment's state. */
async function depositOf(drop: OpenDrop, id: string): Promise<{ id: string; name: string; size: number; storageKey: string; complete: boolean }> {
  const { rows } = await drop.db.query<{ id: string; name: string; size: string; storage_key: string; state: string }>(
    `select p.id, p.name, p.size, a.storage_key, a.state from dsa_deposits p join attachments a on a.id = p.id and a.deleted_at is null
      where p.id = $1 and p.link_id = $2`,
    [id, drop.linkId],
  );
  const row = rows[0];
  if (!row) throw ApiError.notFound('upload.not_found');
  return { id: row.id, name: row.name, size: Number(row.size), storageKey: row.storage_key, complete: row.state === 'complete' };
}

/** What the route worked out for the request it hands to tus. */
interface Handoff {
  key: string;
  id: string;
  token: string;
  drop: OpenDrop;
}

export class DropService {
  private readonly handoffs = new WeakMap<Request, Handoff>();
  private readonly tus: TusServer;

  constructor(private readonly ctx: RouteContext) {
    const handoffOf = (req: Request): Handoff => {
      const handoff = this.handoffs.get(req);
      if (!handoff) throw new Error('tus request without its handoff');
      return handoff;
    };
    this.tus = new TusServer({
      path: `${API_PREFIX}${DSA_PUBLIC_PREFIX}`,
      datastore: ctx.storage.uploads,
      maxSize: ctx.config.documentMaxBytes,
      // Same origin: no CORS answer at all.
      allowedOrigins: () => false,
      namingFunction: (req) => handoffOf(req).key,
      getFileIdFromRequest: (req) => handoffOf(req).key,
      generateUrl: (req) => dropUploadUrl(handoffOf(req).token, handoffOf(req).id),
      onUploadFinish: async (req) => {
        const { drop, id } = handoffOf(req);
        await this.finish(drop, id);
        return {};
      },
    });
  }

  /** Completes a deposit whose bytes all arrived: its sheet refreshed, its managers told (once). */
  private async finish(drop: OpenDrop, id: string): Promise<void> {
    const row = await findAnyAttachment(drop.db, id);
    if (row && (await completeUpload(drop.db, this.ctx.storage, row))) {
      emitRecordChanged(this.ctx.io, drop.clientDb, drop.districtId, { module: DSA_AREAS, id: drop.areaId, version: null });
      await noticeAreaDeposits(this.ctx, drop.clientDb, drop.areaId);
    }
  }

  private run(request: FastifyRequest, handoff: Handoff, withBody: boolean): Promise<Response> {
    const req = webRequest(request, withBody);
    this.handoffs.set(req, handoff);
    return this.tus.handleWeb(req);
  }

  /** POST …/uploads: a deposit starts, or is found again (same id, name and size: a page reloaded after a cut). */
  async create(token: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const drop = await openDrop(this.ctx.databases, token);
    const meta = parseDropMetadata(request.headers['upload-metadata']);
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,16}$/.test(lengthHeader)) throw ApiError.badRequest('upload.invalid_request', 'Upload-Length');
    const size = Number(lengthHeader);
    const key = attachmentKey(drop.clientDb, meta.id);
    const withBody = request.headers['content-type'] === CHUNK_TYPE;
    const known = await findAnyAttachment(drop.db, meta.id);
    if (known) {
      const deposit = await depositOf(drop, meta.id).catch(() => null);
      if (!deposit || deposit.size !== size || deposit.name !== meta.name) throw new ApiError(409, { message: 'upload.id_taken' });
      const stored = await this.ctx.storage.uploads.getUpload(key).catch(() => null);
      if (stored) {
        // Told the offset the server holds; the bytes this creation carried are not read.
        if (withBody) request.raw.resume();
        const offset = stored.offset;
        if (offset === size && !deposit.complete) await this.finish(drop, deposit.id);
        reply.header('Tus-Resumable', '1.0.0').header('Location', dropUploadUrl(token, meta.id)).header('Upload-Offset', String(offset));
        return reply.code(201).send();
      }
    } else {
      if (!dsaAccepts(drop.types, meta.type, meta.name)) throw new ApiError(415, { message: DSA_ERRORS.type });
      if (size > this.ctx.config.documentMaxBytes) throw new ApiError(413, { message: 'upload.too_large' });
      const type = meta.type || 'application/octet-stream';
      await drop.db.transaction(async (tx) => {
        // The link locked: two deposits at once cannot both take the quota's last bytes.
        await tx.query('select 1 from dsa_links where id = $1 for update', [drop.linkId]);
        const { rows } = await tx.query<{ used: string }>('select coalesce(sum(size), 0) as used from dsa_deposits where link_id = $1', [drop.linkId]);
        if (Number(rows[0]!.used) + size > drop.quotaBytes) throw new ApiError(413, { message: DSA_ERRORS.quota });
        await createUploading(tx, {
          id: meta.id,
          districtId: drop.districtId,
          module: DSA_DEPOSITS,
          recordId: drop.areaId,
          name: meta.name,
          type,
          size,
          takenAt: null,
          gps: null,
          storageKey: key,
          createdBy: drop.createdBy,
          createdByName: meta.depositorName,
        });
        await tx.query(
          `insert into dsa_deposits (id, district_id, area_id, link_id, name, type, size, depositor_name, depositor_email, address, user_agent)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [meta.id, drop.districtId, drop.areaId, drop.linkId, meta.name, type, size, meta.depositorName, meta.depositorEmail ?? '', request.ip ?? '', String(request.headers['user-agent'] ?? '').slice(0, 400)],
        );
      });
      emitRecordChanged(this.ctx.io, drop.clientDb, drop.districtId, { module: DSA_AREAS, id: drop.areaId, version: null });
    }
    return sendTus(reply, await this.run(request, { key, id: meta.id, token, drop }, withBody));
  }

  /** HEAD …/uploads/:id: the offset the server holds (a whole upload whose answer was lost is completed now). */
  async head(token: string, id: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const drop = await openDrop(this.ctx.databases, token);
    const deposit = await depositOf(drop, id);
    const response = await this.run(request, { key: deposit.storageKey, id, token, drop }, false);
    if (response.status === 200 && !deposit.complete && response.headers.get('upload-offset') === String(deposit.size)) await this.finish(drop, id);
    return sendTus(reply, response);
  }

  /** PATCH …/uploads/:id: bytes at the offset the server holds. */
  async patch(token: string, id: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const drop = await openDrop(this.ctx.databases, token);
    const deposit = await depositOf(drop, id);
    return sendTus(reply, await this.run(request, { key: deposit.storageKey, id, token, drop }, true));
  }
}
