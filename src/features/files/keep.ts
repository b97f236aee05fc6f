/**
 * "Keep this folder on this device": the current files of a site folder (and its sub-folders)
 * stored in the Cache Storage (`vigie-files`, one entry per file by the session's owner and the
 * attachment id), with a note of what is kept (the folder, its documents as listed, when, how
 * many bytes), so the folder opens and its files preview offline after any number of restarts.
 * A kept folder is brought up to date when it is opened online (new versions fetched, files no
 * longer current dropped). Bytes fetched for a preview are kept in memory for the session, so a
 * preview then a download reads the network once.
 */
import type { FileDocument, Folder } from '../../../common/modules/files/schemas';
import { api } from '../../lib/api-client';
import { currentCacheOwner } from '../../lib/cache-owner';
import { apiGet } from '../../lib/api-client';

export { storageEstimate } from '../../lib/storage-estimate';

export const FILES_CACHE = 'vigie-files';

export interface KeptFolder {
  folderId: string;
  siteId: string;
  name: string;
  /** The kept folder's documents and its sub-folders', each with its folder's path below it. */
  documents: (FileDocument & { below: string })[];
  folders: Folder[];
  bytes: number;
  keptAt: string;
}

const base = () => new URL('/__files-kept/', globalThis.location.href).href;
const fileUrl = (owner: string, attachmentId: string) => `${base()}${encodeURIComponent(owner)}/file/${attachmentId}`;
const noteUrl = (owner: string, folderId: string) => `${base()}${encodeURIComponent(owner)}/folder/${folderId}`;

async function openCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(FILES_CACHE);
  } catch {
    return null;
  }
}

/** Bytes read in this session, by attachment id (a preview then a download: one fetch). */
const memory = new Map<string, Blob>();
const MEMORY_MAX = 30;

function remember(id: string, blob: Blob): void {
  memory.delete(id);
  memory.set(id, blob);
  while (memory.size > MEMORY_MAX) memory.delete(memory.keys().next().value!);
}

/** A file's bytes: from memory, from the kept folders, else fetched (with the session's token) once. */
export async function fileBytes(attachmentId: string): Promise<Blob> {
  const held = memory.get(attachmentId);
  if (held) return held;
  const owner = currentCacheOwner();
  const cache = await openCache();
  if (cache && owner) {
    const kept = await cache.match(fileUrl(owner, attachmentId));
    if (kept) {
      const blob = await kept.blob();
      remember(attachmentId, blob);
      return blob;
    }
  }
  const response = await api(`attachments/${attachmentId}`);
  const blob = await response.blob();
  remember(attachmentId, blob);
  return blob;
}

/** The folder and every folder below it, from its site's tree. */
export function folderAndBelow(folders: readonly Folder[], folderId: string): { folder: Folder; below: string }[] {
  const byParent = new Map<string | null, Folder[]>();
  for (const f of folders) byParent.set(f.parentId, [...(byParent.get(f.parentId) ?? []), f]);
  const root = folders.find((f) => f.id === folderId);
  if (!root) return [];
  const out: { folder: Folder; below: string }[] = [];
  const walk = (folder: Folder, below: string) => {
    out.push({ folder, below });
    for (const child of byParent.get(folder.id) ?? []) walk(child, below ? `${below}/${child.name}` : child.name);
  };
  walk(root, '');
  return out;
}

/** The size of a folder to keep (its live folders' current files), from the tree's counts. */
export const folderBytes = (folders: readonly Folder[], folderId: string): number => folderAndBelow(folders, folderId).reduce((sum, f) => sum + f.folder.bytes, 0);


export async function keptFolder(folderId: string): Promise<KeptFolder | null> {
  const owner = currentCacheOwner();
  const cache = await openCache();
  if (!cache || !owner) return null;
  const note = await cache.match(noteUrl(owner, folderId));
  return note ? ((await note.json()) as KeptFolder) : null;
}

/** Every kept folder of the session's owner. */
export async function keptFolders(): Promise<KeptFolder[]> {
  const owner = currentCacheOwner();
  const cache = await openCache();
  if (!cache || !owner) return [];
  const prefix = `${base()}${encodeURIComponent(owner)}/folder/`;
  const notes = (await cache.keys()).filter((r) => r.url.startsWith(prefix));
  const kept = await Promise.all(notes.map(async (r) => (await (await cache.match(r))?.json()) as KeptFolder));
  return kept.filter(Boolean);
}

/**
 * Downloads the folder's current files (those not kept yet) and writes its note; a file no
 * longer current in any kept folder is dropped. `onProgress` is told the bytes done.
 */
export async function keepFolder(siteId: string, folders: readonly Folder[], folderId: string, onProgress?: (done: number, total: number) => void): Promise<KeptFolder> {
  const owner = currentCacheOwner();
  const cache = await openCache();
  if (!cache || !owner) throw new Error('files.keep_unavailable');
  const parts = folderAndBelow(folders, folderId);
  const documents: KeptFolder['documents'] = [];
  for (const { folder, below } of parts) {
    const docs = await apiGet<FileDocument[]>(`files/folders/${folder.id}/documents`);
    for (const doc of docs) documents.push({ ...doc, below });
  }
  const total = documents.reduce((sum, d) => sum + (d.current?.size ?? 0), 0);
  let done = 0;
  for (const doc of documents) {
    const current = doc.current;
    if (!current?.complete) continue;
    const url = fileUrl(owner, current.id);
    if (!(await cache.match(url))) {
      const blob = memory.get(current.id) ?? (await (await api(`attachments/${current.id}`)).blob());
      await cache.put(url, new Response(blob, { headers: { 'content-type': current.type, 'content-length': String(blob.size) } }));
    }
    done += current.size;
    onProgress?.(done, total);
  }
  const note: KeptFolder = { folderId, siteId, name: parts[0]?.folder.name ?? '', documents, folders: parts.map((p) => p.folder), bytes: total, keptAt: new Date().toISOString() };
  await cache.put(noteUrl(owner, folderId), new Response(JSON.stringify(note), { headers: { 'content-type': 'application/json' } }));
  await dropUnused(cache, owner);
  return note;
}

/** Removes a kept folder (its files too, unless another kept folder holds them). */
export async function forgetFolder(folderId: string): Promise<void> {
  const owner = currentCacheOwner();
  const cache = await openCache();
  if (!cache || !owner) return;
  await cache.delete(noteUrl(owner, folderId));
  await dropUnused(cache, owner);
}

async function dropUnused(cache: Cache, owner: string): Promise<void> {
  const used = new Set((await keptFolders()).flatMap((k) => k.documents.map((d) => d.current?.id).filter(Boolean) as string[]));
  const prefix = `${base()}${encodeURIComponent(owner)}/file/`;
  for (const request of await cache.keys()) {
    if (request.url.startsWith(prefix) && !used.has(request.url.slice(prefix.length))) await cache.delete(request);
  }
}

/** The kept folder holding `folderId` (itself or a folder above it), to read offline. */
export async function keptHolding(folderId: string): Promise<{ kept: KeptFolder; documents: FileDocument[] } | null> {
  for (const kept of await keptFolders()) {
    const folder = kept.folders.find((f) => f.id === folderId);
    if (!folder) continue;
    const below = folderAndBelow(kept.folders, kept.folderId).find((p) => p.folder.id === folderId)?.below ?? '';
    return { kept, documents: kept.documents.filter((d) => d.below === below) };
  }
  return null;
}
