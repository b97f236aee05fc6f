/**
 * A document: its preview on the device, its versions (each downloadable), and for those who
 * manage the site's files its rename, move, tags, validity end date, new version, delete and
 * restore (each an outbox write, shown waiting until sent). Offline, a kept document shows its
 * current version from the device.
 */
import { IonButton, IonChip, IonInput, IonItem, IonLabel, IonList, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSheet, FileDocument, Folder } from '../../../../common/modules/files/schemas';
import { RecordPanels } from '../../../components/module/RecordPanels';
import { StatusChip } from '../../../components/module';
import { formatDateTime } from '../../../lib/dates';
import { usePendingWrites } from '../../../lib/outbox';
import { documentQuery, FILES_MODULE, queueDocumentDeleted, queueDocumentUpdate } from '../api';
import { keptFolders } from '../keep';
import { formatBytes, Uploader, ValidityChip } from './parts';
import { ShareButton } from '../share';
import { downloadVersion, Preview } from './Preview';

function useDocument(documentId: string): { doc: DocumentSheet | null; loading: boolean } {
  const query = useQuery(documentQuery(documentId));
  const [kept, setKept] = useState<FileDocument | null>(null);
  const unreachable = query.data === undefined && (query.isError || query.fetchStatus === 'paused');
  useEffect(() => {
    if (!unreachable) return;
    void keptFolders().then((all) => setKept(all.flatMap((k) => k.documents).find((d) => d.id === documentId) ?? null));
  }, [unreachable, documentId]);
  if (query.data) return { doc: query.data, loading: false };
  if (kept) return { doc: { ...kept, allVersions: kept.current ? [kept.current] : [] }, loading: false };
  return { doc: null, loading: query.isPending && !unreachable };
}

export function DocumentPanel({ documentId, folders, canManage, onClose }: { documentId: string; folders: readonly Folder[]; canManage: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('file-explorer');
  const { doc, loading } = useDocument(documentId);
  const waiting = usePendingWrites(FILES_MODULE, documentId).length > 0;
  const [editing, setEditing] = useState(false);
  if (loading) return <IonSpinner aria-label={t('loading')} />;
  if (!doc) return <p className="files-note">{t('document.unavailable')}</p>;
  const day = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <section className="files-document" aria-labelledby="files-document-title">
      <div className="files-document-head">
        <IonButton fill="clear" className="files-target" onClick={onClose}>
          {t('back')}
        </IonButton>
        <h2 id="files-document-title" className="files-document-title">
          {doc.name}
        </h2>
      </div>
      <div className="files-document-marks">
        <ValidityChip doc={doc} />
        {doc.tags.map((tag) => (
          <IonChip key={tag} outline>
            #{tag}
          </IonChip>
        ))}
        {waiting && <IonChip outline>{t('waiting')}</IonChip>}
        {doc.deletedAt && <StatusChip tone="danger" label={t('deleted')} />}
      </div>
      {doc.current && (
        <>
          <div className="files-preview">
            <Preview version={doc.current} />
          </div>
          <IonButton onClick={() => void downloadVersion(doc.current!)}>{t('document.download')}</IonButton>
          {doc.siteId && !doc.deletedAt && !waiting && <ShareButton siteId={doc.siteId} kind="document" id={doc.id} />}
        </>
      )}
      {canManage && !doc.deletedAt && (
        <div className="files-actions">
          <Uploader folderId={doc.folderId} documentFor={{ id: doc.id, name: doc.name }} />
          <IonButton fill="outline" onClick={() => setEditing(!editing)}>
            {t('document.edit')}
          </IonButton>
        </div>
      )}
      {canManage && editing && !doc.deletedAt && <DocumentForm doc={doc} folders={folders} onDone={() => setEditing(false)} />}
      {canManage && (
        <IonButton fill="outline" color={doc.deletedAt ? 'primary' : 'danger'} onClick={() => void queueDocumentDeleted(doc, !doc.deletedAt)}>
          {doc.deletedAt ? t('restore') : t('document.delete')}
        </IonButton>
      )}
      <h3>{t('document.versions')}</h3>
      <IonList aria-label={t('document.versions')}>
        {doc.allVersions.map((v) => (
          <IonItem key={v.id} className="files-row">
            <IonLabel>
              <span className="files-row-name">{t('document.versionN', { n: v.number })}</span>
              <span className="files-row-meta">{[day(v.createdAt), v.createdBy.name, formatBytes(v.size, i18n.language)].filter(Boolean).join(' · ')}</span>
            </IonLabel>
            <IonButton fill="clear" className="files-target" onClick={() => void downloadVersion(v)} aria-label={t('document.downloadVersion', { n: v.number })}>
              {t('document.download')}
            </IonButton>
          </IonItem>
        ))}
      </IonList>
      {!doc.deletedAt && <RecordPanels host="documents" recordId={doc.id} />}
    </section>
  );
}

function DocumentForm({ doc, folders, onDone }: { doc: DocumentSheet; folders: readonly Folder[]; onDone: () => void }) {
  const { t } = useTranslation('file-explorer');
  const [name, setName] = useState(doc.name);
  const [folderId, setFolderId] = useState(doc.folderId);
  const [tags, setTags] = useState(doc.tags.join(', '));
  const [validUntil, setValidUntil] = useState(doc.validUntil ?? '');
  const siteFolders = folders.filter((f) => f.siteId === doc.siteId && !f.deletedAt);
  const save = async () => {
    const changes: { name?: string; folderId?: string; tags?: string[]; validUntil?: string | null } = {};
    if (name.trim() && name.trim() !== doc.name) changes.name = name.trim();
    if (folderId !== doc.folderId) changes.folderId = folderId;
    const nextTags = tags.split(',').map((s) => s.trim()).filter(Boolean);
    if (nextTags.join('|') !== doc.tags.join('|')) changes.tags = nextTags;
    const nextValid = validUntil || null;
    if (nextValid !== doc.validUntil) changes.validUntil = nextValid;
    if (Object.keys(changes).length > 0) await queueDocumentUpdate(doc, changes);
    onDone();
  };
  return (
    <form
      className="files-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <IonInput label={t('document.name')} labelPlacement="stacked" value={name} maxlength={200} onIonInput={(e) => setName(String(e.detail.value ?? ''))} />
      <IonSelect label={t('document.folder')} labelPlacement="stacked" value={folderId} onIonChange={(e) => setFolderId(String(e.detail.value))}>
        {siteFolders.map((f) => (
          <IonSelectOption key={f.id} value={f.id}>
            {f.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonInput label={t('document.tags')} labelPlacement="stacked" helperText={t('document.tagsHelp')} value={tags} onIonInput={(e) => setTags(String(e.detail.value ?? ''))} />
      <IonInput label={t('document.validUntil')} labelPlacement="stacked" type="date" value={validUntil} onIonInput={(e) => setValidUntil(String(e.detail.value ?? ''))} />
      <div className="files-actions">
        <IonButton type="submit">{t('save')}</IonButton>
        <IonButton fill="outline" onClick={onDone}>
          {t('cancel')}
        </IonButton>
      </div>
    </form>
  );
}
