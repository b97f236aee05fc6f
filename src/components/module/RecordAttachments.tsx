/**
 * The files and photos of a record's sheet, for every module: the record's attachments on the
 * server in the shared AttachmentGrid (thumbnails fetched with the session's token), a tap
 * opening the file, and for those who manage the module a delete action (confirmed in the
 * grid, then queued in the outbox: attachment-writes.ts). A file whose deletion waits to be
 * sent is gone from the grid at once and named below it, marked "waiting to be sent", until
 * the server has it, and until the module has read the record again (onDelivered).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../common/schemas/platform';
import { fetchApiImage } from '../../lib/api-images';
import { pendingAttachmentDeletes, queueDeleteAttachment } from '../../lib/attachment-writes';
import { describeApiError } from '../../lib/error-messages';
import { usePendingChanges } from '../../lib/outbox';
import { showToast } from '../../lib/toast';
import { showSavedToast } from '../../lib/saved-toast';
import { openBlob } from '../ApiImage';
import { AttachmentGrid, type GridAttachment } from '../AttachmentGrid';
import { WaitingMark } from '../WaitingMark';
import './module.css';

export interface RecordAttachmentsProps {
  /** The record's module (its outbox items are the module's) and id. */
  module: string;
  recordId: string;
  attachments: readonly Attachment[];
  /** The user may delete them (can(rights, feature, 'manage'), on a live record). */
  manage: boolean;
  /** Those that cannot be deleted from here (e.g. a stage's panorama, removed with its stage). */
  canDelete?: (attachment: GridAttachment) => boolean;
  /** A deletion reached the server: the module reads the record again (its sheet, its history). */
  onDelivered?: () => void;
}

/** Opens the file in a new tab: fetched with the token (a plain link would carry none). */
function openAttachment(url: string): void {
  // Opened now, while the tap still counts as the user's: a window opened after the fetch would be blocked.
  const tab = window.open('about:blank', '_blank');
  // Not through apiImageUrl's kept object URLs: a whole file may be large, and is opened once.
  fetchApiImage(url)
    .then((blob) => openBlob(blob, tab))
    .catch((error: unknown) => {
      tab?.close();
      showToast({ message: describeApiError(error), kind: 'danger' });
    });
}

interface Delivered {
  /** The pending deletions at the last render, as a key. */
  pending: string;
  /** Deletions the server has taken since, hidden until its next copy of the record. */
  ids: readonly string[];
  /** The server's copy they were taken from. */
  from: readonly Attachment[];
}

export function RecordAttachments({ module, recordId, attachments, manage, canDelete, onDelivered }: RecordAttachmentsProps) {
  const { t } = useTranslation();
  const deleting = pendingAttachmentDeletes(usePendingChanges(module, recordId));
  const pendingKey = deleting.map((d) => d.attachmentId).join('|');
  // A delivered deletion leaves the outbox before the record is read again: the file stays
  // hidden until the next copy of the record (else it would show again meanwhile).
  const [delivered, setDelivered] = useState<Delivered>({ pending: pendingKey, ids: [], from: attachments });
  if (delivered.pending !== pendingKey) {
    const still = new Set(deleting.map((d) => d.attachmentId));
    const left = delivered.pending.split('|').filter((id) => id !== '' && !still.has(id));
    setDelivered(left.length > 0 ? { pending: pendingKey, ids: left, from: attachments } : { ...delivered, pending: pendingKey });
  }
  const latest = useRef(onDelivered);
  useEffect(() => {
    latest.current = onDelivered;
  });
  useEffect(() => {
    if (delivered.ids.length > 0) latest.current?.();
  }, [delivered.ids]);
  const gone = new Set([...deleting.map((d) => d.attachmentId), ...(delivered.from === attachments ? delivered.ids : [])]);
  const items: GridAttachment[] = attachments
    .filter((a) => !gone.has(a.id))
    .map((a) => ({ id: a.id, name: a.name, state: 'sent', thumbnailUrl: a.thumbnailUrl }));

  const remove = async (item: GridAttachment) => {
    try {
      await queueDeleteAttachment(module, recordId, item);
      showSavedToast(t('photos.deleted_done'));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    }
  };

  return (
    <>
      <AttachmentGrid
        items={items}
        onOpen={(item) => {
          const attachment = attachments.find((a) => a.id === item.id);
          if (attachment) openAttachment(attachment.url);
        }}
        onDelete={manage ? (item) => void remove(item) : undefined}
        canDelete={canDelete}
      />
      {deleting.length > 0 && (
        <ul className="record-attachments-deleting">
          {deleting.map((d) => (
            <li key={d.attachmentId}>
              {t('photos.deleting', { name: d.name })} <WaitingMark />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
