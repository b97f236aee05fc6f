/**
 * Attachments of records (stub): the attachments engineer replaces this file with the real
 * table and storage. Until then no record has attachments.
 */
import type { Attachment } from '../../../common/schemas/platform.js';
import type { Queryable } from '../db/types.js';

export async function listRecordAttachments(_db: Queryable, _districtId: string, _module: string, _recordId: string): Promise<Attachment[]> {
  return [];
}
