/**
 * The tour's panorama viewer (Photo Sphere Viewer, loaded with this chunk only): the site's
 * stages as the virtual tour plugin's nodes (arrows to the linked stages at their direction),
 * the stage's markers (markers plugin; each a button opening its details), a tap giving the
 * direction to place something, the gyroscope on a phone. Every panorama goes through the
 * equirectangular tiles adapter: a large one as its low-resolution base (shown at once) and its
 * tiles for the part on screen, a small one as a base without tiles. The viewer reads them
 * through the session and the device's copy (../panoramas.ts), the stage on screen only: a tour
 * opened once shows offline, with the tiles that were looked at. Its steps leave performance
 * marks (`view360:styles`, `view360:viewer`, `view360:nodes`, `view360:image`, `view360:drawn`)
 * that `npm run bench:360` reads.
 */
import { Viewer } from '@photo-sphere-viewer/core';
import { EquirectangularTilesAdapter } from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import { GyroscopePlugin } from '@photo-sphere-viewer/gyroscope-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { VirtualTourPlugin } from '@photo-sphere-viewer/virtual-tour-plugin';
import { IonSpinner } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TiledPanorama } from '../../../../common/modules/view360/schemas';
import { adapterPanorama, arrowElement, nameViewerButtons, readThroughDevice, viewerLang } from '../panoramas';
import { loadViewerStyles } from './styles';

export interface ShownStage {
  id: string;
  name: string;
  imageUrl: string | null;
  tiles: TiledPanorama | null;
}
export interface ShownLink {
  id: string;
  fromStageId: string;
  toStageId: string;
  yaw: number;
  pitch: number;
}
export interface ShownMarker {
  id: string;
  stageId: string;
  yaw: number;
  pitch: number;
  text: string;
  note: boolean;
  waiting: boolean;
}

export interface TourViewerProps {
  stages: readonly ShownStage[];
  links: readonly ShownLink[];
  markers: readonly ShownMarker[];
  stageId: string;
  /** Turned to this direction once the stage shows (a marker opened from a record). */
  turnTo: { yaw: number; pitch: number } | null;
  /** Whether a tap gives a direction (placing a marker, an arrow, a finding). */
  picking: boolean;
  gyroscope: boolean;
  label: string;
  onStageChange: (stageId: string) => void;
  onPick: (position: { yaw: number; pitch: number }) => void;
  onMarker: (markerId: string) => void;
  /** The time from the first image asked to the first panorama drawn (the bench reads it). */
  onFirstView?: (ms: number) => void;
}

function pinElement(marker: ShownMarker, onMarker: (id: string) => void): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `view360-pin${marker.note ? ' view360-pin-note' : ''}${marker.waiting ? ' view360-pin-waiting' : ''}`;
  button.textContent = marker.text;
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onMarker(marker.id);
  });
  return button;
}

