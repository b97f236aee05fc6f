/**
 * The files module as a destination of other modules' stored files (_platform/document-destinations.ts):
 * `siteFolder` files a copy of a complete attachment (a new attachment row of the files module
 * sharing the stored bytes, so the giver keeps its own) into a live site folder of the district,
 * as a new document or a new version of the live document of that name, with its history, as an
 * upload would. Used by the data-sharing area to move an outside party's deposit.
 */
import { randomUUID } from 'node:crypto';
import { FILES_ATTACHMENT_MODULE } from '../../../../common/modules/files/schemas.js';
import { ApiError } from '../../lib/errors.js';
import { registerDocumentDestination } from '../_platform/document-destinations.js';
import { FilesRepository } from './repository.js';

export function registerFilesDestination(): void {
  registerDocumentDestination({
    kind: 'siteFolder',
    place: async (scope, target, file) => {
      const { rows } = await scope.db.query<{ name: string; type: string; size: string; storage_key: string; sha256: string | null; width: number | null; height: number | null; created_by_name: string }>(
        `select name, type, size, storage_key, sha256, width, height, created_by_name from attachments
          where id = $1 and district_id = $2 and state = 'complete' and deleted_at is null`,
        [file.attachmentId, scope.districtId],
      );
      const source = rows[0];
      if (!source) throw ApiError.notFound('attachments.not_found');
      const repository = new FilesRepository(scope);
      // The folder first: a template folder or another district's is refused before anything is written.
      const folder = await repository.folderRow(target.targetId);
      if (!folder.site_id) throw ApiError.badRequest('files.template_folder');
      const copy = randomUUID();
      await scope.db.query(
        `insert into attachments (id, district_id, module, record_id, name, type, size, width, height, storage_key, sha256, state, created_by, created_by_name, completed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'complete', $12, $13, now())`,
        [copy, scope.districtId, FILES_ATTACHMENT_MODULE, target.recordId, file.name, source.type, source.size, source.width, source.height, source.storage_key, source.sha256, scope.actor.id, source.created_by_name],
      );
      const document = await repository.upload({ attachmentId: copy, documentId: target.recordId, folderId: target.targetId, name: file.name });
      const { rows: place } = await scope.db.query<{ site: string }>('select name as site from sites where id = $1', [folder.site_id]);
      return { recordId: document.id, label: `${place[0]?.site ?? ''} / ${folder.name}` };
    },
  });
}
