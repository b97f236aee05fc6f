/**
 * Public viewer of an emergency share (spec section 2's viewerThirdParty pages): no session,
 * the unguessable token of the e-mailed link is the only key. Answers the shared site
 * information until the share expires: 410 `emergency.share_expired` after, 404 for a token
 * nobody issued.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../../../common/schemas/envelope.js';
import { ShareTokenParams, ViewerThirdPartyData } from '../../../../../common/schemas/viewerThirdParty.js';
import { respond } from '../../../plugins/respond.js';
import type { RouteContext } from '../../context.js';
import { readShare } from '../emergency/shares.js';

export async function viewerThirdPartyRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  // The token is checked in readShare: a malformed one is just an unknown token (404), not a 400.
  const schema = { tags: ['viewerThirdParty'], security: [], summary: 'The shared site information of an emergency share, until it expires (public)', params: ShareTokenParams, response: ok(ViewerThirdPartyData) };
  app.get('/:token', { schema }, async (request) => respond(request, await readShare(ctx.databases, ctx.storage, request.params.token)));
}
