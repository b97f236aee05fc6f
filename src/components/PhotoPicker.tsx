/**
 * "Take a photo" (the camera, through the system's file picker: no camera permission needed)
 * and "Choose from gallery": each picked image is resized on the device (image-resize.ts) and
 * handed to the caller as a JPEG Blob with its name, size, and when and where it was taken,
 * ready for the outbox (enqueueWrite's attachments). The buttons are 44 px targets named in
 * the `common` namespace; a status line says while photos are prepared, and which could not
 * be read.
 */
import { cameraOutline, imagesOutline } from 'ionicons/icons';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resizeImage, type GpsPosition, type ResizedImage } from '../lib/image-resize';
import { MaskIcon } from './MaskIcon';
import './photo-picker.css';

export type PickedPhoto = ResizedImage;

/** What the gallery offers: the photo types the server takes (HEIC is converted by the system picker). */
const GALLERY_TYPES = 'image/jpeg,image/png,image/webp';

export interface PhotoPickerProps {
  /** Receives the resized photos of one pick, in the order picked. */
  onPicked: (photos: PickedPhoto[]) => void;
  /** The device's position, for photos that carry none (asked by the caller, who knows when it may). */
  getPosition?: () => Promise<GpsPosition | null>;
  /** Several photos at once from the gallery (default true). */
  multiple?: boolean;
  disabled?: boolean;
  /** Resizes one file; the default is resizeImage (tests give their own: jsdom draws no image). */
  resize?: typeof resizeImage;
}

export function PhotoPicker({ onPicked, getPosition, multiple = true, disabled = false, resize = resizeImage }: PhotoPickerProps) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same photo may be picked again after a removal: clear the input.
    event.target.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setFailed(false);
    try {
      const position = getPosition ? await getPosition().catch(() => null) : null;
      const photos: PickedPhoto[] = [];
      let unreadable = false;
      // One at a time: a phone holds one decoded 12-megapixel image (48 MB) at once, not ten.
      for (const file of files) {
        try {
          photos.push(await resize(file, { position }));
        } catch {
          unreadable = true;
        }
      }
      setFailed(unreadable);
      if (photos.length > 0) onPicked(photos);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="photo-picker">
      <div className="photo-picker-buttons">
        <button type="button" className="photo-picker-button" disabled={disabled || busy} aria-describedby={statusId} onClick={() => camera.current?.click()}>
          <MaskIcon icon={cameraOutline} />
          <span>{t('photos.take')}</span>
        </button>
        <button type="button" className="photo-picker-button" disabled={disabled || busy} aria-describedby={statusId} onClick={() => gallery.current?.click()}>
          <MaskIcon icon={imagesOutline} />
          <span>{t('photos.choose')}</span>
        </button>
      </div>
      {/* Hidden inputs the buttons open; named for assistive technologies that still list them. */}
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden aria-label={t('photos.take')} onChange={(event) => void picked(event)} data-testid="photo-picker-camera" />
      <input
        ref={gallery}
        type="file"
        accept={GALLERY_TYPES}
        multiple={multiple}
        hidden
        aria-label={t('photos.choose')}
        onChange={(event) => void picked(event)}
        data-testid="photo-picker-gallery"
      />
      <p id={statusId} className={failed ? 'photo-picker-status photo-picker-error' : 'photo-picker-status'} role="status">
        {busy ? t('photos.preparing') : failed ? t('photos.unreadable') : ''}
      </p>
    </div>
  );
}
