/** The CSV exports of the articles and the equipment (GET /api/inventory/articles/export.csv, /equipment/export.csv), in the platform's CSV form (_platform/csv.ts). */
import type { ArticleRow, EquipmentRow } from '../../../../../common/modules/inventory/catalog.js';
import { csvDocument } from '../../_platform/csv.js';

const STATUSES = { inService: 'en service', outOfOrder: 'hors service', inRepair: 'en réparation', retired: 'réformé' } as const;
const CHECKS = { none: '', ok: 'à jour', due: 'à vérifier', overdue: 'en retard' } as const;

export function articleCsv(rows: readonly ArticleRow[]): string {
  return csvDocument(
    ['Identifiant', 'Nom', 'Catégorie', 'Fabricant', 'Modèle', 'Référence', 'Unité', 'Code-barres'],
    rows.map((r) => [r.id, r.name, r.categoryName, r.maker, r.model, r.reference, r.unit, r.barcode]),
  );
}

export function equipmentCsv(rows: readonly EquipmentRow[], publicUrl: string): string {
  return csvDocument(
    ['Identifiant', 'Nom', 'Article', 'N° de série', 'Étiquette', 'Site', 'Local', 'Statut', 'Dernière vérification', 'Prochaine vérification', 'Vérification', 'Lien'],
    rows.map((r) => [r.id, r.name, r.articleName, r.serial, r.tag, r.siteName, r.room, STATUSES[r.status], r.lastCheckOn, r.nextCheckOn, CHECKS[r.checkState], `${publicUrl}/inventory-v2/equipment/${r.id}`]),
  );
}
