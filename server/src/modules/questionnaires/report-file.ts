/**
 * The report PDF as an answer (print.ts draws it): for the session's route
 * (GET /inspections/:id/report.pdf) and for a share link's public one (shared-routes.ts), in the
 * request's language, its images read from the attachment storage of the inspection's district.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Inspection } from '../../../../common/modules/questionnaires/schemas.js';
import { findAttachment, printableImage } from '../../attachments/index.js';
import type { AttachmentStorage } from '../../attachments/storage.js';
import type { Queryable } from '../../db/types.js';
import { printLanguage } from '../_platform/pdf.js';
import { inspectionPdf, reportFileName } from './print.js';

export async function sendReportPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  source: { db: Queryable; districtId: string; storage: AttachmentStorage; inspection: Inspection },
): Promise<FastifyReply> {
  const { db, districtId, storage, inspection } = source;
  const pdf = await inspectionPdf({
    inspection,
    language: printLanguage(request.headers['accept-language']),
    printedAt: new Date(),
    image: async (attachment) => {
      const row = await findAttachment(db, districtId, attachment.id);
      return row ? printableImage(storage, row) : null;
    },
  });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${reportFileName(inspection)}"`)
    .header('cache-control', 'private, no-store')
    // A Buffer is sent as it is, never serialised: FileBytes (a string) only documents it.
    .send(pdf);
}
