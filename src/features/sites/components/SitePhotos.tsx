/**
 * The photos of a site added on this device and still in the outbox (the shared PendingPhotos:
 * shown at once from their Blob, marked waiting, removable until they leave). Managers add
 * photos with the photo picker, online or offline: each is queued (queueAddSitePhotos) and
 * uploaded by the outbox with tus, resumed from the server's offset after a cut.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../../common/modules/sites/schemas';
import { PendingPhotos } from '../../../components/module/PendingPhotos';
import type { PickedPhoto } from '../../../components/PhotoPicker';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
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
  const add = (photos: PickedPhoto[]) => {
    const images = photos.map(({ blob, name, type, takenAt, gps }) => ({ blob, name, type, takenAt, gps }));
    queueAddSitePhotos(site, images).then(
      () => showSavedToast(t('photos.queued', { count: images.length })),
      (error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }),
    );
  };
  return (
    <PendingPhotos
      module={SITES_MODULE}
      recordId={site.id}
      serverIds={site.attachments.map((a) => a.id)}
      onAdd={canAdd ? add : undefined}
      removable={canAdd ? () => true : undefined}
      onDelivered={() => void queryClient.invalidateQueries({ queryKey: sitesKeys.detail(site.id) })}
    />
  );
}
