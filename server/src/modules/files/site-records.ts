/** A site's documents, for the 360 tours' markers (_platform/site-records.ts). */
import { tableSiteRecords } from '../_platform/site-records.js';

export const documentSiteRecords = [tableSiteRecords({ kind: 'file', features: ['files'], table: 'file_documents', title: 'name' })];
