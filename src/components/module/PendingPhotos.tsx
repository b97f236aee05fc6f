/**
 * The photos of a record added on this device and still in the outbox, on its sheet below the
 * server's files (RecordAttachments lists those), for every module: shown at once from their
 * Blob, marked "waiting to be sent", removable until they leave (those of a write of their
 * own: `removable`). When a photo leaves the outbox (its upload complete) the module reads the
 * record again (onDelivered); until the server lists it, the tile keeps showing the Blob
 * (marked sent), so the photo never blinks out between the two. With `onAdd`, the photo picker
 * (camera or gallery, resized on the device) adds more.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { openBlob } from '../ApiImage';
import { AttachmentGrid, type GridAttachment } from '../AttachmentGrid';
import { PhotoPicker, type PickedPhoto } from '../PhotoPicker';
import { describeApiError } from '../../lib/error-messages';
import { discardWrite, usePendingAttachments, type PendingAttachment } from '../../lib/outbox';
import { showToast } from '../../lib/toast';

export interface PendingPhotosProps {
  /** The record's module (its outbox items are the module's) and id. */
  module: string;
  recordId: string;
  /** The ids of the record's attachments on the server (shown by RecordAttachments). */
  serverIds: readonly string[];
  /** Adds the picked photos (queues them); absent: no picker. */
  onAdd?: (photos: PickedPhoto[]) => void;
  /** Which waiting photos may be taken back (discarding their write); default none. */
  removable?: (pending: PendingAttachment) => boolean;
  /** A photo left the outbox: read the record again. */
  onDelivered: () => void;
}

export function PendingPhotos({ module, recordId, serverIds, onAdd, removable, onDelivered }: PendingPhotosProps) {
  const pending = usePendingAttachments(module, recordId);
  /** Photos that left the outbox uploaded, shown from their Blob until the server lists them. */
  const [delivered, setDelivered] = useState<ReadonlyMap<string, GridAttachment>>(new Map());
  const shown = useRef<Map<string, GridAttachment>>(new Map());
  const removed = useRef<Set<string>>(new Set());
  const latest = useRef(onDelivered);
  useEffect(() => {
    latest.current = onDelivered;
  });

  const waiting = useMemo(
    () =>
      pending.map(
        ({ item, attachment }): GridAttachment => ({
          id: attachment.attachmentId,
          name: attachment.name,
          state: item.state === 'failed' || item.state === 'conflict' ? 'failed' : 'waiting',
          blob: attachment.blob,
        }),
      ),
    [pending],
  );

  // A waiting photo gone from the outbox without being removed here was uploaded: read the
  // record again (the socket's records:changed does too, when it is connected).
  useEffect(() => {
    const now = new Set(waiting.map((tile) => tile.id));
    const left = [...shown.current.values()].filter((tile) => !now.has(tile.id) && !removed.current.has(tile.id));
    shown.current = new Map(waiting.map((tile) => [tile.id, tile]));
    if (left.length === 0) return;
    setDelivered((before) => new Map([...before, ...left.map((tile): [string, GridAttachment] => [tile.id, { ...tile, state: 'sent' }])]));
    latest.current();
  }, [waiting]);

  const serverKey = serverIds.join('|');
  const items = useMemo<GridAttachment[]>(() => {
    const onServer = new Set(serverKey.split('|'));
    return [...[...delivered.values()].filter((tile) => !onServer.has(tile.id)), ...waiting.filter((tile) => !onServer.has(tile.id))];
  }, [serverKey, delivered, waiting]);

  const entryOf = (tile: GridAttachment) => pending.find(({ attachment }) => attachment.attachmentId === tile.id);
  const remove = (tile: GridAttachment) => {
    const entry = entryOf(tile);
    if (entry === undefined) return;
    removed.current.add(tile.id);
    void discardWrite(entry.item.key).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };
  const canRemove = removable !== undefined && pending.some(removable);

  return (
    <>
      {items.length > 0 && (
        <AttachmentGrid
          items={items}
          onOpen={(tile) => tile.blob && openBlob(tile.blob)}
          onRemove={canRemove ? (tile) => { const entry = entryOf(tile); if (entry !== undefined && removable?.(entry)) remove(tile); } : undefined}
        />
      )}
      {onAdd !== undefined && <PhotoPicker onPicked={onAdd} />}
    </>
  );
}
