/**
 * File service (spec section 7, "Emergency"): a 360 stage image as a base64 data URL, at the
 * viewer path built from district id, site id and stage name. The district in the path must
 * be the session's (the tenant comes from the session, never the request): any other answers
 * 404, like a site or stage that is not there, so nothing tells them apart.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../../../common/schemas/envelope.js';
import { ImageDataUrl, ViewerParams } from '../../../../../common/schemas/files.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';
import { dataUrl, districtSite, imageBytes, stageImages } from '../emergency/sites.js';

export async function fileRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  // Whoever may see the district's sites: the emergency dialog, the site pages, the file explorer.
  guardRoutes(app, { anyOf: [{ feature: 'emergency', action: 'read' }, { feature: 'sites', action: 'read' }, { feature: 'files', action: 'read' }] });

  app.get(
    '/viewer/:districtId/:siteId/:stageName',
    { schema: { tags: ['files'], summary: "A 360 stage image of a site of the session's district, as a data URL", params: ViewerParams, response: ok(ImageDataUrl) } },
    async (request) => {
      const auth = requireAuth(request);
      const { districtId, siteId, stageName } = request.params;
      if (districtId.toLowerCase() !== auth.districtId.toLowerCase()) throw ApiError.notFound('files.not_found');
      const site = await districtSite(auth.db, auth.districtId, siteId);
      const [image] = site ? await stageImages(auth.db, auth.districtId, site._id, [stageName]) : [];
      if (!image) throw ApiError.notFound('files.not_found');
      return respond(request, dataUrl(image.type, await imageBytes(ctx.storage, image)));
    },
  );
}
