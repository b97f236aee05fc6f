/** The declarations a site's plans and tours show (_platform/site-records.ts): a site's reports, by title; their author pins them. */
import { tableSiteRecords } from '../_platform/site-records.js';

export const declarationSiteRecords = [tableSiteRecords({ kind: 'declaration', features: ['declarations'], table: 'declarations', title: 'title', author: 'created_by' })];
