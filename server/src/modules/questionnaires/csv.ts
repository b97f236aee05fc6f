/**
 * The CSV export of a filtered inspection list (GET /api/questionnaires/inspections/export.csv):
 * one row per inspection, in the platform's CSV form (_platform/csv.ts).
 */
import type { InspectionSummary } from '../../../../common/modules/questionnaires/schemas.js';
import { csvDocument } from '../_platform/csv.js';

const HEADERS = ['Identifiant', 'Famille', 'Questionnaire', 'Révision', 'Site', 'Réalisée par', 'Statut', 'Échéance', 'En retard', 'Commencée le', 'Transmise le', 'Score (%)', 'Résultat', 'Points non conformes', 'Lien'];
const STATUS = { todo: 'à faire', inProgress: 'en cours', submitted: 'transmise' } as const;
const FAMILY = { questionnary: 'Questionnaire', securesphere: 'Securesphere' } as const;

export function inspectionsCsv(rows: readonly InspectionSummary[], publicUrl: string): string {
  return csvDocument(
    HEADERS,
    rows.map((r) => [
      r.id,
      FAMILY[r.family],
      r.templateName,
      r.templateVersion,
      r.siteName,
      r.assignee.name,
      STATUS[r.status],
      r.dueAt,
      r.overdue ? 'oui' : 'non',
      r.startedAt,
      r.submittedAt,
      r.percent,
      r.passed === null ? null : r.passed ? 'conforme' : 'non conforme',
      r.status === 'submitted' ? r.failedCount : null,
      `${publicUrl}/questionnary-v2/inspections/${r.id}`,
    ]),
  );
}
