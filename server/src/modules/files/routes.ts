/**
 * The Files routes (/api/files, the contract of common/modules/files/schemas.ts).
 *
 * Who may do what (spec section 6, and the site's sheet):
 * - a site type's template folders: the explorer's, district.admin and file-explorer.read
 *   together (feature `files`) to read and to change;
 * - a site's folders and documents: read by whoever reads the explorer or the sites (feature
 *   `files` or `sites` read: a field user reads a site's files on its sheet); changed
 *   (folders, uploads, rename, move, tags, validity, delete, restore) with the sites' manage
 *   right or the explorer's (`files` manage).
 *
 * Every write runs in one transaction with its Idempotency-Key and tells the district's
 * sockets once committed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  DocumentSheet,
  DocumentUpdate,
  FileDocument,
  FilesChoices,
  Folder,
  FolderCreate,
  FolderDocumentsQuery,
  FolderTree,
  FolderUpdate,
  SearchQuery,
  TreeQuery,
  UploadBody,
} from '../../../../common/modules/files/schemas.js';
import { can } from '../../../../common/rights.js';
import { HistoryEntry, VersionBody } from '../../../../common/schemas/platform.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { respond } from '../../plugins/respond.js';
import { requireAnyCan, requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { readHistory } from '../_platform/records.js';
import { IdParams, sessionScope, writeAndAnnounce } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { filesCsv } from './csv.js';
import { FILES_MODULES, FilesRepository } from './repository.js';

/** Documents in one CSV export at most. */
export const EXPORT_MAX = 20_000;

