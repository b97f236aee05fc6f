/** The equipment a site's plans and tours show (_platform/site-records.ts): a site's items, by name. */
import { tableSiteRecords } from '../_platform/site-records.js';

export const equipmentSiteRecords = [tableSiteRecords({ kind: 'equipment', features: ['inventory', 'inventoryV2'], table: 'inventory_equipment', title: 'name' })];
