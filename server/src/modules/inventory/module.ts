/**
 * The inventory family's descriptor (_platform/module.ts; manifests inventory, inventoryV2 and
 * stockManagement), listed once in ../index.ts after the sites', suppliers' and contracts'
 * modules (an article's supplier and contract, an item's site). Its three parts, composed by
 * _platform/parts.ts: the catalog and the equipment with their checks (./catalog), the stock
 * (./stock), the labels, scans and audits (./audit), seeded in that order (the stock's and
 * audits' demo data are the catalog's articles and items).
 */
import type { ServerModule } from '../_platform/module.js';
import { composeParts } from '../_platform/parts.js';
import { auditPart } from './audit/part.js';
import { catalogPart } from './catalog/part.js';
import { ARTICLES_EXPORT, ARTICLES_IMPORT, EQUIPMENT_EXPORT, EQUIPMENT_IMPORT } from './catalog/transfer.js';
import { inventoryMigrations } from './migrations.js';
import { equipmentSiteRecords } from './site-records.js';
import { stockPart } from './stock/part.js';
import { inventorySynthesis } from './synthesis-source.js';

export const inventoryModule: ServerModule = {
  ...composeParts({ folder: 'inventory', prefix: '/inventory', migrations: inventoryMigrations }, [catalogPart, stockPart, auditPart]),
  // Its equipment on the 2D plans (../plan2d).
  siteRecords: equipmentSiteRecords,
  // Its articles and equipment in and out as files (../importExport), and in the synthesis tables (../synthesis).
  exports: [ARTICLES_EXPORT, EQUIPMENT_EXPORT],
  imports: [ARTICLES_IMPORT, EQUIPMENT_IMPORT],
  synthesisSources: inventorySynthesis,
};
