/**
 * The catalog part's demo data for one district, in French: six categories (extinguishers,
 * emergency lights, first-aid kits, defibrillators, fire doors with their check period and
 * checklist; PPE without a check), their articles with makers, references and EANs, and items
 * of equipment on every demo site with checks done, due within 30 days and overdue (one failed
 * check with its action left to a manager).
 */
import { randomUUID } from 'node:crypto';
import { addMonthsTo, type CustomField } from '../../../../../common/modules/inventory/catalog.js';
import { addDays, districtToday } from '../../_platform/dates.js';
import type { DistrictSeed } from '../../_platform/module.js';
import { seedHistory } from '../../_platform/records.js';
import { CATALOG_MODULES } from './repository.js';

interface DemoCategory {
  name: string;
  period: number | null;
  checklist: string[];
  fields: CustomField[];
}

const CATEGORIES: DemoCategory[] = [
  {
    name: 'Extincteurs',
    period: 12,
    checklist: ['Accessible et signalé', 'Plombage et goupille en place', 'Manomètre dans le vert', 'Étiquette de vérification à jour', 'Pas de trace de corrosion'],
    fields: [{ key: 'agent', label: 'Agent extincteur', kind: 'text' }, { key: 'capacite', label: 'Capacité', kind: 'text' }],
  },
  {
    name: 'Éclairage de sécurité (BAES)',
    period: 6,
    checklist: ['Voyant de charge allumé', 'Test d’autonomie réussi', 'Pictogramme lisible'],
    fields: [{ key: 'autonomie', label: 'Autonomie (heures)', kind: 'number' }],
  },
  {
    name: 'Trousses de secours',
    period: 3,
    checklist: ['Trousse complète', 'Aucun produit périmé', 'Emplacement signalé'],
    fields: [{ key: 'peremption', label: 'Première péremption', kind: 'date' }],
  },
  {
    name: 'Défibrillateurs (DAE)',
    period: 1,
    checklist: ['Voyant d’état vert', 'Électrodes dans leur date', 'Batterie dans sa date', 'Boîtier et signalétique en place'],
    fields: [{ key: 'electrodes', label: 'Péremption des électrodes', kind: 'date' }],
  },
  {
    name: 'Portes coupe-feu',
    period: 12,
    checklist: ['Fermeture automatique', 'Joints intumescents intacts', 'Aucun calage', 'Ferme-porte réglé'],
    fields: [{ key: 'degre', label: 'Degré coupe-feu', kind: 'text' }],
  },
  { name: 'EPI', period: null, checklist: [], fields: [{ key: 'taille', label: 'Taille', kind: 'text' }] },
];

/** Category index, name, maker, model, reference, unit, EAN, unit cost (€). */
type DemoArticle = [number, string, string, string, string, string, string, number];
const ARTICLES: DemoArticle[] = [
  [0, 'Extincteur à eau pulvérisée 6 L', 'Sicli', 'EP6 Performance', 'SIC-EP6-A', 'pièce', '3760123450016', 89],
  [0, 'Extincteur CO2 2 kg', 'Desautel', 'CO2 2 kg alu', 'DES-CO2-2', 'pièce', '3760123450023', 115],
  [0, 'Extincteur poudre ABC 9 kg', 'Eurofeu', 'P9 ABC', 'EUR-P9ABC', 'pièce', '3760123450030', 98],
  [1, 'BAES évacuation', 'Legrand', 'URA One 062520', '062520', 'pièce', '3245060625207', 64],
  [1, 'BAES ambiance (anti-panique)', 'Legrand', 'URA One 062540', '062540', 'pièce', '3245060625405', 72],
  [2, 'Trousse de secours 10 personnes', 'Farmor', 'Trousse BTP 10', 'FAR-TR10', 'pièce', '3760123450047', 45],
  [3, 'Défibrillateur automatisé externe (DAE)', 'Schiller', 'Fred PA-1', 'SCH-FREDPA1', 'pièce', '7613365003318', 1490],
  [4, 'Porte coupe-feu EI 30', 'Malerba', 'EI30 1 vantail', 'MAL-EI30-1V', 'pièce', '3760123450054', 780],
  [5, 'Casque de chantier', 'Kask', 'Plasma AQ', 'KAS-PLASMA', 'pièce', '8057099130127', 39],
  [5, 'Gants de manutention', 'Mapa', 'Krytech 586', 'MAP-586', 'paire', '3282020586096', 7],
  [5, 'Gilet haute visibilité', 'Singer', 'GIL400J', 'SIN-GIL400J', 'pièce', '3661429017455', 5],
  [5, 'Chaussures de sécurité S3', 'Parade', 'Ballina S3', 'PAR-BALLINA', 'paire', '3609705604411', 79],
];

