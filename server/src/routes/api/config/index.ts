/** Common config (spec section 7): the app configuration loaded at start, and maintenance status. */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../../../common/api-types.js';
import { FALLBACK_LANGUAGE, LANGUAGES, PRODUCT_NAME, SOCKET_PATH } from '../../../../../common/constants.js';
import { respond } from '../../../plugins/respond.js';
import type { RouteContext } from '../../context.js';

export async function configRoutes(app: FastifyInstance, { config }: RouteContext): Promise<void> {
  const appConfig: AppConfig = {
    productName: PRODUCT_NAME,
    languages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    socketPath: SOCKET_PATH,
    supportUrl: config.supportUrl,
    helpUrl: config.helpUrl,
    idleSeconds: config.idleSeconds,
  };
  app.get('/', { preHandler: app.optionalAuthenticate }, (request) => respond(request, appConfig));
  app.get('/maintenance', { preHandler: app.optionalAuthenticate }, (request) =>
    respond(request, { maintenance: config.maintenance }),
  );
}
