/**
 * The Files module's reads and writes in the app. Reads are queries kept for offline work
 * (`meta: { offline: true }`); every write goes through the outbox (one kind each, sent with its
 * Idempotency-Key), so it works offline, shows at once as waiting and is delivered once. An
 * upload is one outbox item: its file (a tus upload of its own attachment id, resumable) goes
 * first, then the filing (`POST /files/documents/upload`), which makes a new document or the
 * next version of the live document of that name in the folder.
 */
import { queryOptions } from '@tanstack/react-query';
import type { DocumentSheet, FileDocument, FilesChoices, Folder, FolderTree, SearchQuery } from '../../../common/modules/files/schemas';
import { apiGet } from '../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../lib/outbox';

export const FILES_MODULE = 'files';

export const filesKeys = {
  all: [FILES_MODULE] as const,
  choices: () => [FILES_MODULE, 'choices'] as const,
  siteTree: (siteId: string) => [FILES_MODULE, 'site', siteId] as const,
  typeTree: (typeId: string) => [FILES_MODULE, 'type', typeId] as const,
  folderDocuments: (folderId: string, deleted: boolean) => [FILES_MODULE, 'folder', folderId, deleted] as const,
  document: (id: string) => [FILES_MODULE, 'document', id] as const,
  search: (query: SearchQuery) => [FILES_MODULE, 'search', query] as const,
};

const offline = { meta: { offline: true } } as const;

export const choicesQuery = () =>
  queryOptions({ queryKey: filesKeys.choices(), queryFn: ({ signal }) => apiGet<FilesChoices>('files/choices', { signal }), staleTime: 5 * 60_000, ...offline });

/** A tree's folders: a site's (its type's template applied) or a site type's template. */
export const treeQuery = (tree: 'site' | 'type', id: string, deleted = false) =>
  queryOptions({
    queryKey: [...(tree === 'site' ? filesKeys.siteTree(id) : filesKeys.typeTree(id)), deleted] as readonly unknown[],
    queryFn: async ({ signal }) => (await apiGet<FolderTree>(`files/${tree === 'site' ? 'sites' : 'siteTypes'}/${id}/folders${deleted ? '?deleted=true' : ''}`, { signal })).folders,
    ...offline,
  });

export const folderDocumentsQuery = (folderId: string, deleted = false) =>
  queryOptions({
    queryKey: filesKeys.folderDocuments(folderId, deleted),
    queryFn: ({ signal }) => apiGet<FileDocument[]>(`files/folders/${folderId}/documents${deleted ? '?deleted=true' : ''}`, { signal }),
    ...offline,
  });

export const documentQuery = (id: string) =>
  queryOptions({ queryKey: filesKeys.document(id), queryFn: ({ signal }) => apiGet<DocumentSheet>(`files/documents/${id}`, { signal }), ...offline });

export const searchQuery = (query: SearchQuery) =>
  queryOptions({
    queryKey: filesKeys.search(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (typeof value === 'string' && value !== '') params.set(key, value);
      return apiGet<FileDocument[]>(`files/search?${params.toString()}`, { signal });
    },
  });

// ---------------------------------------------------------------- writes

export const WRITES = {
  folderCreate: 'files.folder.create',
  folderUpdate: 'files.folder.update',
  folderDelete: 'files.folder.delete',
  folderRestore: 'files.folder.restore',
  upload: 'files.document.upload',
  documentUpdate: 'files.document.update',
  documentDelete: 'files.document.delete',
  documentRestore: 'files.document.restore',
} as const;

/** What a waiting write says of itself (listed without its payload). */
export interface WriteSummary {
  folderId?: string;
  parentId?: string | null;
  siteId?: string | null;
  siteTypeId?: string | null;
  name?: string;
  size?: number;
  type?: string;
  [key: string]: unknown;
}

export function queueFolderCreate(folder: { id: string; name: string; parentId: string | null; siteId?: string; siteTypeId?: string }) {
  const summary: WriteSummary = { name: folder.name, parentId: folder.parentId, siteId: folder.siteId ?? null, siteTypeId: folder.siteTypeId ?? null };
  return enqueueWrite({ kind: WRITES.folderCreate, module: FILES_MODULE, recordId: folder.id, baseVersion: null, payload: folder, summary });
}

export const queueFolderUpdate = (folder: Pick<Folder, 'id' | 'version'>, changes: { name?: string; parentId?: string | null }) =>
  enqueueWrite({ kind: WRITES.folderUpdate, module: FILES_MODULE, recordId: folder.id, baseVersion: folder.version, payload: changes, summary: { ...changes } });

