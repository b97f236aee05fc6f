/**
 * An interactive 360° view of one panorama (an equirectangular stage image) with Photo Sphere
 * Viewer. Its code and CSS are imported here, on demand, when a user opens a panorama: nothing
 * of it is in the Sites chunk or any other (its stylesheet: lib/stylesheet.ts). Without WebGL
 * the library cannot draw: a message says so and the image can still be opened in a new tab.
 * The image is fetched with the session (lib/api-images.ts) and given to the viewer as an
 * object URL: the viewer's own loader would ask without the access token.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openApiImage } from '../../../components/ApiImage';
import { apiImageUrl } from '../../../lib/api-images';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { linkStylesheet } from '../../../lib/stylesheet';
import { hasWebGl } from '../../../lib/webgl';

type ViewerState = 'loading' | 'ready' | 'no-webgl' | 'failed';

/** The viewer's stylesheet, linked once. */
const loadViewerStyles = () => import('@photo-sphere-viewer/core/index.css?url').then(({ default: href }) => linkStylesheet(href));

export function PanoramaViewer({ imageUrl, name }: { imageUrl: string; name: string }) {
  const { t } = useTranslation('sites');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>(() => (hasWebGl() ? 'loading' : 'no-webgl'));

  useEffect(() => {
    if (state !== 'loading' || container.current === null) return undefined;
    let destroyed = false;
    let viewer: { destroy: () => void } | null = null;
    void Promise.all([import('@photo-sphere-viewer/core'), apiImageUrl(imageUrl), loadViewerStyles()])
      .then(([{ Viewer }, panorama]) => {
        if (destroyed || container.current === null) return;
        viewer = new Viewer({ container: container.current, panorama, navbar: ['zoom', 'move', 'fullscreen'], loadingTxt: '' });
        setState('ready');
      })
      .catch(() => {
        if (!destroyed) setState('failed');
      });
    return () => {
      destroyed = true;
      viewer?.destroy();
    };
    // The viewer is built once per image.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [imageUrl]);

  if (state === 'no-webgl' || state === 'failed') {
    return (
      <p className="site-panorama-fallback" role="status">
        {t(state === 'no-webgl' ? 'panorama.no_webgl' : 'panorama.failed')}{' '}
        <IonButton fill="clear" onClick={() => openApiImage(imageUrl, (error) => showToast({ message: describeApiError(error), kind: 'danger' }))}>
          {t('panorama.open_image', { name })}
        </IonButton>
      </p>
    );
  }
  return (
    <div className="site-panorama" role="region" aria-label={t('panorama.label', { name })}>
      {state === 'loading' && <IonSpinner name="crescent" aria-label={t('panorama.loading')} />}
      <div ref={container} className="site-panorama-canvas" />
    </div>
  );
}
