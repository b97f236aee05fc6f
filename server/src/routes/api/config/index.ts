/** Common config (spec section 7): the app configuration loaded at start, and maintenance status. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../../../common/api-types.js';
import { FALLBACK_LANGUAGE, LANGUAGES, PRODUCT_NAME, SOCKET_PATH } from '../../../../../common/constants.js';
import { AppConfig as AppConfigSchema, MaintenanceData } from '../../../../../common/schemas/config.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import { respond } from '../../../plugins/respond.js';
import type { RouteContext } from '../../context.js';

export async function configRoutes(untyped: FastifyInstance, { config }: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['config'];
  const appConfig: AppConfig = {
    productName: PRODUCT_NAME,
    languages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    socketPath: SOCKET_PATH,
    supportUrl: config.supportUrl,
    helpUrl: config.helpUrl,
    idleSeconds: config.idleSeconds,
  };
  app.get('/', { schema: { tags, security: [], summary: 'The app configuration, loaded at start (public)', response: ok(AppConfigSchema) }, preHandler: app.optionalAuthenticate }, (request) => respond(request, appConfig));
  app.get('/maintenance', { schema: { tags, security: [], summary: 'Whether the server is in maintenance (public)', response: ok(MaintenanceData) }, preHandler: app.optionalAuthenticate }, (request) =>
    respond(request, { maintenance: config.maintenance }),
  );
}
