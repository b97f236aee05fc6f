/**
 * The files explorer, one component for its three places: a site type's template folders
 * (/files/sitesTypes, district administrators), a site's folders and documents (/files/sites),
 * and the site's sheet (a panel: compact). Breadcrumbs; the folder tree beside the contents on
 * a wide screen, the sub-folders as a list on a phone; every target at least 44 px.
 *
 * A site's folder: upload (several files, the picker or the camera; each an outbox item, shown
 * at once as waiting, resumable, sent once), search by name or tag, the documents with their
 * validity chip, tags and size, and "keep this folder on this device" (its size and the storage
 * quota shown first). Offline, a folder read before or kept opens from the device.
 */
import { IonButton, IonChip, IonInput, IonItem, IonList, IonSpinner, IonToggle } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../../components/Label';
import type { FileDocument, Folder } from '../../../../common/modules/files/schemas';
import { StatusChip, useWideLayout } from '../../../components/module';
import { useOnDelivered, usePendingWrites } from '../../../lib/outbox';
import { onRecordsChanged } from '../../../lib/socket';
import { filesKeys, folderDocumentsQuery, FILES_MODULE, queueFolderCreate, queueFolderDeleted, queueFolderUpdate, searchQuery, treeQuery, WRITES, type WriteSummary } from '../api';
import { folderBytes, forgetFolder, keepFolder, keptFolder, keptFolders, keptHolding, storageEstimate, type KeptFolder } from '../keep';
import { DocumentPanel } from './DocumentPanel';
import { formatBytes, Uploader, ValidityChip } from './parts';
import { ShareButton } from '../share';
import './files.css';

export interface ExplorerProps {
  tree: 'site' | 'type';
  /** The site's or the site type's id. */
  ownerId: string;
  ownerName: string;
  folderId: string | null;
  documentId?: string | null;
  onOpen: (folderId: string | null, documentId?: string | null) => void;
  canManage: boolean;
  /** On a site's sheet: no tree, no search. */
  compact?: boolean;
}

/** The site's folders: the server's (or the device's copy), else the kept folders' own. */
function useFolders(tree: 'site' | 'type', ownerId: string, deleted: boolean) {
  const query = useQuery(treeQuery(tree, ownerId, deleted));
  const [kept, setKept] = useState<Folder[] | null>(null);
  // Offline (the query failed, or waits for the network) without a copy: the kept folders' own.
  const unreachable = query.data === undefined && (query.isError || query.fetchStatus === 'paused');
  useEffect(() => {
    if (!unreachable || tree !== 'site') return;
    void keptFolders().then((all) => setKept(all.filter((k) => k.siteId === ownerId).flatMap((k) => k.folders)));
  }, [unreachable, tree, ownerId]);
  return { folders: query.data ?? kept ?? null, loading: query.isPending && !unreachable && kept === null, failed: unreachable && kept === null };
}

/** A folder's documents: the server's (or the device's copy), else its kept folder's. */
function useDocuments(folderId: string | null, deleted: boolean, enabled: boolean) {
  const query = useQuery({ ...folderDocumentsQuery(folderId ?? '', deleted), enabled: enabled && folderId !== null });
  const [kept, setKept] = useState<FileDocument[] | null>(null);
  const unreachable = query.data === undefined && (query.isError || query.fetchStatus === 'paused');
  useEffect(() => {
    setKept(null);
    if (!folderId || !unreachable) return;
    void keptHolding(folderId).then((held) => setKept(held?.documents ?? null));
  }, [folderId, unreachable]);
  return { documents: query.data ?? kept ?? null, fromDevice: !query.data && kept !== null, failed: unreachable && kept === null };
}

