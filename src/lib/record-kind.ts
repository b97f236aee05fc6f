/**
 * The app's half of the generic record core (docs/records.md): a kind of record that the server
 * serves with the platform's record routes (server/src/modules/_platform/record-routes.ts) is
 * described once here, and gets its query keys, its list, record and history queries (kept for
 * offline reading), its four writes queued in the outbox (create with the device's id, update
 * with only the changed fields and the values the user started from, delete, restore), their
 * senders (an update merges field by field on a version conflict; a delete or a restore is sent
 * again on the current version), the overlay of its pending writes on a record, and its offline
 * declaration. A module of plain records writes its screens and its kind's description only.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { HistoryEntry, Page } from '../../common/schemas/platform';
import { apiGet } from './api-client';
import { OFFLINE_PAGES_KEPT, registerOfflineData, type AnyFetchOptions, type OfflineDeclaration } from './offline-declarations';
import { changedFields, enqueueWrite, registerSender, sendWrite, type AttachmentInput, type OutboxItem, type PendingWrite, type SenderOptions } from './outbox';

/** A file to attach, as the device holds it until its upload ends. */
export interface AttachmentFile {
  blob: Blob;
  name: string;
  type: string;
}

/** What every record of the API carries (RecordMeta). */
export interface RecordLike {
  id: string;
  version: number;
  deletedAt: string | null;
}

/** A list's choices as the address holds them (search, filters, sort): sent as the list's query string. */
export type ListSearch = Readonly<Record<string, string | undefined>>;

export interface RecordKindSpec<Fields extends object> {
  /** The module's outbox and query root (`supplier`): its writes are `supplier.<kind>.create`… */
  module: string;
  /** The kind within its module (`suppliers`). */
  kind: string;
  /** Its routes under /api (`supplier/suppliers`). */
  path: string;
  /** A large kind answers pages (Page<Row>) of `pageSize`; a small one its whole list (Row[]). */
  pageSize?: number;
  /** The fields a form edits: an update sends the ones that changed. */
  fields: readonly (keyof Fields & string)[];
  /**
   * The outbox names of a kind's writes when they are not `<module>.<kind>.<write>`: the names
   * a module's writes had before it moved onto this core (`sites.create`), kept so that the
   * writes a device still holds from the previous version send as they always did. A kind
   * that names its writes has those only (its senders are the named ones).
   */
  writeNames?: Readonly<Partial<Record<RecordWrite, string>>>;
  /**
   * A create carries the files its record names (queueCreate's `attachments`: a report's photos
   * and signatures), uploaded before the record is posted (the outbox's attachmentsFirst), since
   * the server checks they are the record's own uploads.
   */
  createFilesFirst?: boolean;
}

export type RecordWrite = 'create' | 'update' | 'delete' | 'restore' | 'file';
const RECORD_WRITES: readonly RecordWrite[] = ['create', 'update', 'delete', 'restore', 'file'];

const version = (item: OutboxItem): number => item.baseVersion ?? 1;

export type RecordKindApi<Fields extends object, Rec extends RecordLike, Row extends { id: string }> = ReturnType<typeof defineRecordKind<Fields, Rec, Row>>;

