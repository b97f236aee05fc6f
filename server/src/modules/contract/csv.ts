/**
 * The CSV export of a filtered contract list (GET /api/contract/contracts/export.csv), in the
 * platform's CSV form (_platform/csv.ts).
 */
import type { ContractRow } from '../../../../common/modules/contract/schemas.js';
import { csvDocument } from '../_platform/csv.js';

const HEADERS = ['Identifiant', 'Titre', 'Référence', 'Type', 'Statut', 'Fournisseur', 'Fin', 'Fin de la période en cours', 'Date limite de préavis', 'Tacite reconduction', 'Montant (€)', 'Lien'];
const TYPES = { maintenance: 'maintenance', regulatoryInspection: 'vérification périodique réglementaire', supply: 'fourniture', service: 'prestation' } as const;
const STATUSES = { draft: 'brouillon', active: 'en cours', toRenew: 'à renouveler', terminated: 'résilié', expired: 'expiré' } as const;

export function contractCsv(rows: readonly ContractRow[], publicUrl: string): string {
  return csvDocument(
    HEADERS,
    rows.map((r) => [
      r.id,
      r.title,
      r.reference,
      TYPES[r.type],
      STATUSES[r.status],
      r.supplierName,
      r.endOn,
      r.termEndOn,
      r.noticeOn,
      r.tacitRenewal ? 'oui' : 'non',
      r.amountCents === null ? null : (r.amountCents / 100).toFixed(2).replace('.', ','),
      `${publicUrl}/contract/contract-view/${r.id}`,
    ]),
  );
}
