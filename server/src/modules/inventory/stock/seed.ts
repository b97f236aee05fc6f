/**
 * The stock's demo data for one district (in the district's seed transaction, after the
 * catalog's, whose articles it stocks; none: nothing is seeded): areas on the first demo sites
 * (Magasin central > Étagère A / Étagère B, Local EPI, Atelier > Armoire consommables), a year
 * of movements of the district's articles (deliveries with their supplier and delivery note,
 * issues to the teams, a transfer, an adjustment), minimum levels with one or two articles under
 * them, loans (most returned, one open, one overdue) and a count in progress on Étagère A.
 * Every level is the sum of its movements (the ledger's rule, kept by applyMovement).
 */
import { randomUUID } from 'node:crypto';
import type { DistrictSeed } from '../../_platform/module.js';
import { seedHistory } from '../../_platform/records.js';
import { applyMovement } from './ledger.js';
import { STOCK_MODULES } from './repository.js';

const DAY = 86_400_000;
const RECIPIENTS = ['Équipe voirie', 'Équipe bâtiments', 'Équipe espaces verts', 'Service propreté', 'Atelier mécanique'];
const BORROWERS = ['Julien Martin', 'Sophie Bernard', 'Karim Haddad', 'Claire Petit', 'Lucas Moreau'];
const REASONS = ['Dotation annuelle', 'Remplacement', 'Chantier', 'Nouvel agent'];

