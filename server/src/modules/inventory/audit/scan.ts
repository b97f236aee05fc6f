/**
 * The scan index (GET /api/inventory/scan-index, common/modules/inventory/audit.ts ScanIndex):
 * the district's live items in tuples, with their article's barcode, and its sites; and the
 * server's resolution of one scanned code (resolveScan over the rows that code can name).
 */
import { resolveScan, type ScanIndex, type ScanIndexItem, type ScanResolution } from '../../../../../common/modules/inventory/audit.js';
import { parseScannedCode } from '../../../../../common/modules/inventory/codes.js';
import type { Queryable } from '../../../db/types.js';

export async function scanIndex(db: Queryable, districtId: string): Promise<ScanIndex> {
  const [items, sites] = await Promise.all([
    db.query<{ id: string; name: string; tag: string; serial: string; site_id: string | null; room: string; status: string; barcode: string }>(
      `select e.id, e.name, e.tag, e.serial, e.site_id, e.room, e.status, coalesce(a.barcode, '') as barcode
         from inventory_equipment e left join inventory_articles a on a.id = e.article_id
        where e.district_id = $1 and e.deleted_at is null order by e.site_id nulls last, e.room, e.id`,
      [districtId],
    ),
    db.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name, id', [districtId]),
  ]);
  const position = new Map(sites.rows.map((r, i) => [r.id, i]));
  return {
    items: items.rows.map((r): ScanIndexItem => [r.id, r.name, r.tag, r.serial, r.site_id === null ? -1 : (position.get(r.site_id) ?? -1), r.room, r.status, r.barcode]),
    sites: sites.rows.map((r): [string, string] => [r.id, r.name]),
  };
}

/** What `code` names among the district's live items; `prefer`: the audit's expected items not scanned yet. */
export async function resolveOnServer(db: Queryable, districtId: string, code: string, prefer: (id: string) => boolean = () => false): Promise<ScanResolution> {
  const scanned = parseScannedCode(code);
  const key = scanned.kind === 'equipment' ? null : scanned.code;
  const { rows } = await db.query<{ id: string; tag: string; serial: string; barcode: string }>(
    `select e.id, e.tag, e.serial, coalesce(a.barcode, '') as barcode
       from inventory_equipment e left join inventory_articles a on a.id = e.article_id
      where e.district_id = $1 and e.deleted_at is null
        and ($2::uuid is not null and e.id = $2::uuid or $3::text <> '' and (e.tag = $3 or e.serial = $3 or a.barcode = $3))
      order by e.id limit 500`,
    [districtId, scanned.kind === 'equipment' ? scanned.id : null, key ?? ''],
  );
  return resolveScan(
    code,
    {
      byId: (id) => rows.find((r) => r.id === id),
      byTag: (c) => rows.find((r) => r.tag === c),
      bySerial: (c) => rows.find((r) => r.serial === c),
      byBarcode: (c) => rows.filter((r) => r.barcode === c),
    },
    prefer,
  );
}
