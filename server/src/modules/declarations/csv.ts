/**
 * The CSV export of a filtered declaration list (GET /api/declarations/export.csv): one row per
 * declaration, in the platform's CSV form (_platform/csv.ts).
 */
import { csvDocument } from '../_platform/csv.js';
import type { DeclarationSummary } from '../../../../common/modules/declarations/schemas.js';

type ExportRow = DeclarationSummary & { description: string; templateVersion: number };

const HEADERS = ['Identifiant', 'Date', 'Type', 'Révision', 'Site', 'Gravité', 'Statut', 'Titre', 'Description', 'Auteur', 'Responsable', 'Latitude', 'Longitude', 'Lien'];

export function toCsv(rows: readonly ExportRow[], publicUrl: string): string {
  return csvDocument(
    HEADERS,
    rows.map((r) => [
      r.id,
      r.occurredAt,
      r.templateName,
      r.templateVersion,
      r.siteName,
      r.severity,
      r.status,
      r.title,
      r.description,
      r.author.name,
      r.assignee?.name ?? null,
      r.position?.lat ?? null,
      r.position?.lng ?? null,
      `${publicUrl}/declarations/${r.id}`,
    ]),
  );
}