export function defineRecordKind<Fields extends object, Rec extends RecordLike, Row extends { id: string }>(spec: RecordKindSpec<Fields>) {
  const root = [spec.module, spec.kind] as const;
  const keys = {
    all: root,
    lists: () => [...root, 'list'] as const,
    list: (search: ListSearch) => [...root, 'list', search] as const,
    detail: (id: string) => [...root, 'detail', id] as const,
    history: (id: string) => [...root, 'history', id] as const,
  };
  const recordPath = (id: string) => `${spec.path}/${encodeURIComponent(id)}`;
  const writeKinds = Object.fromEntries(RECORD_WRITES.map((write) => [write, spec.writeNames?.[write] ?? `${spec.module}.${spec.kind}.${write}`])) as Record<RecordWrite, string>;
  const writeOf = new Map(RECORD_WRITES.map((write) => [writeKinds[write], write]));

  const params = (search: ListSearch, cursor: string | null) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(search)) if (value !== undefined && value !== '') query.set(key, value);
    if (cursor !== null) query.set('cursor', cursor);
    if (spec.pageSize !== undefined) query.set('limit', String(spec.pageSize));
    return query;
  };

  /** One page of the list (a large kind), kept for offline reading. */
  const pagesQueryOptions = (search: ListSearch) =>
    infiniteQueryOptions({
      queryKey: keys.list(search),
      queryFn: ({ pageParam, signal }) => apiGet<Page<Row>>(spec.path, { searchParams: params(search, pageParam), signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 30_000,
      meta: { offline: true },
    });

  /** The whole list (a small kind), kept for offline reading. */
  const allQueryOptions = (search: ListSearch = {}) =>
    queryOptions({
      queryKey: keys.list(search),
      queryFn: ({ signal }) => apiGet<Row[]>(spec.path, { searchParams: params(search, null), signal }),
      staleTime: 60_000,
      meta: { offline: true },
    });

  const recordQueryOptions = (id: string) =>
    queryOptions({ queryKey: keys.detail(id), queryFn: ({ signal }) => apiGet<Rec>(recordPath(id), { signal }), staleTime: 30_000, meta: { offline: true } });

  const historyQueryOptions = (id: string) =>
    queryOptions({ queryKey: keys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`${recordPath(id)}/history`, { signal }), staleTime: 30_000, meta: { offline: true } });

  const queue = (kind: string, recordId: string, baseVersion: number | null, payload: unknown, base?: unknown) =>
    enqueueWrite({ kind, module: spec.module, recordId, baseVersion, payload, ...(base === undefined ? {} : { base }) });

  /** Queues the creation of a record with the device's id (with the files it names, if any); answers the id. */
  async function queueCreate(fields: Fields, attachments?: AttachmentInput[]): Promise<string> {
    const id = crypto.randomUUID();
    await enqueueWrite({ kind: writeKinds.create, module: spec.module, recordId: id, baseVersion: null, payload: { id, ...fields }, ...(attachments === undefined ? {} : { attachments }) });
    return id;
  }

  /**
   * Queues the changed fields only (false when nothing changed), with the values the user started
   * from: the record's, or those given with its id and version (a form's initial values).
   */
  async function queueUpdate(record: Rec | (Pick<RecordLike, 'id' | 'version'> & Fields), next: Fields): Promise<boolean> {
    const edited = Object.fromEntries(spec.fields.map((field) => [field, next[field]])) as Partial<Fields>;
    const { changes, base } = changedFields(record as unknown as Fields, edited);
    if (Object.keys(changes).length === 0) return false;
    await queue(writeKinds.update, record.id, record.version, changes, base);
    return true;
  }

  /**
   * Files added to a record (a scan, a signed PDF), one outbox item each: the item's upload (tus,
   * resumed from the server's offset after a cut) is the whole write; the server links the file
   * to the record named in its metadata. The module's attachments are its outbox module's.
   */
  async function queueAttach(record: Pick<RecordLike, 'id' | 'version'>, files: readonly AttachmentFile[]): Promise<string[]> {
    const ids: string[] = [];
    for (const file of files) {
      const attachmentId = crypto.randomUUID();
      await enqueueWrite({ kind: writeKinds.file, module: spec.module, recordId: record.id, baseVersion: record.version, payload: { attachmentId, name: file.name }, attachments: [{ attachmentId, ...file }] });
      ids.push(attachmentId);
    }
    return ids;
  }

  const queueDelete = (record: Pick<RecordLike, 'id' | 'version'>) => queue(writeKinds.delete, record.id, record.version, null);
  const queueRestore = (record: Pick<RecordLike, 'id' | 'version'>) => queue(writeKinds.restore, record.id, record.version, null);

  /**
   * The kind's senders: each turns a queued write into its request with the write's idempotency
   * key. A version conflict of an update goes to the outbox's field-by-field merge; a delete or
   * a restore is sent again on the current version (both reversible, both in the history).
   */
  let registered = false;
  function registerSenders(): void {
    if (registered) return;
    registered = true;
    const senders: [string, (item: OutboxItem, payload: unknown, key: string) => Promise<unknown>, SenderOptions['onConflict']][] = [
      [writeKinds.create, (_item, payload, key) => sendWrite<Rec>('post', spec.path, payload, key), 'fail'],
      [writeKinds.update, (item, payload, key) => sendWrite<Rec>('patch', recordPath(item.recordId), { baseVersion: version(item), changes: payload }, key), 'merge'],
      [writeKinds.delete, (item, _payload, key) => sendWrite<Rec>('delete', recordPath(item.recordId), { baseVersion: version(item) }, key), 'rebase'],
      [writeKinds.restore, (item, _payload, key) => sendWrite<Rec>('post', `${recordPath(item.recordId)}/restore`, { baseVersion: version(item) }, key), 'rebase'],
      // No request: the file's upload, which the drainer runs next, is the whole write.
      [writeKinds.file, async () => null, 'fail'],
    ];
    for (const [kind, send, onConflict] of senders) {
      // A kind with its own outbox names has exactly the writes it names.
      if (spec.writeNames !== undefined && !Object.values(spec.writeNames).includes(kind)) continue;
      const filesFirst = kind === writeKinds.create && spec.createFilesFirst === true;
      registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx.payload, ctx.idempotencyKey) }), { onConflict, ...(filesFirst ? { attachmentsFirst: true } : {}) });
    }
  }

  /**
   * The writes of this kind among a module's pending ones, named as the overlay reads a record's
   * own writes (`<kind>.create`, withPending and withPendingRecord of lib/outbox/overlay.ts).
   */
  const ownWrites = (writes: readonly PendingWrite[]): PendingWrite[] =>
    writes
      .filter((write) => writeOf.has(write.item.kind))
      .map((write) => ({ ...write, item: { ...write.item, module: spec.kind, kind: `${spec.kind}.${writeOf.get(write.item.kind)!}` } }));

  /**
   * The kind's offline declaration: its list's first pages (or whole list) with the module's
   * default choices, and, for `records`, the sheet of each record on them.
   */
  function offlineDeclaration(options: { enabled: () => boolean; records?: boolean; search?: ListSearch }): Omit<OfflineDeclaration, 'module'> {
    const search = options.search ?? {};
    const list = spec.pageSize === undefined ? allQueryOptions(search) : { ...pagesQueryOptions(search), pages: OFFLINE_PAGES_KEPT };
    return {
      persist: [root],
      lists: () => [list as unknown as AnyFetchOptions],
      records: ([data]) => {
        if (options.records !== true) return [];
        const rows = spec.pageSize === undefined ? ((data as Row[] | undefined) ?? []) : ((data as InfiniteData<Page<Row>> | undefined)?.pages ?? []).flatMap((page) => page.items);
        return rows.map((row) => recordQueryOptions(row.id) as unknown as AnyFetchOptions);
      },
      enabled: options.enabled,
    };
  }

  return {
    spec,
    keys,
    writeKinds,
    pagesQueryOptions,
    allQueryOptions,
    recordQueryOptions,
    historyQueryOptions,
    queueCreate,
    queueUpdate,
    queueAttach,
    queueDelete,
    queueRestore,
    registerSenders,
    ownWrites,
    offlineDeclaration,
  };
}

/** A module's offline declaration made of its kinds' (one IndexedDB copy per module). */
export function registerKindsOffline(module: string, parts: readonly Omit<OfflineDeclaration, 'module'>[], enabled: () => boolean): void {
  registerOfflineData({
    module,
    persist: parts.flatMap((part) => part.persist),
    lists: () => parts.flatMap((part) => part.lists()),
    records: (lists) => {
      let offset = 0;
      return parts.flatMap((part) => {
        const count = part.lists().length;
        const own = lists.slice(offset, offset + count);
        offset += count;
        return part.records?.(own) ?? [];
      });
    },
    enabled,
  });
}
