/**
 * The CSV export of a filtered action list (GET /api/actions/export.csv): one row per action,
 * in the platform's CSV form (_platform/csv.ts).
 */
import type { ActionSummary } from '../../../../common/modules/actions/schemas.js';
import { csvDocument } from '../_platform/csv.js';

type ExportRow = ActionSummary & { description: string; closingNote: string | null; createdAt: string };

const HEADERS = ['Identifiant', 'Titre', 'Description', 'Statut', 'Priorité', 'Échéance', 'En retard', 'Site', 'Plan', 'Responsable', 'Origine', 'Photos', 'Commentaires', 'Note de clôture', 'Créée le', 'Lien'];

const STATUS_FR = { todo: 'À faire', inProgress: 'En cours', done: 'Réalisée', verified: 'Vérifiée', cancelled: 'Annulée' } as const;
const PRIORITY_FR = { low: 'Basse', normal: 'Normale', high: 'Haute', critical: 'Critique' } as const;

export function actionsCsv(rows: readonly ExportRow[], publicUrl: string): string {
  return csvDocument(
    HEADERS,
    rows.map((r) => [
      r.id,
      r.title,
      r.description,
      STATUS_FR[r.status],
      PRIORITY_FR[r.priority],
      r.dueOn,
      r.overdue ? 'oui' : 'non',
      r.siteName,
      r.planName,
      r.assignee?.name ?? null,
      r.source?.label ?? null,
      r.photoCount,
      r.commentCount,
      r.closingNote,
      r.createdAt,
      `${publicUrl}/actionPlan/actions/${r.id}`,
    ]),
  );
}
