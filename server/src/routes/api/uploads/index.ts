/**
 * The tus 1.0 endpoint of attachments, `/api/uploads` (@tus/server 2): POST creates an
 * upload, HEAD tells its offset, PATCH appends a chunk. Each is an ordinary Fastify route, so
 * the app's hooks still apply (rate limit, security headers, no-store, the hostile-string and
 * default-schema checks), and each checks the session before tus sees the request:
 * - the bearer token (app.authenticate) and the module's rule (ATTACHMENT_MODULES): a manager,
 *   or the record's author or assignee, attaches to a record; a locked record takes no file;
 * - POST: the metadata (attachmentId, module, recordId, name, type, takenAt?, lat?, lng?), the
 *   size (VIGIE_UPLOAD_MAX_BYTES) and the type; the attachment row is created then, in the
 *   session's district, before the bytes arrive;
 * - HEAD and PATCH: the attachment must be the session district's and started by the same
 *   account (404 otherwise).
 * The upload's URL is `/api/uploads/<attachmentId>` and its id in the storage is the
 * attachment's storage key (`<client database>/<attachmentId>`): the same attachment id always
 * resumes the same upload, and clients never share a namespace. A POST for an id that already
 * has its upload answers 201 with that upload's URL and the offset it holds (Upload-Offset)
 * without touching its bytes or reading the request's (a re-upload is a success, never a
 * duplicate; a creation-with-upload goes on from that offset, a plain one finds it by HEAD). When the last byte
 * is stored the row is completed (hash, pixel size); a HEAD finding all bytes of a row still
 * 'uploading' (an answer lost after the last PATCH) completes it too. Completing it tells the
 * district's sockets `records:changed` for its record (version null), once.
 * tus's own answers pass through with their headers (never its CORS ones: the app is same
 * origin); its errors become the API's `{ message }` bodies.
 */
import { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import { Metadata } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../../../common/constants.js';
import { ErrorResponses, TusAnswer } from '../../../../../common/schemas/envelope.js';
import { ATTACHMENT_MODULES, acceptsType, maxBytesOf, NOT_YOURS_TO_ATTACH, RECORD_LOCKED, recordLocked, completeUpload, createUploading, findAnyAttachment, findAttachment, requireRecordAccess, type AttachmentRow } from '../../../attachments/index.js';
import { attachmentKey, type AttachmentStorage } from '../../../attachments/storage.js';
import { ApiError } from '../../../lib/errors.js';
import { emitRecordChanged } from '../../../modules/_platform/events.js';
import { uploadCompleted } from '../../../modules/_platform/upload-hooks.js';
import { requireAuth, type AuthContext } from '../../../plugins/auth.js';
import { rightsOf } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';
import { isUuid, UUID_PATTERN } from '../../../../../common/uuid.js';

export const UPLOADS_PATH = `${API_PREFIX}/uploads`;
/** The content type of a tus PATCH: its body is the chunk, left unparsed for tus to stream. */
const TUS_CHUNK_TYPE = 'application/offset+octet-stream';

/** The tus errors the app may see, as message keys of the common namespace. */
const TUS_ERRORS: Record<number, string> = {
  400: 'upload.invalid_request',
  403: 'upload.invalid_request',
  404: 'upload.not_found',
  409: 'upload.offset_mismatch',
  410: 'upload.not_found',
  412: 'upload.tus_version',
  413: 'upload.too_large',
  415: 'request.unsupported_media_type',
  423: 'upload.locked',
  460: 'upload.invalid_request',
};

/** What the route worked out for the request it hands to tus (the storage key names the upload). */
interface Handoff {
  key: string;
  auth: AuthContext;
}

/** The metadata of a new upload, validated; bad input is a 400 naming the field. */
export interface UploadMetadata {
  attachmentId: string;
  module: string;
  recordId: string;
  name: string;
  type: string;
  takenAt: string | null;
  gps: { lat: number; lng: number } | null;
}

const invalid = (field: string) => ApiError.badRequest('upload.invalid_metadata', field);

export function parseUploadMetadata(header: string | undefined): UploadMetadata {
  if (!header) throw invalid('Upload-Metadata');
  let raw: Record<string, string | null>;
  try {
    raw = Metadata.parse(header);
  } catch {
    throw invalid('Upload-Metadata');
  }
  const text = (name: string): string | null => (typeof raw[name] === 'string' && raw[name] !== '' ? raw[name] : null);
  const attachmentId = text('attachmentId')?.toLowerCase() ?? '';
  if (!isUuid(attachmentId)) throw invalid('attachmentId');
  const module = text('module') ?? '';
  if (!Object.hasOwn(ATTACHMENT_MODULES, module)) throw invalid('module');
  const recordId = text('recordId')?.toLowerCase() ?? '';
  if (!isUuid(recordId)) throw invalid('recordId');
  const name = text('name') ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (name.length > 255 || /[\u0000-\u001f\u007f/\\]/.test(name) || !name.trim()) throw invalid('name');
  const type = (text('type') ?? '').toLowerCase();
  if (!acceptsType(ATTACHMENT_MODULES[module]!, type)) throw invalid('type');
  const takenText = text('takenAt');
  let takenAt: string | null = null;
  if (takenText !== null) {
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(takenText) ? Date.parse(takenText) : Number.NaN;
    if (Number.isNaN(time)) throw invalid('takenAt');
    takenAt = new Date(time).toISOString();
  }
  const latText = text('lat');
  const lngText = text('lng');
  let gps: UploadMetadata['gps'] = null;
  if (latText !== null || lngText !== null) {
    const number = /^-?\d{1,3}(\.\d{1,15})?$/;
    const lat = latText !== null && number.test(latText) ? Number(latText) : Number.NaN;
    const lng = lngText !== null && number.test(lngText) ? Number(lngText) : Number.NaN;
    if (!(lat >= -90 && lat <= 90)) throw invalid('lat');
    if (!(lng >= -180 && lng <= 180)) throw invalid('lng');
    gps = { lat, lng };
  }
  return { attachmentId, module, recordId, name: name.trim(), type, takenAt, gps };
}

/**
 * The session may attach files to the record (ATTACHMENT_MODULES: a manager, or its author or
 * assignee), or the refusal: 403 without the right, 404 for a record the read right does not
 * reach, 403 upload.not_yours for someone else's record.
 */
async function requireAttach(request: FastifyRequest, module: string, recordId: string): Promise<void> {
  const auth = requireAuth(request);
  const rule = ATTACHMENT_MODULES[module]!;
  await requireRecordAccess(auth.db, rule, await rightsOf(request), { districtId: auth.districtId, recordId, accountId: auth.accountId }, {
    change: true,
    notFound: 'upload.record_not_found',
    notYours: NOT_YOURS_TO_ATTACH,
  });
}

/** The request as tus reads it (a web Request), its body the raw stream when it has one (also the dsa module's public tus endpoint). */
export function webRequest(request: FastifyRequest, withBody: boolean): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // HTTP/2's pseudo-headers (:path...) are not headers of a Request.
    if (value === undefined || name.startsWith(':')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://vigie.invalid${request.url}`, {
    method: request.method,
    headers,
    body: withBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
    // Required by fetch's Request for a streamed body.
    duplex: 'half',
  });
}

