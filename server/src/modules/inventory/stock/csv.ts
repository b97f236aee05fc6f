/** The stock's CSV exports (columns in French, _platform/csv.ts): areas, levels, movements, loans, a count, the recap table. */
import type { Loan, Movement, StockArea, StockCount, StockLevel, StockRecap } from '../../../../../common/modules/inventory/stock.js';
import { csvDocument } from '../../_platform/csv.js';

const KIND_WORDS: Record<string, string> = {
  incoming: 'Entrée',
  outgoing: 'Sortie',
  transferOut: 'Transfert (départ)',
  transferIn: 'Transfert (arrivée)',
  adjustment: 'Ajustement',
  count: 'Inventaire',
  loan: 'Prêt',
  return: 'Retour de prêt',
};
const LOAN_WORDS = { open: 'En cours', overdue: 'En retard', returned: 'Rendu' } as const;
const euros = (cents: number | null) => (cents === null ? null : cents / 100);

export const areasCsv = (areas: StockArea[]) =>
  csvDocument(['Zone', 'Type', 'Site', 'Articles', 'Sous le minimum'], areas.map((a) => [a.path, a.kind, a.siteName, a.articleCount, a.lowCount]));

export const levelsCsv = (levels: StockLevel[]) =>
  csvDocument(
    ['Article', 'Unité', 'Zone', 'Quantité', 'Minimum', 'Maximum', 'Sous le minimum'],
    levels.map((l) => [l.articleName, l.unit, l.areaPath, l.quantity, l.minQuantity, l.maxQuantity, l.low ? 'oui' : 'non']),
  );

export const movementsCsv = (movements: Movement[]) =>
  csvDocument(
    ['Date', 'Type', 'Article', 'Zone', 'Quantité', 'Unité', 'Fournisseur', 'Bon de livraison', 'Destinataire', 'Motif', 'Par', 'Note'],
    movements.map((m) => [m.at, KIND_WORDS[m.kind] ?? m.kind, m.articleName, m.areaPath, m.quantity, m.unit, m.supplierName, m.deliveryNote, m.recipient, m.reason, m.by.name, m.note]),
  );

export const loansCsv = (loans: Loan[]) =>
  csvDocument(
    ['Article', 'Zone', 'Quantité', 'Emprunteur', 'Prêté le', 'Retour prévu', 'Rendu le', 'État'],
    loans.map((l) => [l.articleName, l.areaPath, l.quantity, l.borrower, l.lentAt, l.dueOn, l.returnedAt, LOAN_WORDS[l.state]]),
  );

export const countCsv = (count: StockCount) =>
  csvDocument(
    ['Zone', 'Article', 'Quantité au début', 'Mouvements depuis', 'Attendu', 'Compté', 'Saisies', 'A bougé'],
    (count.lines ?? []).map((l) => [count.areaPath, l.articleName, l.startQuantity, l.movedSince, l.expected, l.counted, l.entries, l.moved ? 'oui' : 'non']),
  );

export const recapCsv = (recap: StockRecap) =>
  csvDocument(
    ['Article', 'Unité', ...recap.areas.map((a) => a.path), 'Total', 'Valeur (€)'],
    [
      ...recap.articles.map((a) => [a.name, a.unit, ...a.quantities, a.total, euros(a.valueCents)]),
      ['Total', '', ...recap.areas.map((a) => a.total), recap.total, euros(recap.valueCents)],
    ],
  );
