/**
 * The CSV export of a filtered supplier list (GET /api/supplier/suppliers/export.csv), in the
 * platform's CSV form (_platform/csv.ts): what a buyer pastes into a spreadsheet.
 */
import type { SupplierRow } from '../../../../common/modules/supplier/schemas.js';
import { csvDocument } from '../_platform/csv.js';

const HEADERS = ['Identifiant', 'Nom', 'Ville', 'Téléphone', 'E-mail', 'Corps de métier', 'Documents', 'Prochaine échéance', 'Archivé', 'Lien'];
const STATES = { valid: 'valides', expiring: 'à renouveler', expired: 'expirés' } as const;

export function supplierCsv(rows: readonly SupplierRow[], publicUrl: string): string {
  return csvDocument(
    HEADERS,
    rows.map((r) => [
      r.id,
      r.name,
      r.city,
      r.phone,
      r.email,
      r.trades.map((t) => t.name).join(', '),
      STATES[r.documentState],
      r.nextExpiry,
      r.archived ? 'oui' : 'non',
      `${publicUrl}/supplier/supplier-view/${r.id}`,
    ]),
  );
}
