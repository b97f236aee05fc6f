/** The CSV export of documents (columns in French: _platform/csv.ts). */
import { validityOf, type FileDocument } from '../../../../common/modules/files/schemas.js';
import { csvDocument } from '../_platform/csv.js';

const VALIDITY_WORDS = { none: '', valid: 'Valide', expiring: 'Expire bientôt', expired: 'Expiré' } as const;

export function filesCsv(rows: readonly FileDocument[], today: string): string {
  return csvDocument(
    ['Dossier', 'Nom', 'Étiquettes', 'Fin de validité', 'Validité', 'Version', 'Type', 'Taille (octets)', 'Mis à jour le'],
    rows.map((d) => [
      d.path,
      d.name,
      d.tags.join(', '),
      d.validUntil,
      VALIDITY_WORDS[validityOf(d.validUntil, today)],
      d.current?.number ?? 0,
      d.current?.type ?? '',
      d.current?.size ?? 0,
      d.updatedAt.slice(0, 10),
    ]),
  );
}
