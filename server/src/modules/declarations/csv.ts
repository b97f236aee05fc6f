/**
 * The CSV export of a filtered declaration list (GET /api/declarations/export.csv): one row per
 * declaration, columns in French (the product's language; spreadsheet users in France open it
 * as is), separated by semicolons (what a French spreadsheet expects), with a byte order mark
 * so accents survive, and cells that a spreadsheet would take for a formula neutralised.
 */
import type { DeclarationSummary } from '../../../../common/modules/declarations/schemas.js';

type ExportRow = DeclarationSummary & { description: string; templateVersion: number };

const HEADERS = ['Identifiant', 'Date', 'Type', 'Révision', 'Site', 'Gravité', 'Statut', 'Titre', 'Description', 'Auteur', 'Responsable', 'Latitude', 'Longitude', 'Lien'];

/** A cell, quoted, with a leading formula character defused (CSV injection). */
export function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly ExportRow[], publicUrl: string): string {
  const lines = [HEADERS.map(cell).join(';')];
  for (const r of rows) {
    lines.push(
      [
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
      ]
        .map((v) => (typeof v === 'number' ? String(v) : cell(v)))
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
