/**
 * Attachments: the tus endpoint that receives them (`/api/uploads`, uploads/index.ts) and the
 * routes that serve and delete them, over one storage opened here (storage.ts).
 * - GET /api/attachments/:id: the file, for whoever may read its module in the session's
 *   district (another district's, an unfinished or a deleted one: 404, nothing tells them
 *   apart); ETag (its SHA-256) with If-None-Match → 304; one byte range (206, or 416 when it
 *   starts past the end); Content-Type as uploaded; `Cache-Control: private, no-cache` (the
 *   browser may keep it but asks each time, so the tenant check runs on every use).
 * - GET /api/attachments/:id/thumbnail: a JPEG, long edge 320, made once and kept beside the
 *   original, with its own ETag; 404 for documents.
 * - DELETE /api/attachments/:id: reversible deletion, by a manager of the module, or by the
 *   record's author or assignee who uploaded the file (ATTACHMENT_MODULES), then the module's
 *   own rule where it has one (AttachmentRule.beforeDelete: an action's photos); a write of
 *   its record (new version, a history entry naming the file, `records:changed` once
 *   committed), run once per Idempotency-Key; deleting it again is a success that changes
 *   nothing (a queued delete meeting another manager's).
 * The app sends its bearer token with these requests (fetch, then an object URL), as with
 * every API call; an <img src> alone would carry no token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok, fileBytes } from '../../../../../common/schemas/envelope.js';
import { Attachment } from '../../../../../common/schemas/platform.js';
import Type from 'typebox';
import { ATTACHMENT_MODULES, ensureThumbnail, INLINE_TYPES, NOT_YOURS_TO_DELETE, RECORD_LOCKED, recordLocked, requireRecordAccess, findAttachment, softDeleteAttachment, toAttachment, touchAttachmentRecord, type AttachmentRow } from '../../../attachments/index.js';
import type { AttachmentStorage, ByteRange } from '../../../attachments/storage.js';
import { ApiError } from '../../../lib/errors.js';
import { emitRecordChanged } from '../../../modules/_platform/events.js';
import { writeHistory } from '../../../modules/_platform/records.js';
import { idempotentWrite } from '../../../plugins/idempotency.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { rightsOf } from '../../../plugins/rights.js';
import { matchesEtag } from '../../../modules/_platform/etag.js';
import type { RouteContext } from '../../context.js';
import { UUID_PATTERN } from '../admin/index.js';
import { uploadRoutes } from '../uploads/index.js';

/**
 * The range a `Range` header asks of a file of `size` bytes: null to send it whole (no header,
 * another unit, several ranges, or a syntax this does not serve), 'unsatisfiable' when it
 * starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last n bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}


/**
 * `inline; filename*=UTF-8''…` (the name as uploaded, safe in a header) for a type a browser
 * shows without running anything of it; `attachment` for every other (an SVG or an HTML page is
 * downloaded, never rendered on the app's origin).
 */
const disposition = (name: string, type: string): string => `${INLINE_TYPES.has(type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`;

