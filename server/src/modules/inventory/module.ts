/**
 * The inventory family's descriptor (_platform/module.ts; manifests inventory, inventoryV2 and
 * stockManagement), listed once in ../index.ts after the sites', suppliers' and contracts'
 * modules (an article's supplier and contract, an item's site). Its three parts, composed by
 * _platform/parts.ts: the catalog and the equipment with their checks (./catalog), the stock
 * (./stock), the labels, scans and audits (./audit), seeded in that order (the stock's and
 * audits' demo data are the catalog's articles and items).
 */
import { composeParts } from '../_platform/parts.js';
import { auditPart } from './audit/part.js';
import { catalogPart } from './catalog/part.js';
import { inventoryMigrations } from './migrations.js';
import { stockPart } from './stock/part.js';

export const inventoryModule = composeParts({ folder: 'inventory', prefix: '/inventory', migrations: inventoryMigrations }, [catalogPart, stockPart, auditPart]);