export async function seedStock({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const { rows: articles } = await tx.query<{ id: string; name: string; category: string | null }>(
    `select a.id, a.name, c.name as category from inventory_articles a left join inventory_categories c on c.id = a.category_id
      where a.district_id = $1 and a.deleted_at is null order by vigie_fold(a.name), a.id limit 40`,
    [districtId],
  );
  if (articles.length === 0) return;
  // Equipment with a serial number (extinguishers, defibrillators) is the catalog's; the stock's are the EPI and consumables first.
  const consumable = (a: { name: string; category: string | null }) => /epi|protection|consommable|fourniture|gant|masque|lunette|casque|gilet|chaussure|bouchon|pile|ampoule|sac|essuie|cartouche|toner|papier/i.test(`${a.category ?? ''} ${a.name}`);
  const stocked = [...articles.filter(consumable), ...articles.filter((a) => !consumable(a))].slice(0, 12);
  const { rows: sites } = await tx.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 2', [districtId]);
  const { rows: suppliers } = await tx.query<{ id: string }>('select id from suppliers where district_id = $1 and deleted_at is null order by name limit 3', [districtId]);
  const history = seedHistory(tx, districtId, actorId);
  const now = Date.now();
  const yearAgo = new Date(now - 365 * DAY);

  const area = async (name: string, kind: string, parentId: string | null, siteId: string | null) => {
    const id = randomUUID();
    await tx.query(`insert into stock_areas (id, district_id, name, kind, parent_id, site_id, created_by, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`, [
      id, districtId, name, kind, parentId, siteId, actorId, yearAgo,
    ]);
    await history(STOCK_MODULES.areas, id, 1, 'create', [{ field: 'name', before: null, after: name }], yearAgo);
    return id;
  };
  const central = await area('Magasin central', 'store', null, sites[0]?.id ?? null);
  const shelfA = await area('Étagère A', 'shelf', central, sites[0]?.id ?? null);
  const shelfB = await area('Étagère B', 'shelf', central, sites[0]?.id ?? null);
  const epi = await area('Local EPI', 'store', null, sites[1]?.id ?? sites[0]?.id ?? null);
  const workshop = await area('Atelier', 'store', null, sites[1]?.id ?? sites[0]?.id ?? null);
  const cupboard = await area('Armoire consommables', 'shelf', workshop, sites[1]?.id ?? sites[0]?.id ?? null);
  const shelves = [shelfA, shelfB, epi, cupboard];

  const move = (articleId: string, areaId: string, kind: 'incoming' | 'outgoing' | 'adjustment' | 'transferOut' | 'transferIn', quantity: number, at: Date, extra: Record<string, string | null> = {}) =>
    applyMovement(tx, { id: randomUUID(), districtId, articleId, areaId, kind, quantity, by: actorId, at, ...extra });

  // A delivery each quarter, issues every two to three weeks, never more than what is there.
  for (const [i, article] of stocked.entries()) {
    const home = shelves[i % shelves.length]!;
    let quantity = 0;
    for (let day = 360 - i; day > 3; day -= 17 + (i % 5)) {
      const at = new Date(now - day * DAY);
      if (quantity < 10 || day % 90 < 17) {
        const delivered = 20 + ((i * 7 + day) % 5) * 10;
        await move(article.id, home, 'incoming', delivered, at, {
          supplierId: suppliers.length > 0 ? suppliers[(i + day) % suppliers.length]!.id : null,
          deliveryNote: `BL-${at.getUTCFullYear()}-${String(1000 + ((i * 97 + day) % 9000))}`,
        });
        quantity += delivered;
      }
      const issued = Math.min(quantity, 2 + ((i + day) % 7));
      if (issued > 0) {
        await move(article.id, home, 'outgoing', -issued, new Date(at.getTime() + DAY), { recipient: RECIPIENTS[(i + day) % RECIPIENTS.length]!, reason: REASONS[(i * 3 + day) % REASONS.length]! });
        quantity -= issued;
      }
    }
    // Minimum levels: the first two articles end under theirs (the low-stock list and the dashboard have rows).
    const min = i < 2 ? quantity + 5 : Math.max(5, Math.floor(quantity / 3));
    await tx.query(`update stock_levels set min_quantity = $3, max_quantity = $4 where article_id = $1 and area_id = $2`, [article.id, home, min, min * 6]);
  }

  // A transfer and an adjustment.
  const first = stocked[0]!;
  const firstHome = shelves[0]!;
  const { rows: level } = await tx.query<{ quantity: number }>('select quantity::float8 as quantity from stock_levels where article_id = $1 and area_id = $2', [first.id, firstHome]);
  if ((level[0]?.quantity ?? 0) >= 2) {
    const pair = randomUUID();
    const at = new Date(now - 20 * DAY);
    await applyMovement(tx, { id: randomUUID(), districtId, articleId: first.id, areaId: firstHome, kind: 'transferOut', quantity: -2, by: actorId, at, pairId: pair, reason: 'Réassort' });
    await applyMovement(tx, { id: pair, districtId, articleId: first.id, areaId: shelfB, kind: 'transferIn', quantity: 2, by: actorId, at, reason: 'Réassort' });
  }
  if (stocked[1]) await move(stocked[1].id, shelves[1]!, 'adjustment', 3, new Date(now - 40 * DAY), { reason: 'Carton retrouvé' });

  // Loans: returned ones, one open, one overdue.
  const lendable = stocked.slice(2, 6);
  for (const [k, article] of lendable.entries()) {
    const home = shelves[(k + 2) % shelves.length]!;
    const { rows: there } = await tx.query<{ quantity: number }>('select quantity::float8 as quantity from stock_levels where article_id = $1 and area_id = $2', [article.id, home]);
    if ((there[0]?.quantity ?? 0) < 1) continue;
    const id = randomUUID();
    const lentAt = new Date(now - (k === 0 ? 10 : k === 1 ? 3 : 60 + k * 20) * DAY);
    const dueOn = new Date(lentAt.getTime() + 7 * DAY).toISOString().slice(0, 10);
    const returnedAt = k >= 2 ? new Date(lentAt.getTime() + 5 * DAY) : null;
    const borrower = BORROWERS[k % BORROWERS.length]!;
    await tx.query(
      `insert into stock_loans (id, district_id, article_id, area_id, quantity, borrower, due_on, lent_at, lent_by, returned_at, returned_by, reminded_at) values ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11)`,
      // The overdue loan was reminded already: the demo does not mail on its first run.
      [id, districtId, article.id, home, borrower, dueOn, lentAt, actorId, returnedAt, returnedAt ? actorId : null, k === 0 ? lentAt : null],
    );
    await applyMovement(tx, { id, districtId, articleId: article.id, areaId: home, kind: 'loan', quantity: -1, by: actorId, at: lentAt, loanId: id, recipient: borrower });
    if (returnedAt) await applyMovement(tx, { id: randomUUID(), districtId, articleId: article.id, areaId: home, kind: 'return', quantity: 1, by: actorId, at: returnedAt, loanId: id, recipient: borrower });
  }
  // The demo's low levels are known: no notice goes out for them on the first run.
  await tx.query('update stock_levels set low_noticed_at = now() where district_id = $1 and quantity < min_quantity', [districtId]);

  // A count in progress on Étagère A, one article counted.
  const countId = randomUUID();
  await tx.query(`insert into stock_counts (id, district_id, area_id, start_seq, started_by, started_at, note) values ($1, $2, $3, (select coalesce(max(seq), 0) from stock_movements), $4, $5, $6)`, [
    countId, districtId, shelfA, actorId, new Date(now - DAY), 'Inventaire trimestriel',
  ]);
  const counted = stocked.find((_, i) => shelves[i % shelves.length] === shelfA);
  if (counted) {
    await tx.query(`insert into stock_count_entries (id, district_id, count_id, article_id, delta, start_quantity, at, by) values ($1, $2, $3, $4, 4, null, $5, $6)`, [
      randomUUID(), districtId, countId, counted.id, new Date(now - DAY + 3600_000), actorId,
    ]);
  }
}