export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: AttachmentStorage,
  file: { key: string; etag: string; type: string; name: string; size: number },
): Promise<FastifyReply> {
  reply.header('ETag', file.etag).header('Cache-Control', 'private, no-cache').header('Accept-Ranges', 'bytes');
  if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  // If-Range with another ETag: the file changed since the client's first part, send it whole.
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === file.etag ? parseRange(request.headers.range, file.size) : null;
  reply.header('Content-Disposition', disposition(file.name, file.type));
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new ApiError(416, { message: 'attachments.range_not_satisfiable' });
  }
  reply.type(file.type);
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`).header('Content-Length', String(range.end - range.start + 1));
    if (request.method === 'HEAD') return reply.send();
    return reply.send(await storage.get(file.key, range));
  }
  reply.header('Content-Length', String(file.size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.get(file.key));
}

export async function attachmentRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { storage } = ctx;
  await app.register(async (uploads) => uploadRoutes(uploads, ctx, storage), { prefix: '/uploads' });
  await app.register(
    async (files) => {
      files.addHook('preHandler', files.authenticate);
      const params = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', pattern: UUID_PATTERN } } } as const;
      // An attachment answers to its record's module: attachmentOf checks that module's right.
      const config = { access: { session: true, reason: "an attachment answers to its record's module: the handler checks that module's right" } } as const;
      const deleted = Type.Intersect([Attachment, Type.Object({ deletedAt: Type.String() })]);

      /** The session district's complete attachment, readable (or, for `write`, writable) by the session; 404 for anything else. */
      const attachmentOf = async (request: FastifyRequest<{ Params: { id: string } }>, action: 'read' | 'write'): Promise<AttachmentRow> => {
        const auth = requireAuth(request);
        const row = await findAttachment(auth.db, auth.districtId, request.params.id.toLowerCase());
        const rule = row ? ATTACHMENT_MODULES[row.module] : undefined;
        // A deleted one is still found by a deletion (deleting it again changes nothing).
        if (!row || !rule || row.state !== 'complete' || (row.deleted_at !== null && action === 'read')) throw ApiError.notFound('attachments.not_found');
        const rights = await rightsOf(request);
        // The common rule (ATTACHMENT_MODULES): a reader sees; a manager, or the record's author
        // or assignee deleting a file they uploaded, deletes.
        const access = await requireRecordAccess(auth.db, rule, rights, { districtId: auth.districtId, recordId: row.record_id, accountId: auth.accountId }, {
          change: action === 'write',
          notFound: 'attachments.not_found',
          notYours: NOT_YOURS_TO_DELETE,
        });
        if (action === 'write' && access === 'owner' && row.created_by !== auth.accountId) throw ApiError.forbidden(NOT_YOURS_TO_DELETE);
        if (action === 'write' && (await recordLocked(auth.db, row.module, auth.districtId, row.record_id))) throw new ApiError(423, { message: RECORD_LOCKED });
        if (action === 'write' && rule.beforeDelete) {
          await rule.beforeDelete(auth.db, { districtId: auth.districtId, recordId: row.record_id, accountId: auth.accountId, uploaderId: row.created_by, rights });
        }
        return row;
      };

      files.get<{ Params: { id: string } }>('/:id', { config, schema: { params, response: fileBytes() } }, async (request, reply) => {
        const row = await attachmentOf(request, 'read');
        return sendFile(request, reply, storage, { key: row.storage_key, etag: `"${row.sha256}"`, type: row.type, name: row.name, size: Number(row.size) });
      });

      files.get<{ Params: { id: string } }>('/:id/thumbnail', { config, schema: { params, response: fileBytes() } }, async (request, reply) => {
        const row = await attachmentOf(request, 'read');
        const key = await ensureThumbnail(requireAuth(request).db, storage, row);
        const stored = key ? await storage.stat(key) : null;
        if (!key || !stored) throw ApiError.notFound('attachments.no_thumbnail');
        const name = `${row.name.replace(/\.[^.]*$/, '')}-320.jpg`;
        return sendFile(request, reply, storage, { key, etag: `"${row.sha256}-t320"`, type: 'image/jpeg', name, size: stored.size });
      });

      files.delete<{ Params: { id: string } }>('/:id', { config, schema: { params, response: ok(deleted) } }, async (request, reply) => {
        const auth = requireAuth(request);
        const row = await attachmentOf(request, 'write');
        // The record's new version, for the socket event once committed (not on a replay).
        let version: number | null = null;
        const data = await idempotentWrite(
          request,
          reply,
          async (tx) => {
            const done = await softDeleteAttachment(tx, auth.districtId, row.id, auth.accountId);
            if (!done) throw ApiError.notFound('attachments.not_found');
            if (row.deleted_at === null) {
              version = await touchAttachmentRecord(tx, row, auth.accountId);
              const scope = { db: tx, control: ctx.databases.control, districtId: auth.districtId, actor: { id: auth.accountId } };
              if (version !== null) {
                await writeHistory(scope, { module: row.module, recordId: row.record_id, version, action: 'update', changes: [{ field: 'attachments', before: row.name, after: null }] });
              }
            }
            return { statusCode: 200, data: { ...toAttachment(done), deletedAt: new Date(done.deleted_at!).toISOString() } };
          },
          () => {
            if (version !== null) emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: row.module, id: row.record_id, version });
          },
        );
        return respond(request, data);
      });
    },
    { prefix: '/attachments' },
  );
}