export const queueFolderDeleted = (folder: Pick<Folder, 'id' | 'version' | 'name'>, deleted: boolean) =>
  enqueueWrite({ kind: deleted ? WRITES.folderDelete : WRITES.folderRestore, module: FILES_MODULE, recordId: folder.id, baseVersion: folder.version, payload: {}, summary: { name: folder.name } });

/**
 * Queues the upload of `file` into `folderId` as `name`: its document id is the live document's
 * of that name in the folder when the device knows one (a new version), else a new one.
 */
export function queueUpload(upload: { folderId: string; file: Blob; name: string; documentId: string; tags?: string[]; validUntil?: string | null }) {
  const attachmentId = crypto.randomUUID();
  const type = upload.file.type || 'application/octet-stream';
  const payload = { attachmentId, documentId: upload.documentId, folderId: upload.folderId, name: upload.name, ...(upload.tags ? { tags: upload.tags } : {}), ...(upload.validUntil !== undefined ? { validUntil: upload.validUntil } : {}) };
  const summary: WriteSummary = { folderId: upload.folderId, name: upload.name, size: upload.file.size, type };
  return enqueueWrite({
    kind: WRITES.upload,
    module: FILES_MODULE,
    recordId: upload.documentId,
    baseVersion: null,
    payload,
    attachments: [{ attachmentId, blob: upload.file, name: upload.name, type }],
    summary,
  });
}

export const queueDocumentUpdate = (doc: Pick<FileDocument, 'id' | 'version' | 'folderId'>, changes: { name?: string; folderId?: string; tags?: string[]; validUntil?: string | null }) =>
  enqueueWrite({ kind: WRITES.documentUpdate, module: FILES_MODULE, recordId: doc.id, baseVersion: doc.version, payload: changes, summary: { folderId: doc.folderId, ...changes } });

export const queueDocumentDeleted = (doc: Pick<FileDocument, 'id' | 'version' | 'name' | 'folderId'>, deleted: boolean) =>
  enqueueWrite({ kind: deleted ? WRITES.documentDelete : WRITES.documentRestore, module: FILES_MODULE, recordId: doc.id, baseVersion: doc.version, payload: {}, summary: { name: doc.name, folderId: doc.folderId } });

let registered = false;

/** The senders of every write of the module, once. */
export function registerFilesSenders(): void {
  if (registered) return;
  registered = true;
  const id = (recordId: string) => encodeURIComponent(recordId);
  registerSender(WRITES.folderCreate, async (_item, ctx) => ({ result: await sendWrite('post', 'files/folders', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(
    WRITES.folderUpdate,
    async (item, ctx) => ({ result: await sendWrite('patch', `files/folders/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1, changes: ctx.payload }, ctx.idempotencyKey) }),
    { onConflict: 'merge' },
  );
  registerSender(WRITES.folderDelete, async (item, ctx) => ({ result: await sendWrite('delete', `files/folders/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1 }, ctx.idempotencyKey) }), { onConflict: 'rebase' });
  registerSender(
    WRITES.folderRestore,
    async (item, ctx) => ({ result: await sendWrite('post', `files/folders/${id(item.recordId)}/restore`, { baseVersion: item.baseVersion ?? 1 }, ctx.idempotencyKey) }),
    { onConflict: 'rebase' },
  );
  // The file first: the filing names a version whose bytes are on the server.
  registerSender(WRITES.upload, async (_item, ctx) => ({ result: await sendWrite('post', 'files/documents/upload', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail', attachmentsFirst: true });
  registerSender(
    WRITES.documentUpdate,
    async (item, ctx) => ({ result: await sendWrite('patch', `files/documents/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1, changes: ctx.payload }, ctx.idempotencyKey) }),
    { onConflict: 'merge' },
  );
  registerSender(
    WRITES.documentDelete,
    async (item, ctx) => ({ result: await sendWrite('delete', `files/documents/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1 }, ctx.idempotencyKey) }),
    { onConflict: 'rebase' },
  );
  registerSender(
    WRITES.documentRestore,
    async (item, ctx) => ({ result: await sendWrite('post', `files/documents/${id(item.recordId)}/restore`, { baseVersion: item.baseVersion ?? 1 }, ctx.idempotencyKey) }),
    { onConflict: 'rebase' },
  );
}
