/**
 * A declaration reported by a tap on a plan (lib/tap-report.ts): the plan remembers the tap (its
 * plan and point, for REPORT_TAP_MS) and opens the report form with the site chosen; the report
 * queued for that site gets its pin at the tapped point, queued after it.
 */
import type { PlanPoint } from '../../../common/modules/plan2d/schemas';
import { defineTapReport } from '../../lib/tap-report';
import { queueDeclarationPin } from './api';

export const REPORT_TAP_MS = 30 * 60_000;

const tapReport = defineTapReport<{ planId: string; point: PlanPoint }>('vigie-plan2d-report-tap', REPORT_TAP_MS, (tap, declaration) =>
  queueDeclarationPin(tap.at.planId, declaration.recordId, tap.at.point, declaration.title),
);

export const rememberTap = (tap: { planId: string; siteId: string; at: PlanPoint }): void => tapReport.remember(tap.siteId, { planId: tap.planId, point: tap.at });
export const forgetTap = tapReport.forget;
export const watchReportedDeclarations = (): void => void tapReport.watch();
