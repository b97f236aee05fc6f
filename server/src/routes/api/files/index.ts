/**
 * File service (spec section 7, "Emergency"): a 360 stage image as a base64 data URL, at the
 * viewer path built from district id, site id and stage name. The district in the path must
 * be the session's (the tenant comes from the session, never the request): any other answers
 * 404, like a site or stage that is not there, so nothing tells them apart.
 */
import type { FastifyInstance } from 'fastify';
import { RIGHTS_BY_FEATURE } from '../../../../../common/rights.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyRight } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';
import { UUID_PATTERN } from '../admin/index.js';
import { MAX_STAGE_NAME } from '../emergency/payload.js';
import { dataUrl, districtSite, stageImages } from '../emergency/sites.js';

export async function fileRoutes(app: FastifyInstance, _ctx: RouteContext): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  // Whoever may see the district's sites: the emergency dialog, the site pages, the file explorer.
  app.addHook('preHandler', requireAnyRight(...RIGHTS_BY_FEATURE.emergency, ...RIGHTS_BY_FEATURE.sites, ...RIGHTS_BY_FEATURE.files));

  app.get<{ Params: { districtId: string; siteId: string; stageName: string } }>(
    '/viewer/:districtId/:siteId/:stageName',
    {
      schema: {
        params: {
          type: 'object',
          required: ['districtId', 'siteId', 'stageName'],
          properties: {
            districtId: { type: 'string', pattern: UUID_PATTERN },
            siteId: { type: 'string', pattern: UUID_PATTERN },
            stageName: { type: 'string', minLength: 1, maxLength: MAX_STAGE_NAME },
          },
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { districtId, siteId, stageName } = request.params;
      if (districtId.toLowerCase() !== auth.districtId.toLowerCase()) throw ApiError.notFound('files.not_found');
      const site = await districtSite(auth.db, auth.districtId, siteId);
      const [image] = site ? await stageImages(auth.db, auth.districtId, site._id, [stageName]) : [];
      if (!image) throw ApiError.notFound('files.not_found');
      return respond(request, dataUrl(image.type, image.image));
    },
  );
}
