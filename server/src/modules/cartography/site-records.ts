/** The points of interest a site's plans and tours show (_platform/site-records.ts): a site's points, by name. */
import { tableSiteRecords } from '../_platform/site-records.js';

export const poiSiteRecords = [tableSiteRecords({ kind: 'poi', features: ['interestPoints', 'cartography'], table: 'points_of_interest', title: 'name' })];
