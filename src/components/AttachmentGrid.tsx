/**
 * The thumbnails of a record's attachments, those waiting in the outbox (shown from their Blob
 * on the device, marked "waiting to be sent", with their upload's progress while it runs) and
 * those on the server (their `/api/attachments/<id>/thumbnail`, fetched through the HTTP
 * channel: an <img src> would carry no token, and the server checks the tenant on every
 * use). A thumbnail opens the attachment (onOpen); a pending one can be removed (onRemove);
 * one on the server can be deleted by those who manage its record (onDelete), after the user
 * confirms it in a dialog (a deletion reaches the server: removing a pending one does not).
 * The progress is drawn like the shell's TransferProgress bar, whose store uploads.ts feeds.
 */
import { IonButton } from '@ionic/react';
import { closeOutline, documentOutline, trashOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiImageUrl } from '../lib/api-images';
import { MaskIcon } from './MaskIcon';
import './photo-picker.css';
import './transfer-progress.css';

export interface GridAttachment {
  id: string;
  name: string;
  /** waiting: kept in the outbox; uploading: being sent (progress 0 to 1); sent: on the server; failed: to be tried again. */
  state: 'waiting' | 'uploading' | 'sent' | 'failed';
  progress?: number | null;
  /** A pending attachment's bytes, shown from the device. */
  blob?: Blob | null;
  /** An uploaded attachment's thumbnail URL (null for documents). */
  thumbnailUrl?: string | null;
}

export interface AttachmentGridProps {
  items: readonly GridAttachment[];
  onOpen?: (item: GridAttachment) => void;
  onRemove?: (item: GridAttachment) => void;
  /** Deletes one on the server (after the grid's confirmation); absent: no delete action. */
  onDelete?: (item: GridAttachment) => void;
  /** Those that cannot be deleted here (e.g. a stage's panorama, removed with its stage). */
  canDelete?: (item: GridAttachment) => boolean;
}

/** An object URL for the item's picture (its Blob, or its thumbnail fetched with the token); null while loading or for documents. */
function usePicture(item: GridAttachment): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const { blob, thumbnailUrl } = item;
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    const show = (source: Blob) => {
      if (cancelled) return;
      objectUrl = URL.createObjectURL(source);
      setUrl(objectUrl);
    };
    if (blob && blob.type.startsWith('image/')) show(blob);
    else if (thumbnailUrl) {
      // Kept and revoked by lib/api-images (shared with every other view of this thumbnail).
      apiImageUrl(thumbnailUrl).then(
        (kept) => !cancelled && setUrl(kept),
        // Offline or gone: the tile keeps its document icon.
        () => undefined,
      );
    }
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob, thumbnailUrl]);
  return url;
}

function Tile({ item, onOpen, onRemove, onDelete }: { item: GridAttachment; onDelete: ((item: GridAttachment) => void) | undefined } & Pick<AttachmentGridProps, 'onOpen' | 'onRemove'>) {
  const { t } = useTranslation();
  const picture = usePicture(item);
  const percent = item.progress === null || item.progress === undefined ? null : Math.round(Math.min(1, Math.max(0, item.progress)) * 100);
  const status =
    item.state === 'uploading' ? t('photos.uploading', { percent: percent ?? 0 }) : item.state === 'waiting' ? t('photos.waiting') : item.state === 'failed' ? t('photos.failed') : t('photos.sent');
  return (
    <li className="attachment-grid-item">
      <button type="button" className="attachment-grid-open" aria-label={t('photos.open', { name: item.name })} onClick={() => onOpen?.(item)}>
        {picture ? <img src={picture} alt="" /> : <MaskIcon icon={documentOutline} />}
      </button>
      {onRemove && item.state !== 'sent' && (
        <button type="button" className="attachment-grid-remove" aria-label={t('photos.remove', { name: item.name })} onClick={() => onRemove(item)}>
          <MaskIcon icon={closeOutline} />
        </button>
      )}
      {onDelete && item.state === 'sent' && (
        <button type="button" className="attachment-grid-remove" aria-label={t('photos.delete', { name: item.name })} onClick={() => onDelete(item)}>
          <MaskIcon icon={trashOutline} />
        </button>
      )}
      {item.state === 'uploading' && (
        <div className="attachment-grid-progress" role="progressbar" aria-label={status} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent ?? undefined}>
          {percent === null ? (
            <div className="transfer-progress-bar transfer-progress-indeterminate" />
          ) : (
            <div className="transfer-progress-bar" style={{ transform: `scaleX(${percent / 100})` }} />
          )}
        </div>
      )}
      {item.state !== 'sent' && <span className={item.state === 'failed' ? 'attachment-grid-failed' : undefined}>{status}</span>}
    </li>
  );
}

export function AttachmentGrid({ items, onOpen, onRemove, onDelete, canDelete }: AttachmentGridProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<GridAttachment | null>(null);
  if (items.length === 0) return <p>{t('photos.empty')}</p>;
  const askDelete = onDelete === undefined ? undefined : (item: GridAttachment) => setConfirming(item);
  return (
    <>
      <ul className="attachment-grid" aria-label={t('photos.list')}>
        {items.map((item) => (
          <Tile key={item.id} item={item} onOpen={onOpen} onRemove={onRemove} onDelete={canDelete === undefined || canDelete(item) ? askDelete : undefined} />
        ))}
      </ul>
      {confirming !== null && onDelete !== undefined && (
        <div className="attachment-grid-confirm" role="alertdialog" aria-labelledby="attachment-grid-confirm-text">
          <p id="attachment-grid-confirm-text">{t('photos.delete_confirm', { name: confirming.name })}</p>
          <IonButton
            color="danger"
            onClick={() => {
              setConfirming(null);
              onDelete(confirming);
            }}
          >
            {t('photos.delete_yes')}
          </IonButton>
          <IonButton fill="outline" onClick={() => setConfirming(null)}>
            {t('photos.delete_cancel')}
          </IonButton>
        </div>
      )}
    </>
  );
}
