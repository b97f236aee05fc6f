/**
 * The photos of a site added on this device and still in the outbox, on its sheet below the
 * server's files (RecordAttachments lists those): shown at once from their Blob, marked
 * "waiting to be sent", removable until they leave. Managers add photos with
 * the photo picker, online or offline: each is queued (queueAddSitePhotos) and uploaded by the
 * outbox with tus, resumed from the server's offset after a cut.
 *
 * When a photo leaves the outbox (its upload complete) the site is read again so the server's
 * copy takes its place; until the server lists it, the tile keeps showing the Blob (marked
 * sent), so the photo never blinks out between the two.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../../common/modules/sites/schemas';
import { openBlob } from '../../../components/ApiImage';
import { AttachmentGrid, type GridAttachment } from '../../../components/AttachmentGrid';
import { PhotoPicker, type PickedPhoto } from '../../../components/PhotoPicker';
import { describeApiError } from '../../../lib/error-messages';
import { discardWrite, usePendingAttachments } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { sitesKeys } from '../api/keys';
import { queueAddSitePhotos, SITES_MODULE } from '../writes';

export interface SitePhotosProps {
  site: Site;
  /** The session may add photos (and remove those still waiting). */
  canAdd: boolean;
}


export function SitePhotos({ site, canAdd }: SitePhotosProps) {
  const { t } = useTranslation('sites');
  const queryClient = useQueryClient();
  const pending = usePendingAttachments(SITES_MODULE, site.id);
  /** Photos that left the outbox uploaded, shown from their Blob until the server lists them. */
  const [delivered, setDelivered] = useState<ReadonlyMap<string, GridAttachment>>(new Map());
  const shown = useRef<Map<string, GridAttachment>>(new Map());
  const removed = useRef<Set<string>>(new Set());

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
  // site again (the socket's records:changed does too, when it is connected).
  useEffect(() => {
    const now = new Set(waiting.map((tile) => tile.id));
    const left = [...shown.current.values()].filter((tile) => !now.has(tile.id) && !removed.current.has(tile.id));
    shown.current = new Map(waiting.map((tile) => [tile.id, tile]));
    if (left.length === 0) return;
    setDelivered((before) => new Map([...before, ...left.map((tile): [string, GridAttachment] => [tile.id, { ...tile, state: 'sent' }])]));
    void queryClient.invalidateQueries({ queryKey: sitesKeys.detail(site.id) });
  }, [waiting, queryClient, site.id]);

  const items = useMemo<GridAttachment[]>(() => {
    const onServer = new Set(site.attachments.map((a) => a.id));
    return [
      ...[...delivered.values()].filter((tile) => !onServer.has(tile.id)),
      ...waiting.filter((tile) => !onServer.has(tile.id)),
    ];
  }, [site.attachments, delivered, waiting]);

  const open = (tile: GridAttachment) => {
    if (tile.blob) openBlob(tile.blob);
  };

  const remove = (tile: GridAttachment) => {
    const entry = pending.find(({ attachment }) => attachment.attachmentId === tile.id);
    if (entry === undefined) return;
    removed.current.add(tile.id);
    void discardWrite(entry.item.key).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };

  const add = (photos: PickedPhoto[]) => {
    const images = photos.map(({ blob, name, type, takenAt, gps }) => ({ blob, name, type, takenAt, gps }));
    queueAddSitePhotos(site, images).then(
      () => showToast({ message: t('photos.queued', { count: images.length }), kind: 'success' }),
      (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  };

  return (
    <>
      {items.length > 0 && <AttachmentGrid items={items} onOpen={open} onRemove={canAdd ? remove : undefined} />}
      {canAdd && <PhotoPicker onPicked={add} />}
    </>
  );
}
