/**
 * The public routes of a share link (/api/shared/links, no session: the unguessable token is
 * the only key, until the link expires or is revoked): the link's content, a shared file's
 * bytes, and the one-time code's request and check. Counted by the general request limit per
 * address and by tighter ones of their own; answers kept by no cache, indexed by no robot, sent
 * with no Referer. Under /api, so the service worker never touches them.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CodeCheck, CodeChecked, CodeSent, LinkFileParams, LinkTokenParams, SharedLinkView } from '../../../../../common/modules/thirdParty/links.js';
import { ErrorResponses, FileBytes } from '../../../../../common/schemas/envelope.js';
import { privateAnswer } from '../../../plugins/private-answer.js';
import { RATE_LIMIT_WINDOW_MS } from '../../../plugins/rate-limit.js';
import { respond } from '../../../plugins/respond.js';
import { sendFile } from '../../../routes/api/attachments/index.js';
import type { RouteContext } from '../../../routes/context.js';
import { Envelope } from '../../_platform/schemas.js';
import { checkCode, logAccess, openLink, sendCode, sharedFile, viewOf } from './public.js';

/** Requests a minute from one address on a link's content and files, at most; and on its codes. */
export const SHARED_LINK_RATE_LIMIT = 60;
export const SHARED_CODE_RATE_LIMIT = 5;

export async function linksPublicRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const access = { public: true as const, reason: 'a share link: the unguessable token is the only key, until it expires or is revoked' };
  const limit = (max: number) => ({ max: Math.min(max, ctx.config.rateLimitPerMinute), timeWindow: RATE_LIMIT_WINDOW_MS });
  const tags = ['thirdParty'];

  app.get(
    '/:token',
    { config: { access, rateLimit: limit(SHARED_LINK_RATE_LIMIT) }, onSend: privateAnswer, schema: { tags, security: [], summary: 'A share link’s content (public)', params: LinkTokenParams, response: { 200: Envelope(SharedLinkView), ...ErrorResponses } } },
    async (request) => respond(request, await viewOf(await openLink(ctx.databases, request.params.token), request, ctx.databases.control)),
  );

  app.get(
    '/:token/files/:fileId',
    { config: { access, rateLimit: limit(SHARED_LINK_RATE_LIMIT) }, onSend: privateAnswer, schema: { tags, security: [], summary: 'A file a share link’s item lists now (public)', params: LinkFileParams, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const link = await openLink(ctx.databases, request.params.token);
      const { item, file } = await sharedFile(link, request, request.params.fileId);
      // A range request continuing a download is not a new access.
      if (request.headers.range === undefined || /^bytes=0-/.test(request.headers.range)) {
        await logAccess(link, request, 'download', { itemKind: item.kind, itemId: item.id, fileName: file.name });
      }
      return sendFile(request, reply, ctx.storage, file);
    },
  );

  app.post(
    '/:token/code',
    { config: { access, rateLimit: limit(SHARED_CODE_RATE_LIMIT) }, onSend: privateAnswer, schema: { tags, security: [], summary: 'E-mails a one-time code to the link’s recipient (public)', params: LinkTokenParams, response: { 200: Envelope(CodeSent), ...ErrorResponses } } },
    async (request) => respond(request, await sendCode(await openLink(ctx.databases, request.params.token), request)),
  );

  app.post(
    '/:token/code/check',
    {
      config: { access, rateLimit: limit(SHARED_CODE_RATE_LIMIT * 2) },
      onSend: privateAnswer,
      schema: { tags, security: [], summary: 'Checks the one-time code; a right one opens the link for a while (public)', params: LinkTokenParams, body: CodeCheck, response: { 200: Envelope(CodeChecked), ...ErrorResponses } },
    },
    async (request, reply) => respond(request, await checkCode(await openLink(ctx.databases, request.params.token), request, reply, request.params.token, request.body.code)),
  );
}
