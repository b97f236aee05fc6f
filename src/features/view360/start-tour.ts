/**
 * What the tour's route starts as it opens, before its screen's code is there: the viewer's
 * code (Photo Sphere Viewer and three.js, the page's chunk) and stylesheets, the tour's answer,
 * then the image of the stage shown first (a large panorama's low-resolution base). On a slow
 * phone the chunk takes most of a second to parse: the tour and its first image arrive meanwhile.
 */
import type { QueryClient } from '@tanstack/react-query';
import { tourQueryOptions } from './api';
import { loadViewerStyles } from './components/styles';
import { warmPanorama } from './panoramas';

export function startTour(queryClient: QueryClient, siteId: string, search: { stage?: string; marker?: string }): void {
  void loadViewerStyles().catch(() => undefined);
  void queryClient
    .fetchQuery(tourQueryOptions(siteId))
    .then((tour) => {
      const marked = tour.markers.find((m) => m.id === search.marker)?.stageId;
      const id = marked ?? search.stage ?? tour.startStageId ?? tour.stages[0]?.id;
      const stage = tour.stages.find((s) => s.id === id);
      if (stage) warmPanorama(stage);
    })
    .catch(() => undefined);
}
