/** The explorer's small parts shared by its screens: sizes, the validity chip, the upload buttons. */
import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileDocument, Validity } from '../../../../common/modules/files/schemas';
import { StatusChip, type StatusTone } from '../../../components/module';
import { filesKeys, queueUpload } from '../api';
import { formatDay } from '../../../lib/dates';
import { keptHolding } from '../keep';

export const VALIDITY_TONES: Record<Validity, StatusTone> = { none: 'neutral', valid: 'success', expiring: 'warning', expired: 'danger' };

export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

export function ValidityChip({ doc }: { doc: Pick<FileDocument, 'validity' | 'validUntil'> }) {
  const { t, i18n } = useTranslation('file-explorer');
  if (doc.validity === 'none' || !doc.validUntil) return null;
  const day = formatDay(doc.validUntil, i18n.language, { short: true });
  return <StatusChip tone={VALIDITY_TONES[doc.validity]} label={t(`validity.${doc.validity}`, { day })} />;
}

/** Upload: several files from the picker, or a photo from the camera; each its own outbox item. */
export function Uploader({ folderId, documentFor }: { folderId: string; documentFor?: { id: string; name: string } }) {
  const { t } = useTranslation('file-explorer');
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState(0);
  const onFiles = useCallback(
    async (files: FileList | null) => {
      if (!files) return;
      const known = queryClient.getQueryData<FileDocument[]>(filesKeys.folderDocuments(folderId, false)) ?? (await keptHolding(folderId))?.documents ?? [];
      for (const file of Array.from(files)) {
        const name = documentFor?.name ?? file.name;
        const same = documentFor ?? known.find((d) => !d.deletedAt && d.name.localeCompare(name, undefined, { sensitivity: 'base' }) === 0);
        await queueUpload({ folderId, file, name, documentId: same?.id ?? crypto.randomUUID() });
      }
      setQueued(files.length);
    },
    [folderId, documentFor, queryClient],
  );
  return (
    <div className="files-actions">
      <input ref={picker} type="file" multiple={!documentFor} hidden data-testid="files-picker" onChange={(e) => void onFiles(e.currentTarget.files).then(() => (e.target.value = ''))} />
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => void onFiles(e.currentTarget.files).then(() => (e.target.value = ''))} />
      <IonButton onClick={() => picker.current?.click()}>{documentFor ? t('document.newVersion') : t('upload.files')}</IonButton>
      {!documentFor && (
        <IonButton fill="outline" onClick={() => camera.current?.click()}>
          {t('upload.camera')}
        </IonButton>
      )}
      {queued > 0 && <span role="status" className="files-note">{t('upload.queued', { count: queued })}</span>}
    </div>
  );
}