export async function filesRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const templatesRead = requireCan('files', 'read');
  const templatesManage = requireCan('files', 'manage');
  const read = requireAnyCan({ feature: 'files', action: 'read' }, { feature: 'sites', action: 'read' });
  const manage = requireAnyCan({ feature: 'files', action: 'manage' }, { feature: 'sites', action: 'manage' });
  const tags = ['files'];

  const repository = (request: FastifyRequest, tx?: Queryable) => new FilesRepository(sessionScope(ctx, request, tx));
  /** A template folder is the explorer's: 403 for a sites reader or manager without the `files` right. */
  const requireTemplateRight = async (request: FastifyRequest, folder: Folder, action: 'read' | 'manage') => {
    if (folder.siteTypeId && !can(await rightsOf(request), 'files', action)) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: ['files'] });
  };
  const folderChanged = (f: Folder) => [{ module: FILES_MODULES.folders, id: f.id, version: f.version }];
  const documentChanged = (d: FileDocument) => [
    { module: FILES_MODULES.documents, id: d.id, version: d.version },
    { module: FILES_MODULES.folders, id: d.folderId, version: null },
  ];

  app.get('/choices', { onRequest: read, schema: { tags, response: { 200: Envelope(FilesChoices) } } }, async (request) => respond(request, await repository(request).choices()));

  app.get(
    '/siteTypes/:id/folders',
    { onRequest: templatesRead, schema: { tags, params: IdParams, querystring: TreeQuery, response: { 200: Envelope(FolderTree) } } },
    async (request) => respond(request, { folders: await repository(request).typeTree(request.params.id, request.query.deleted === 'true') }),
  );

  app.get(
    '/sites/:id/folders',
    { onRequest: read, schema: { tags, params: IdParams, querystring: TreeQuery, response: { 200: Envelope(FolderTree) } } },
    async (request) => respond(request, { folders: await repository(request).siteTree(request.params.id, request.query.deleted === 'true') }),
  );

  app.get('/folders/:id', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(Folder) } } }, async (request) => {
    const folder = await repository(request).folder(request.params.id);
    await requireTemplateRight(request, folder, 'read');
    return respond(request, folder);
  });

  app.post('/folders', { onRequest: manage, schema: { tags, headers: WriteHeaders, body: FolderCreate, response: { 201: Envelope(Folder) } } }, async (request, reply) => {
    if (request.body.siteTypeId) await templatesManage(request);
    return respond(request, await writeAndAnnounce(ctx, request, reply, 201, folderChanged, (tx) => repository(request, tx).createFolder(request.body)));
  });

  app.patch(
    '/folders/:id',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: FolderUpdate, response: { 200: Envelope(Folder) } } },
    async (request, reply) => {
      await requireTemplateRight(request, await repository(request).folder(request.params.id), 'manage');
      return respond(request, await writeAndAnnounce(ctx, request, reply, 200, folderChanged, (tx) => repository(request, tx).updateFolder(request.params.id, request.body)));
    },
  );

  for (const deleted of [true, false]) {
    const handler = async (request: FastifyRequest<{ Params: { id: string }; Body: { baseVersion: number } }>, reply: Parameters<typeof writeAndAnnounce>[2]) => {
      await requireTemplateRight(request, await repository(request).folder(request.params.id), 'manage');
      return respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, folderChanged, (tx) => repository(request, tx).setFolderDeleted(request.params.id, request.body.baseVersion, deleted)),
      );
    };
    const schema = { tags, params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(Folder) } };
    if (deleted) app.delete('/folders/:id', { onRequest: manage, schema }, handler);
    else app.post('/folders/:id/restore', { onRequest: manage, schema }, handler);
  }

  app.post(
    '/sites/:id/apply',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(FolderTree) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, () => [], async (tx) => ({ folders: await repository(request, tx).siteTree(request.params.id, false) })),
      ),
  );

  app.get(
    '/folders/:id/documents',
    { onRequest: read, schema: { tags, params: IdParams, querystring: FolderDocumentsQuery, response: { 200: Envelope(Type.Array(FileDocument)) } } },
    async (request) => {
      const repo = repository(request);
      await requireTemplateRight(request, await repo.folder(request.params.id), 'read');
      return respond(request, await repo.folderDocuments(request.params.id, request.query.deleted === 'true'));
    },
  );

  app.get('/search', { onRequest: read, schema: { tags, querystring: SearchQuery, response: { 200: Envelope(Type.Array(FileDocument)) } } }, async (request) =>
    respond(request, await repository(request).search(request.query)),
  );

  app.get('/export.csv', { onRequest: read, schema: { tags, querystring: SearchQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const rows = await repository(request).search(request.query, EXPORT_MAX);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="documents-${day}.csv"`)
      .send(filesCsv(rows, day));
  });

  app.post('/documents/upload', { onRequest: manage, schema: { tags, headers: WriteHeaders, body: UploadBody, response: { 200: Envelope(DocumentSheet) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, documentChanged, (tx) => repository(request, tx).upload(request.body))),
  );

  app.get('/documents/:id', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(DocumentSheet) } } }, async (request) =>
    respond(request, await repository(request).document(request.params.id)),
  );

  app.get('/documents/:id/history', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) => {
    const repo = repository(request);
    await repo.documentRow(request.params.id);
    return respond(request, await readHistory(repo.scope, FILES_MODULES.documents, request.params.id));
  });

  app.patch(
    '/documents/:id',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: DocumentUpdate, response: { 200: Envelope(DocumentSheet) } } },
    async (request, reply) => respond(request, await writeAndAnnounce(ctx, request, reply, 200, documentChanged, (tx) => repository(request, tx).updateDocument(request.params.id, request.body))),
  );

  const docSchema = { tags, params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(DocumentSheet) } };
  app.delete('/documents/:id', { onRequest: manage, schema: docSchema }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, documentChanged, (tx) => repository(request, tx).setDocumentDeleted(request.params.id, request.body.baseVersion, true))),
  );
  app.post('/documents/:id/restore', { onRequest: manage, schema: docSchema }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, documentChanged, (tx) => repository(request, tx).setDocumentDeleted(request.params.id, request.body.baseVersion, false))),
  );
}
