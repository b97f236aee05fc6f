/** The actions a site's plans and tours show (_platform/site-records.ts): a site's actions, by title. */
import { tableSiteRecords } from '../_platform/site-records.js';

export const actionSiteRecords = [tableSiteRecords({ kind: 'action', features: ['actions', 'actionsV3'], table: 'actions', title: 'title' })];