/** Sends tus's answer through Fastify (so its hooks add their headers), errors as `{ message }` (also the dsa module's public tus endpoint). */
export async function sendTus(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    // Same origin only: tus's CORS headers are not wanted; Fastify computes the length.
    if (name.startsWith('access-control-') || name === 'content-length' || name === 'content-type' || name === 'connection') return;
    reply.header(name, value);
  });
  if (response.status >= 400) {
    await response.body?.cancel();
    return reply.send({ message: TUS_ERRORS[response.status] ?? (response.status >= 500 ? 'internal_error' : 'upload.invalid_request') });
  }
  await response.body?.cancel();
  return reply.send();
}

export async function uploadRoutes(app: FastifyInstance, ctx: RouteContext, storage: AttachmentStorage): Promise<void> {
  /**
   * Completes an upload whose bytes are all stored and, the first time, tells the district's
   * open apps that the record's files changed (records:changed, version null: the record
   * itself is unchanged), so another app showing the record sees the photo.
   */
  const complete = async (auth: AuthContext, row: AttachmentRow): Promise<void> => {
    if (await completeUpload(auth.db, storage, row)) {
      emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: row.module, id: row.record_id, version: null });
      await uploadCompleted({ ctx, auth, row, log: app.log });
    }
  };
  const handoffs = new WeakMap<Request, Handoff>();
  const handoffOf = (req: Request): Handoff => {
    const handoff = handoffs.get(req);
    if (!handoff) throw new Error('tus request without its handoff');
    return handoff;
  };
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: storage.uploads,
    // The largest any module takes; each module's own limit is checked at creation.
    maxSize: Math.max(ctx.config.uploadMaxBytes, ctx.config.documentMaxBytes),
    // Same origin: no CORS answer at all.
    allowedOrigins: () => false,
    namingFunction: (req) => handoffOf(req).key,
    getFileIdFromRequest: (req) => handoffOf(req).key,
    generateUrl: (_req, { id }) => `${UPLOADS_PATH}/${id.slice(id.lastIndexOf('/') + 1)}`,
    onUploadFinish: async (req) => {
      const { auth, key } = handoffOf(req);
      const row = await findAttachment(auth.db, auth.districtId, key.slice(key.lastIndexOf('/') + 1));
      if (row) await complete(auth, row);
      return {};
    },
  });
  const runTus = (request: FastifyRequest, key: string, withBody: boolean): Promise<Response> => {
    const req = webRequest(request, withBody);
    handoffs.set(req, { key, auth: requireAuth(request) });
    return tus.handleWeb(req);
  };
  const handOver = async (request: FastifyRequest, reply: FastifyReply, key: string, withBody: boolean) =>
    sendTus(reply, await runTus(request, key, withBody));

  // The chunk stays a stream: tus reads it straight into the storage.
  app.addContentTypeParser(TUS_CHUNK_TYPE, (_request, _payload, done) => done(null));
  app.addHook('preHandler', app.authenticate);

  /**
   * The session district's attachment of an upload URL, started by this account, which may
   * still attach to its record; 404 for any other upload (another's upload is not continued).
   */
  const ownUpload = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<AttachmentRow> => {
    const auth = requireAuth(request);
    const row = await findAttachment(auth.db, auth.districtId, request.params.id.toLowerCase());
    if (!row || row.deleted_at !== null) throw ApiError.notFound('upload.not_found');
    await requireAttach(request, row.module, row.record_id);
    if (row.created_by !== auth.accountId) throw ApiError.notFound('upload.not_found');
    return row;
  };
  const params = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', pattern: UUID_PATTERN } } } as const;
  // The module of an upload is in its metadata (POST) or its row (HEAD, PATCH): the write right is
  // checked in the handler (requireAttach), so the routes' mark is the session's.
  const config = { access: { session: true, reason: "an upload answers to its record's module: the handler checks that module's write right" } } as const;

  app.post('/', { config, schema: { response: { 201: TusAnswer, 204: TusAnswer, ...ErrorResponses } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const meta = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,16}$/.test(lengthHeader)) throw ApiError.badRequest('upload.invalid_request', 'Upload-Length');
    const size = Number(lengthHeader);
    if (size > maxBytesOf(ATTACHMENT_MODULES[meta.module]!, ctx.config)) throw new ApiError(413, { message: 'upload.too_large' });
    await requireAttach(request, meta.module, meta.recordId);
    const key = attachmentKey(auth.clientDb, meta.attachmentId);
    const existing = await findAnyAttachment(auth.db, meta.attachmentId);
    if (existing) {
      // The same attachment again (a re-upload after a lost answer or a cleared URL store):
      // its upload is the one to resume. Another district's, record's, size's or uploader's: refused.
      const same =
        existing.district_id === auth.districtId &&
        existing.module === meta.module &&
        existing.record_id === meta.recordId &&
        Number(existing.size) === size &&
        existing.created_by === auth.accountId;
      if (!same || existing.deleted_at !== null) throw new ApiError(409, { message: 'upload.id_taken' });
      const stored = await storage.uploads.getUpload(key).catch(() => null);
      if (stored) {
        // A creation that carries bytes (creation-with-upload) is told the offset the server
        // holds and goes on from there; its own bytes are not read. A whole upload whose row
        // was not completed (the answer to its last bytes lost) is completed now, as a HEAD does.
        if (request.headers['content-type'] === TUS_CHUNK_TYPE) request.raw.resume();
        const offset = stored.offset;
        if (offset === size && existing.state === 'uploading') await complete(auth, existing);
        reply.header('Tus-Resumable', '1.0.0').header('Location', `${UPLOADS_PATH}/${meta.attachmentId}`).header('Upload-Offset', String(offset));
        return reply.code(201).send();
      }
    } else {
      if (await recordLocked(auth.db, meta.module, auth.districtId, meta.recordId)) throw new ApiError(423, { message: RECORD_LOCKED });
      await createUploading(auth.db, {
        id: meta.attachmentId,
        districtId: auth.districtId,
        module: meta.module,
        recordId: meta.recordId,
        name: meta.name,
        type: meta.type,
        size,
        takenAt: meta.takenAt,
        gps: meta.gps,
        storageKey: key,
        createdBy: auth.accountId,
        createdByName: auth.email,
      });
    }
    return handOver(request, reply, key, request.headers['content-type'] === TUS_CHUNK_TYPE);
  });

  app.route<{ Params: { id: string } }>({
    method: 'HEAD',
    url: '/:id',
    config,
    schema: { params, response: { 200: TusAnswer, ...ErrorResponses } },
    handler: async (request, reply) => {
      const row = await ownUpload(request);
      const auth = requireAuth(request);
      const response = await runTus(request, row.storage_key, false);
      if (response.status === 200 && row.state === 'uploading' && response.headers.get('upload-offset') === response.headers.get('upload-length')) {
        await complete(auth, row);
      }
      return sendTus(reply, response);
    },
  });

  app.patch<{ Params: { id: string } }>('/:id', { config, schema: { params, response: { 204: TusAnswer, ...ErrorResponses } } }, async (request, reply) => {
    const row = await ownUpload(request);
    return handOver(request, reply, row.storage_key, true);
  });
}
