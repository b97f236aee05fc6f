/**
 * The public download of a shared report (no session): GET /api/shared/reports/<token>.pdf.
 * The token names the client database and the link (shares.ts); an unknown, malformed,
 * expired or revoked one is the same 404 with the usual error body, so the answer tells nothing
 * about which. Counted by the general request limit per address (plugins/rate-limit.ts) and by
 * a tighter one of its own: each answer is a PDF drawn with its photos. The answer is kept by
 * no cache, indexed by no robot, and the PDF reader's links send no Referer with the token.
 * Under /api, so the service worker never touches it (sw/sw.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ShareTokenParams } from '../../../../common/schemas/viewerThirdParty.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import { privateAnswer } from '../../plugins/private-answer.js';
import { RATE_LIMIT_WINDOW_MS } from '../../plugins/rate-limit.js';
import type { RouteContext } from '../../routes/context.js';
import { sendReportPdf } from './report-file.js';
import { countSharedDownload, findSharedReport } from './shares.js';

/** Downloads of shared reports a minute from one address (or session), at most. */
export const SHARED_REPORT_RATE_LIMIT = 30;

export async function sharedReportRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/:token.pdf',
    {
      config: {
        access: { public: true, reason: 'a report shared by link: the unguessable token is the only key, until it expires or is revoked' },
        // Never above the general limit (0: no limit at all, the plugin is not registered).
        rateLimit: { max: Math.min(SHARED_REPORT_RATE_LIMIT, ctx.config.rateLimitPerMinute), timeWindow: RATE_LIMIT_WINDOW_MS },
      },
      onSend: privateAnswer,
      schema: {
        tags: ['questionnaires'],
        security: [],
        summary: 'The report PDF of a shared inspection, until its link expires or is revoked (public)',
        params: ShareTokenParams,
        response: { 200: FileBytes, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { db, districtId, inspection, hash } = await findSharedReport(ctx.databases, request.params.token);
      const sent = await sendReportPdf(request, reply, { db, districtId, storage: ctx.storage, inspection });
      // Counted once the PDF is drawn and handed over (a refused or failed one is not).
      await countSharedDownload(db, hash);
      return sent;
    },
  );
}