/** Per site: article index, name, room, months since the last check (null: never checked), status. */
type DemoItem = [number, string, string, string, number | null];
const ITEMS: DemoItem[] = [
  [0, 'Extincteur eau hall', 'RDC', 'Hall d’accueil', 11],
  [1, 'Extincteur CO2 local électrique', 'RDC', 'Local TGBT', 13],
  [2, 'Extincteur poudre chaufferie', 'Sous-sol', 'Chaufferie', 3],
  [3, 'BAES sortie principale', 'RDC', 'Hall d’accueil', 5],
  [4, 'BAES salle polyvalente', '1er étage', 'Salle polyvalente', 7],
  [5, 'Trousse de secours accueil', 'RDC', 'Accueil', 1],
  [6, 'DAE entrée', 'RDC', 'Hall d’accueil', 1],
  [7, 'Porte coupe-feu escalier', '1er étage', 'Palier escalier', 2],
  [8, 'Casque agent technique', 'RDC', 'Atelier', null],
];

export async function seedCatalog({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const history = seedHistory(tx, districtId, actorId);
  const today = districtToday();
  const created = new Date(Date.now() - 400 * 86_400_000);
  const { rows: suppliers } = await tx.query<{ id: string }>('select id from suppliers where district_id = $1 and deleted_at is null order by created_at, id limit 3', [districtId]);
  const { rows: contracts } = await tx.query<{ id: string }>('select id from contracts where district_id = $1 and deleted_at is null order by created_at, id limit 1', [districtId]);
  const { rows: sites } = await tx.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name, id', [districtId]);

  const categoryIds: string[] = [];
  for (const category of CATEGORIES) {
    const id = randomUUID();
    await tx.query(
      `insert into inventory_categories (id, district_id, name, fields, check_period_months, checklist, created_at, created_by, updated_at, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)`,
      [id, districtId, category.name, JSON.stringify(category.fields), category.period, JSON.stringify(category.checklist), created, actorId],
    );
    await history(CATALOG_MODULES.categories, id, 1, 'create', [{ field: 'name', before: null, after: category.name }], created);
    categoryIds.push(id);
  }
  const articleIds: string[] = [];
  for (const [i, [category, name, maker, model, reference, unit, barcode, cost]] of ARTICLES.entries()) {
    const id = randomUUID();
    const supplier = suppliers.length > 0 ? suppliers[i % suppliers.length]!.id : null;
    const contract = category === 0 && contracts[0] ? contracts[0].id : null;
    await tx.query(
      `insert into inventory_articles (id, district_id, category_id, name, maker, model, reference, unit, barcode, supplier_id, contract_id, unit_cost_cents, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13, $14)`,
      [id, districtId, categoryIds[category], name, maker, model, reference, unit, barcode, supplier, contract, cost * 100, created, actorId],
    );
    await history(CATALOG_MODULES.articles, id, 1, 'create', [{ field: 'name', before: null, after: name }], created);
    articleIds.push(id);
  }

  let tagNumber = 1;
  for (const [s, site] of sites.entries()) {
    for (const [i, [article, name, floor, room, monthsAgo]] of ITEMS.entries()) {
      const id = randomUUID();
      const category = CATEGORIES[ARTICLES[article]![0]]!;
      // Spread over the sites so each shows checks done, due and overdue.
      const ago = monthsAgo === null ? null : monthsAgo + ((s + i) % 3 === 0 ? 1 : 0);
      const lastCheckOn = ago === null || category.period === null ? null : addDays(addMonthsTo(today, -ago), -((s * 3 + i) % 9));
      const commissionedOn = addMonthsTo(today, -24 - (i % 6));
      const nextCheckOn = category.period === null ? null : addMonthsTo(lastCheckOn ?? commissionedOn, category.period);
      const tag = `INV-${String(tagNumber++).padStart(5, '0')}`;
      const status = i === 4 && s % 2 === 1 ? 'outOfOrder' : 'inService';
      await tx.query(
        `insert into inventory_equipment (id, district_id, article_id, name, serial, tag, site_id, building, floor, room, status, bought_on, commissioned_on, warranty_end_on,
                                          last_check_on, next_check_on, created_at, created_by, updated_at, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, 'Bâtiment principal', $8, $9, $10, $11, $11, $12, $13, $14, $15, $16, $15, $16)`,
        [id, districtId, articleIds[article], name, `SN${(2024000 + tagNumber * 37).toString()}`, tag, site.id, floor, room, status, commissionedOn, addMonthsTo(commissionedOn, 24), lastCheckOn, nextCheckOn, created, actorId],
      );
      await history(CATALOG_MODULES.equipment, id, 1, 'create', [
        { field: 'name', before: null, after: name },
        { field: 'siteId', before: null, after: site.id },
        { field: 'status', before: null, after: status },
      ], created);
      if (lastCheckOn !== null) {
        const answers = category.checklist.map((item) => ({ item, ok: true, note: '' }));
        await tx.query(
          `insert into inventory_checks (id, district_id, equipment_id, due_on, done_on, result, answers, created_at, created_by, updated_by) values ($1, $2, $3, $4, $5, 'pass', $6, $7, $8, $8)`,
          [randomUUID(), districtId, id, lastCheckOn, lastCheckOn, JSON.stringify(answers), new Date(`${lastCheckOn}T09:00:00Z`), actorId],
        );
      }
    }
  }
}
