/**
 * The 360 module's panels on other modules' sheets (lib/record-panels.ts): the site's tour on
 * the site's sheet (which, once idle, fetches the viewer's code and the start stage's first
 * image), and on a record's sheet the markers pointing to it, each opening the panorama turned
 * to the marker.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkerKind } from '../../../../common/modules/view360/schemas';
import { RecordSection } from '../../../components/module/RecordSheet';
import { useLinkNavigation } from '../../../hooks/use-link-navigation';
import { whenIdle } from '../../../lib/when-idle';
import { recordMarkersQueryOptions, tourQueryOptions } from '../api';
import { warmPanorama } from '../panoramas';
import { tourHref } from '../paths';
import { loadViewerStyles } from './styles';
import './view360.css';

export function SiteTourPanel({ recordId }: { recordId: string }) {
  const { t } = useTranslation('view360');
  const follow = useLinkNavigation();
  const tour = useQuery(tourQueryOptions(recordId));
  const href = tourHref(recordId);
  const stages = tour.data?.stages.length ?? 0;
  // A site with a tour: once its sheet is idle, the viewer's code and stylesheets and the start
  // stage's first image are fetched, so the tour opened from here draws without waiting for them.
  const start = tour.data?.stages.find((s) => s.id === tour.data?.startStageId) ?? tour.data?.stages[0];
  const startKey = start ? `${start.id}:${start.tiles?.baseUrl ?? start.imageUrl}` : null;
  useEffect(() => {
    if (!start) return undefined;
    return whenIdle(() => {
      void import('./pages').catch(() => undefined);
      void loadViewerStyles().catch(() => undefined);
      warmPanorama(start);
    }, 2000);
    // The start stage's image, by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startKey]);
  if (tour.isSuccess && stages === 0) return null;
  return (
    <RecordSection title={t('panel.tour')}>
      <p className="view360-panel-line">
        <a className="view360-panel-link" href={href} onClick={follow(href)}>
          {t('panel.open_tour')}
        </a>
        {tour.data && <span>{t('panel.tour_counts', { stages, markers: tour.data.markers.length })}</span>}
      </p>
    </RecordSection>
  );
}

function RecordMarkers({ kind, recordId }: { kind: MarkerKind; recordId: string }) {
  const { t } = useTranslation('view360');
  const follow = useLinkNavigation();
  const markers = useQuery(recordMarkersQueryOptions(kind, recordId));
  if (!markers.data || markers.data.length === 0) return null;
  return (
    <RecordSection title={t('panel.markers')}>
      <ul className="view360-panel-list">
        {markers.data.map((m) => {
          const href = tourHref(m.siteId, { marker: m.id });
          return (
            <li key={m.id}>
              <a className="view360-panel-link" href={href} onClick={follow(href)}>
                {t('panel.marker_in', { site: m.siteName, stage: m.stageName })}
              </a>
              {m.label && <span> · {m.label}</span>}
            </li>
          );
        })}
      </ul>
    </RecordSection>
  );
}

const panels = new Map<MarkerKind, ComponentType<{ recordId: string }>>();

/** The panel listing the markers that point to a record of `kind` (one component per kind, kept). */
export function markersPanel(kind: MarkerKind): ComponentType<{ recordId: string }> {
  let panel = panels.get(kind);
  if (!panel) {
    panel = ({ recordId }: { recordId: string }) => <RecordMarkers kind={kind} recordId={recordId} />;
    panels.set(kind, panel);
  }
  return panel;
}
