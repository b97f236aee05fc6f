/**
 * The public routes of the upload-only links (/api/shared/dsa, no session: the unguessable
 * token is the only key, until the link expires or is revoked): what the link takes, and its
 * tus endpoint for deposits (POST …/uploads, HEAD and PATCH …/uploads/:id; ./public.ts).
 * Counted by the general request limit per address and a tighter one of their own; answers
 * kept by no cache, indexed by no robot, sent with no Referer.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DropDepositParams, DropTokenParams, DropView } from '../../../../common/modules/dsa/schemas.js';
import { ErrorResponses, TusAnswer } from '../../../../common/schemas/envelope.js';
import { privateAnswer } from '../../plugins/private-answer.js';
import { RATE_LIMIT_WINDOW_MS } from '../../plugins/rate-limit.js';
import { respond } from '../../plugins/respond.js';
import type { RouteContext } from '../../routes/context.js';
import { Envelope } from '../_platform/schemas.js';
import { DropService, dropView, openDrop } from './public.js';

/** Requests a minute from one address on a link: a 1 GiB deposit takes 128 PATCHes of 8 MiB, and a bad network retries. */
export const DROP_RATE_LIMIT = 600;
/** The content type of a tus chunk: its body is the bytes, left unparsed and streamed into the storage. */
export const DROP_CHUNK_TYPE = 'application/offset+octet-stream';

export async function dsaPublicRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const access = { public: true as const, reason: 'an upload-only link: the unguessable token is the only key, until it expires or is revoked' };
  const config = { access, rateLimit: { max: Math.min(DROP_RATE_LIMIT, ctx.config.rateLimitPerMinute), timeWindow: RATE_LIMIT_WINDOW_MS } };
  const tags = ['dsa'];
  const drops = new DropService(ctx);
  app.addContentTypeParser(DROP_CHUNK_TYPE, (_request, _payload, done) => done(null));

  app.get(
    '/:token',
    { config, onSend: privateAnswer, schema: { tags, security: [], summary: 'What an upload-only link takes (public; never lists a file)', params: DropTokenParams, response: { 200: Envelope(DropView), ...ErrorResponses } } },
    async (request) => respond(request, dropView(await openDrop(ctx.databases, request.params.token))),
  );

  app.post(
    '/:token/uploads',
    {
      config,
      onSend: privateAnswer,
      schema: { tags, security: [], summary: 'tus creation of a deposit, or the one started with its id (public; Upload-Metadata: id, name, type, depositorName, depositorEmail)', params: DropTokenParams, response: { 201: TusAnswer, 204: TusAnswer, ...ErrorResponses } },
    },
    async (request, reply) => drops.create(request.params.token, request, reply),
  );

  app.route({
    method: 'HEAD',
    url: '/:token/uploads/:id',
    config,
    onSend: privateAnswer,
    schema: { tags, security: [], summary: 'tus: the bytes a deposit holds (public: its depositor resumes from there)', params: DropDepositParams, response: { 200: TusAnswer, ...ErrorResponses } },
    handler: async (request, reply) => drops.head(request.params.token, request.params.id, request, reply),
  });

  app.patch(
    '/:token/uploads/:id',
    { config, onSend: privateAnswer, schema: { tags, security: [], summary: 'tus: appends bytes at the offset the server holds (Upload-Offset; public)', params: DropDepositParams, response: { 204: TusAnswer, ...ErrorResponses } } },
    async (request, reply) => drops.patch(request.params.token, request.params.id, request, reply),
  );
}
