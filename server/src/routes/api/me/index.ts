/**
 * The signed-in account's own settings (common/schemas/me.ts): PUT /api/me/language, the
 * language the server writes to the account in (its bells, its e-mails, its iCal feed), kept on
 * the account in the control database (accounts.language). The app sets it when the user signs
 * in and when the user changes language: setting it again to the same value changes nothing,
 * so a replay needs no Idempotency-Key.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MeLanguage } from '../../../../../common/schemas/me.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import type { RouteAccess } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';

/** Any signed-in member, on its own account only (server/test/write-rights.test.ts lists it). */
export const OWN_ACCOUNT: RouteAccess = { session: true, reason: 'the caller’s own account: the language the server writes to it in' };

export async function meRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  app.put(
    '/language',
    {
      config: { access: OWN_ACCOUNT },
      schema: { tags: ['me'], summary: 'Sets the language of the caller’s bells, e-mails and calendar feed', body: MeLanguage, response: ok(MeLanguage) },
    },
    async (request) => {
      const auth = requireAuth(request);
      await ctx.databases.control.query('update accounts set language = $2 where id = $1', [auth.accountId, request.body.language]);
      return respond(request, { language: request.body.language });
    },
  );
}