export function Explorer({ tree, ownerId, ownerName, folderId, documentId, onOpen, canManage, compact = false }: ExplorerProps) {
  const { t, i18n } = useTranslation('file-explorer');
  const wide = useWideLayout() && !compact;
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  const [search, setSearch] = useState('');
  const { folders, loading, failed } = useFolders(tree, ownerId, deleted);
  const pending = usePendingWrites(FILES_MODULE);

  useOnDelivered(FILES_MODULE, () => void queryClient.invalidateQueries({ queryKey: filesKeys.all }));
  useEffect(() => {
    const stops = [
      onRecordsChanged('file_folders', () => void queryClient.invalidateQueries({ queryKey: filesKeys.all })),
      onRecordsChanged('file_documents', () => void queryClient.invalidateQueries({ queryKey: filesKeys.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);

  const byId = useMemo(() => new Map((folders ?? []).map((f) => [f.id, f])), [folders]);
  const current = folderId ? (byId.get(folderId) ?? null) : null;
  const trail = useMemo(() => {
    const path: Folder[] = [];
    for (let f = current; f; f = f.parentId ? (byId.get(f.parentId) ?? null) : null) path.unshift(f);
    return path;
  }, [current, byId]);

  // Folders made here and not sent yet show at once, marked waiting.
  const waitingFolders: Folder[] = pending
    .filter((i) => i.kind === WRITES.folderCreate && !byId.has(i.recordId))
    .map((i) => {
      const s = (i.summary ?? {}) as WriteSummary;
      return { id: i.recordId, version: 1, parentId: s.parentId ?? null, siteTypeId: s.siteTypeId ?? null, siteId: s.siteId ?? null, templateId: null, name: s.name ?? '', documents: 0, bytes: 0, updatedAt: new Date(i.createdAt).toISOString(), deletedAt: null };
    })
    .filter((f) => (tree === 'site' ? f.siteId === ownerId : f.siteTypeId === ownerId));
  const allFolders = [...(folders ?? []), ...waitingFolders];
  const children = allFolders.filter((f) => f.parentId === (folderId ?? null)).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  const waitingIds = new Set(pending.map((i) => i.recordId));

  if (loading) return <IonSpinner aria-label={t('loading')} />;
  if (failed || folders === null) return <p className="files-note">{t('unavailable')}</p>;

  const crumbs = (
    <nav className="files-crumbs" aria-label={t('breadcrumbs')}>
      <IonButton fill="clear" className="files-target" onClick={() => onOpen(null)}>
        {ownerName}
      </IonButton>
      {trail.map((f) => (
        <span key={f.id} className="files-crumb">
          <span aria-hidden="true">/</span>
          <IonButton fill="clear" className="files-target" onClick={() => onOpen(f.id)} aria-current={f.id === folderId ? 'page' : undefined}>
            {f.name}
          </IonButton>
        </span>
      ))}
    </nav>
  );

  const contents = (
    <div className="files-contents">
      {crumbs}
      {!compact && tree === 'site' && (
        <IonInput
          className="files-search"
          label={t('search.label')}
          labelPlacement="stacked"
          placeholder={t('search.placeholder')}
          value={search}
          debounce={300}
          clearInput
          onIonInput={(e) => setSearch(String(e.detail.value ?? ''))}
        />
      )}
      {search.trim() && tree === 'site' ? (
        <SearchResults siteId={ownerId} search={search.trim()} onOpen={onOpen} />
      ) : (
        <>
          <FolderActions tree={tree} ownerId={ownerId} folder={current} folders={allFolders} canManage={canManage} deleted={deleted} setDeleted={setDeleted} onOpen={onOpen} />
          {children.length > 0 && (
            <IonList className="files-list" aria-label={t('folders')}>
              {children.map((f) => (
                <IonItem key={f.id} button detail className="files-row" onClick={() => onOpen(f.id)}>
                  <Label>
                    <span className="files-row-name">📁 {f.name}</span>
                    {tree === 'site' && <span className="files-row-meta">{t('folder.count', { count: f.documents })}</span>}
                  </Label>
                  {waitingIds.has(f.id) && <IonChip outline>{t('waiting')}</IonChip>}
                  {f.deletedAt && <StatusChip tone="danger" label={t('deleted')} />}
                </IonItem>
              ))}
            </IonList>
          )}
          {tree === 'site' && current && <FolderDocuments folder={current} deleted={deleted} onOpen={onOpen} />}
          {tree === 'site' && current && canManage && !current.deletedAt && <Uploader folderId={current.id} />}
          {tree === 'site' && current && <KeepFolder siteId={ownerId} folders={folders} folder={current} />}
          {tree === 'site' && current && !current.deletedAt && !waitingIds.has(current.id) && <ShareButton siteId={ownerId} kind="folder" id={current.id} />}
          {tree === 'type' && children.length === 0 && <p className="files-note">{t('template.empty')}</p>}
        </>
      )}
    </div>
  );

  const panel = documentId ? <DocumentPanel documentId={documentId} folders={allFolders} canManage={canManage} onClose={() => onOpen(folderId)} /> : null;

  if (!wide) return panel ?? contents;
  return (
    <div className="files-split">
      <nav className="files-tree" aria-label={t('tree')}>
        <FolderTree folders={allFolders} selected={folderId} onOpen={onOpen} />
      </nav>
      {contents}
      {panel && <aside className="files-side">{panel}</aside>}
    </div>
  );
}

function FolderTree({ folders, selected, onOpen }: { folders: readonly Folder[]; selected: string | null; onOpen: (id: string) => void }) {
  const { i18n } = useTranslation();
  const byParent = new Map<string | null, Folder[]>();
  for (const f of folders) byParent.set(f.parentId, [...(byParent.get(f.parentId) ?? []), f]);
  const level = (parent: string | null): React.ReactNode => {
    const list = (byParent.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
    if (list.length === 0) return null;
    return (
      <ul>
        {list.map((f) => (
          <li key={f.id}>
            <button type="button" className={`files-tree-item${f.id === selected ? ' files-tree-selected' : ''}`} aria-current={f.id === selected ? 'page' : undefined} onClick={() => onOpen(f.id)}>
              {f.name}
            </button>
            {level(f.id)}
          </li>
        ))}
      </ul>
    );
  };
  return <>{level(null)}</>;
}

function FolderActions(props: {
  tree: 'site' | 'type';
  ownerId: string;
  folder: Folder | null;
  folders: readonly Folder[];
  canManage: boolean;
  deleted: boolean;
  setDeleted: (v: boolean) => void;
  onOpen: (id: string | null) => void;
}) {
  const { t } = useTranslation('file-explorer');
  const { tree, ownerId, folder, canManage } = props;
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const [name, setName] = useState('');
  if (!canManage) return null;
  const save = async () => {
    const value = name.trim();
    if (!value) return;
    if (naming === 'new') {
      await queueFolderCreate({ id: crypto.randomUUID(), name: value, parentId: folder?.id ?? null, ...(tree === 'site' ? { siteId: ownerId } : { siteTypeId: ownerId }) });
    } else if (folder) {
      await queueFolderUpdate(folder, { name: value });
    }
    setNaming(null);
    setName('');
  };
  return (
    <div className="files-actions">
      {naming ? (
        <form
          className="files-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <IonInput label={naming === 'new' ? t('folder.newName') : t('folder.rename')} labelPlacement="stacked" value={name} maxlength={120} onIonInput={(e) => setName(String(e.detail.value ?? ''))} />
          <IonButton type="submit">{t('save')}</IonButton>
          <IonButton fill="outline" onClick={() => setNaming(null)}>
            {t('cancel')}
          </IonButton>
        </form>
      ) : (
        <>
          <IonButton fill="outline" onClick={() => { setName(''); setNaming('new'); }}>
            {t('folder.new')}
          </IonButton>
          {folder && !folder.deletedAt && (
            <IonButton fill="outline" onClick={() => { setName(folder.name); setNaming('rename'); }}>
              {t('folder.rename')}
            </IonButton>
          )}
          {folder && (
            <IonButton
              fill="outline"
              color={folder.deletedAt ? 'primary' : 'danger'}
              onClick={() => {
                void queueFolderDeleted(folder, !folder.deletedAt);
                if (!folder.deletedAt) props.onOpen(folder.parentId);
              }}
            >
              {folder.deletedAt ? t('restore') : t('folder.delete')}
            </IonButton>
          )}
          <IonToggle className="files-target" checked={props.deleted} onIonChange={(e) => props.setDeleted(e.detail.checked)}>
            {t('showDeleted')}
          </IonToggle>
        </>
      )}
    </div>
  );
}

function DocumentRows({ documents, onOpen }: { documents: readonly FileDocument[]; onOpen: (folderId: string, documentId: string) => void }) {
  const { t, i18n } = useTranslation('file-explorer');
  const pending = usePendingWrites(FILES_MODULE);
  const waiting = new Set(pending.map((i) => i.recordId));
  return (
    <IonList className="files-list" aria-label={t('documents')}>
      {documents.map((d) => (
        <IonItem key={d.id} button detail className="files-row" onClick={() => onOpen(d.folderId, d.id)}>
          <Label>
            <span className="files-row-name">{d.name}</span>
            <span className="files-row-meta">
              {[d.path, d.current ? formatBytes(d.current.size, i18n.language) : '', d.versions > 1 ? t('document.versionN', { n: d.current?.number ?? d.versions }) : '', d.tags.join(', ')].filter(Boolean).join(' · ')}
            </span>
          </Label>
          <ValidityChip doc={d} />
          {waiting.has(d.id) && <IonChip outline>{t('waiting')}</IonChip>}
          {d.deletedAt && <StatusChip tone="danger" label={t('deleted')} />}
        </IonItem>
      ))}
    </IonList>
  );
}

function FolderDocuments({ folder, deleted, onOpen }: { folder: Folder; deleted: boolean; onOpen: (folderId: string | null, documentId?: string | null) => void }) {
  const { t, i18n } = useTranslation('file-explorer');
  const { documents, fromDevice, failed } = useDocuments(folder.id, deleted, !folder.id.startsWith('pending'));
  const pending = usePendingWrites(FILES_MODULE);
  const uploads = pending.filter((i) => i.kind === WRITES.upload && i.summary?.folderId === folder.id);
  return (
    <section className="files-documents" aria-label={t('documents')}>
      {fromDevice && <p className="files-note">{t('fromDevice')}</p>}
      {failed && <p className="files-note">{t('unavailable')}</p>}
      {uploads.length > 0 && (
        <IonList className="files-list" aria-label={t('upload.waitingList')}>
          {uploads.map((i) => {
            const s = i.summary as WriteSummary;
            return (
              <IonItem key={i.key} className="files-row" data-testid="files-waiting-upload">
                <Label>
                  <span className="files-row-name">{s.name}</span>
                  <span className="files-row-meta">{formatBytes(s.size ?? 0, i18n.language)}</span>
                </Label>
                <IonChip outline>{i.state === 'failed' ? t('upload.failed') : t('waiting')}</IonChip>
              </IonItem>
            );
          })}
        </IonList>
      )}
      {documents && documents.length > 0 && <DocumentRows documents={documents} onOpen={onOpen} />}
      {documents && documents.length === 0 && uploads.length === 0 && <p className="files-note">{t('folder.empty')}</p>}
    </section>
  );
}

function SearchResults({ siteId, search, onOpen }: { siteId: string; search: string; onOpen: (folderId: string | null, documentId?: string | null) => void }) {
  const { t } = useTranslation('file-explorer');
  const byTag = search.startsWith('#');
  const query = useQuery(searchQuery(byTag ? { site: siteId, tag: search.slice(1) } : { site: siteId, search }));
  if (query.isPending) return <IonSpinner aria-label={t('loading')} />;
  if (query.isError) return <p className="files-note">{t('search.offline')}</p>;
  if (query.data.length === 0) return <p className="files-note">{t('search.none')}</p>;
  return <DocumentRows documents={query.data} onOpen={onOpen} />;
}

/** "Keep this folder on this device": its size and the quota first, then the download; kept: shown, updated, removable. */
export function KeepFolder({ siteId, folders, folder }: { siteId: string; folders: readonly Folder[]; folder: Folder }) {
  const { t, i18n } = useTranslation('file-explorer');
  const [kept, setKept] = useState<KeptFolder | null | undefined>(undefined);
  const [asking, setAsking] = useState<{ bytes: number; estimate: { usage: number; quota: number } | null } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState(false);
  const stamp = folders.filter((f) => f.id === folder.id || f.parentId === folder.id).map((f) => `${f.id}:${f.updatedAt}:${f.documents}:${f.bytes}`).join('|');
  useEffect(() => {
    let live = true;
    void keptFolder(folder.id).then((k) => live && setKept(k));
    return () => {
      live = false;
    };
  }, [folder.id]);
  const keep = useCallback(async () => {
    setAsking(null);
    setError(false);
    setProgress(0);
    try {
      setKept(await keepFolder(siteId, folders, folder.id, (done, total) => setProgress(total === 0 ? 1 : done / total)));
    } catch {
      setError(true);
    } finally {
      setProgress(null);
    }
  }, [siteId, folders, folder.id]);
  // A kept folder read online is brought up to date when it changed.
  const lastStamp = useRef(stamp);
  useEffect(() => {
    if (kept && lastStamp.current !== stamp && navigator.onLine) void keep();
    lastStamp.current = stamp;
  }, [kept, stamp, keep]);
  if (kept === undefined || folder.deletedAt) return null;
  const size = (n: number) => formatBytes(n, i18n.language);
  return (
    <section className="files-keep" aria-label={t('keep.title')}>
      {kept ? (
        <>
          <p className="files-kept" role="status">
            {t('keep.kept', { size: size(kept.bytes), count: kept.documents.length })}
          </p>
          <IonButton fill="outline" onClick={() => void keep()} disabled={progress !== null}>
            {t('keep.update')}
          </IonButton>
          <IonButton fill="outline" color="danger" onClick={() => void forgetFolder(folder.id).then(() => setKept(null))}>
            {t('keep.remove')}
          </IonButton>
        </>
      ) : asking ? (
        <div className="files-confirm">
          <p>{t('keep.size', { size: size(asking.bytes) })}</p>
          {asking.estimate && <p>{t('keep.quota', { used: size(asking.estimate.usage), quota: size(asking.estimate.quota) })}</p>}
          <IonButton onClick={() => void keep()}>{t('keep.confirm')}</IonButton>
          <IonButton fill="outline" onClick={() => setAsking(null)}>
            {t('cancel')}
          </IonButton>
        </div>
      ) : (
        <IonButton fill="outline" disabled={progress !== null} onClick={() => void storageEstimate().then((estimate) => setAsking({ bytes: folderBytes(folders, folder.id), estimate }))}>
          {t('keep.action')}
        </IonButton>
      )}
      {progress !== null && <p role="status">{t('keep.progress', { percent: Math.round(progress * 100) })}</p>}
      {error && <p className="files-note">{t('keep.failed')}</p>}
    </section>
  );
}