export function TourViewer(props: TourViewerProps) {
  const { t } = useTranslation('view360');
  const container = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const parts = useRef<{ viewer: Viewer; tour: VirtualTourPlugin; markers: MarkersPlugin; gyroscope: GyroscopePlugin } | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(false);
  const turned = useRef<string | null>(null);
  const stageName = (id: string) => latest.current.stages.find((s) => s.id === id)?.name ?? '';

  const showMarkers = () => {
    const p = parts.current;
    if (!p) return;
    const { markers, stageId } = latest.current;
    const current = p.tour.getCurrentNode()?.id ?? stageId;
    p.markers.setMarkers(
      markers
        .filter((m) => m.stageId === current)
        .map((m) => ({ id: m.id, position: { yaw: m.yaw, pitch: m.pitch }, element: pinElement(m, (id) => latest.current.onMarker(id)), anchor: 'center center', data: { marker: m.id } })),
    );
  };

  const turn = () => {
    const p = parts.current;
    const { turnTo, stageId } = latest.current;
    if (!p || !turnTo || turned.current === `${stageId}:${turnTo.yaw}:${turnTo.pitch}`) return;
    turned.current = `${stageId}:${turnTo.yaw}:${turnTo.pitch}`;
    p.viewer.rotate({ yaw: turnTo.yaw, pitch: turnTo.pitch });
  };

  const applied = useRef<string | null>(null);
  /** Gives the viewer the tour's nodes (once per change of stages or arrows). */
  const applyNodes = () => {
    const p = parts.current;
    if (!p) return;
    const { stages, links } = latest.current;
    const key = JSON.stringify([stages.map((s) => [s.id, s.name, s.imageUrl, s.tiles?.width]), links.map((l) => [l.id, l.fromStageId, l.toStageId, l.yaw, l.pitch])]);
    if (applied.current === key) return;
    const shown = stages.filter((s): s is ShownStage & { imageUrl: string } => s.imageUrl !== null);
    // Each node's images are read when it is shown (the start stage's only, first).
    const ids = new Set(shown.map((s) => s.id));
    const nodes = shown.map((stage) => ({
      id: stage.id,
      name: stage.name,
      caption: stage.name,
      panorama: adapterPanorama(stage.imageUrl, stage.tiles),
      links: links.filter((l) => l.fromStageId === stage.id && ids.has(l.toStageId)).map((l) => ({ nodeId: l.toStageId, position: { yaw: l.yaw, pitch: l.pitch } })),
    }));
    const current = ids.has(latest.current.stageId) ? latest.current.stageId : nodes[0]?.id;
    if (nodes.length === 0) return;
    applied.current = key;
    try {
      performance.mark('view360:nodes');
      p.tour.setNodes(nodes, current);
    } catch {
      setFailed(true);
    }
  };

  // The viewer, built once.
  useEffect(() => {
    if (container.current === null) return undefined;
    let destroyed = false;
    const started = performance.now();
    void loadViewerStyles()
      .then(() => {
        if (destroyed || container.current === null) return;
        performance.mark('view360:styles');
        const viewer = new Viewer({
          container: container.current,
          adapter: [EquirectangularTilesAdapter, { baseBlur: false, showErrorTile: false }],
          navbar: ['zoom', 'move', 'fullscreen'],
          loadingTxt: '',
          lang: viewerLang(t),
          plugins: [
            [MarkersPlugin, {}],
            [
              VirtualTourPlugin,
              {
                dataMode: 'client',
                positionMode: 'manual',
                renderMode: '3d',
                preload: false,
                transitionOptions: { showLoader: false, rotation: false },
                // Each arrow a button named after the stage it leads to.
                arrowStyle: { element: (link: { nodeId: string }) => arrowElement(t('viewer.go_to', { stage: stageName(link.nodeId) })), size: { width: 80, height: 80 } },
              },
            ],
            [GyroscopePlugin, { touchmove: true }],
          ],
        });
        readThroughDevice(viewer);
        performance.mark('view360:viewer');
        nameViewerButtons(container.current);
        const markers = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
        const tour = viewer.getPlugin<VirtualTourPlugin>(VirtualTourPlugin);
        const gyroscope = viewer.getPlugin<GyroscopePlugin>(GyroscopePlugin);
        parts.current = { viewer, tour, markers, gyroscope };
        let first = true;
        tour.addEventListener('node-changed', ({ node }) => {
          if (first) {
            first = false;
            latest.current.onFirstView?.(performance.now() - started);
          }
          setShown(node.id);
          if (node.id !== latest.current.stageId) latest.current.onStageChange(node.id);
          showMarkers();
          turn();
        });
        // The first panorama on screen (its base, before its tiles): the first frame the viewer
        // renders once it is loaded, marked after that frame is painted.
        let loaded = false;
        viewer.addEventListener('panorama-loaded', () => {
          loaded = true;
        });
        viewer.addEventListener('render', () => {
          if (!loaded) return;
          loaded = false;
          requestAnimationFrame(() =>
            setTimeout(() => {
              if (destroyed) return;
              performance.mark('view360:drawn');
              if (first) {
                first = false;
                latest.current.onFirstView?.(performance.now() - started);
              }
              // On the element now (the bench and the tests read it), in the state for React.
              root.current?.setAttribute('data-drawn', 'true');
              setDrawn(true);
            }),
          );
        });
        viewer.addEventListener('click', ({ data }) => {
          if (!latest.current.picking || data.rightclick) return;
          latest.current.onPick({ yaw: data.yaw, pitch: data.pitch });
        });
        applyNodes();
        setReady(true);
      })
      .catch(() => {
        if (!destroyed) setFailed(true);
      });
    return () => {
      destroyed = true;
      parts.current?.viewer.destroy();
      parts.current = null;
    };
    // Built once: its texts are those of the language it was built in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The nodes: the stages with an image, their arrows (set at once when the viewer is built,
  // then again when they change).
  const { stages, links } = props;
  const nodesKey = JSON.stringify([stages.map((s) => [s.id, s.name, s.imageUrl, s.tiles?.width]), links.map((l) => [l.id, l.fromStageId, l.toStageId, l.yaw, l.pitch])]);
  useEffect(() => {
    // The nodes change with their key only (applyNodes reads the latest props).
    if (ready) applyNodes();
  }, [ready, nodesKey]);

  // Another stage chosen outside the viewer.
  useEffect(() => {
    const p = parts.current;
    if (!ready || !p) return;
    const current = p.tour.getCurrentNode()?.id;
    if (current !== undefined && current !== props.stageId) void p.tour.setCurrentNode(props.stageId).catch(() => undefined);
  }, [ready, props.stageId]);

  const markersKey = JSON.stringify(props.markers);
  useEffect(() => {
    if (ready) showMarkers();
  }, [ready, markersKey]);

  useEffect(() => {
    if (ready && parts.current?.tour.getCurrentNode()?.id === props.stageId) turn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, props.turnTo?.yaw, props.turnTo?.pitch]);

  useEffect(() => {
    const gyroscope = parts.current?.gyroscope;
    if (!ready || !gyroscope) return;
    if (props.gyroscope) void gyroscope.start().catch(() => undefined);
    else gyroscope.stop();
  }, [ready, props.gyroscope]);

  if (failed) return <p role="status">{t('viewer.failed')}</p>;
  return (
    <div ref={root} className="view360-viewer" role="region" aria-label={props.label} data-shown-stage={shown ?? undefined} data-drawn={drawn ? 'true' : undefined}>
      {!ready && <IonSpinner name="crescent" aria-label={t('viewer.loading')} />}
      <div ref={container} className="view360-viewer-canvas" />
    </div>
  );
}
