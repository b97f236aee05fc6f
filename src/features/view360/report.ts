/**
 * A finding reported from a panorama (lib/tap-report.ts): the tour remembers the stage and the
 * tapped direction and opens the report form with the site chosen; the report queued for that
 * site gets a marker at that direction, queued after it.
 */
import { defineTapReport } from '../../lib/tap-report';
import { queueMarker } from './writes';

const REPORT_TTL_MS = 2 * 60 * 60_000;

interface TappedDirection {
  stageId: string;
  yaw: number;
  pitch: number;
}

const tapReport = defineTapReport<TappedDirection>('vigie-view360-report-tap', REPORT_TTL_MS, (tap, declaration) =>
  queueMarker(tap.siteId, { id: crypto.randomUUID(), stageId: tap.at.stageId, yaw: tap.at.yaw, pitch: tap.at.pitch, kind: 'declaration', recordId: declaration.recordId }),
);

export const rememberReport = ({ siteId, ...at }: TappedDirection & { siteId: string }): void => tapReport.remember(siteId, at);
/** Watches the outbox for the reported declaration (started with the shell). */
export const watchReports = (): (() => void) => tapReport.watch();
