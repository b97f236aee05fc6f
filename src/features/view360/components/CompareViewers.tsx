/**
 * Two captures of one stage side by side (one above the other on a phone), turned and zoomed
 * together: moving one moves the other to the same direction.
 */
import { Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TiledPanorama } from '../../../../common/modules/view360/schemas';
import { adapterPanorama, nameViewerButtons, readThroughDevice, viewerLang } from '../panoramas';
import { loadViewerStyles } from './styles';

interface Version {
  id: string;
  label: string;
  imageUrl: string;
  tiles: TiledPanorama | null;
}

export function CompareViewers({ left, right }: { left: Version; right: Version }) {
  const { t } = useTranslation('view360');
  const boxes = [useRef<HTMLDivElement>(null), useRef<HTMLDivElement>(null)];
  const viewers = useRef<Viewer[]>([]);

  useEffect(() => {
    let destroyed = false;
    void loadViewerStyles().then(() => {
      if (destroyed) return;
      const made = boxes.map((box, i) => {
        const viewer = new Viewer({ container: box.current!, adapter: [EquirectangularTilesAdapter, { baseBlur: false, showErrorTile: false }], navbar: ['zoom', 'fullscreen'], loadingTxt: '', lang: viewerLang(t) });
        readThroughDevice(viewer);
        nameViewerButtons(box.current!);
        const version = [left, right][i]!;
        void viewer.setPanorama(adapterPanorama(version.imageUrl, version.tiles), { transition: false, showLoader: false }).catch(() => undefined);
        return viewer;
      });
      viewers.current = made;
      let syncing = false;
      made.forEach((viewer, i) => {
        const other = made[1 - i]!;
        viewer.addEventListener('position-updated', ({ position }) => {
          if (syncing) return;
          syncing = true;
          other.rotate(position);
          syncing = false;
        });
        viewer.addEventListener('zoom-updated', ({ zoomLevel }) => {
          if (syncing) return;
          syncing = true;
          other.zoom(zoomLevel);
          syncing = false;
        });
      });
    });
    return () => {
      destroyed = true;
      for (const viewer of viewers.current) viewer.destroy();
      viewers.current = [];
    };
    // Built again when another capture is chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left.id, right.id]);

  return (
    <div className="view360-compare">
      {[left, right].map((v, i) => (
        <div key={`${i}-${v.id}`} className="view360-viewer" role="region" aria-label={t('compare.viewer', { date: v.label })}>
          <div ref={boxes[i]} className="view360-viewer-canvas" />
        </div>
      ))}
    </div>
  );
}
