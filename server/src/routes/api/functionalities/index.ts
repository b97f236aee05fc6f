/**
 * The functionalities of the session's district (spec section 7 "Cached POST calls"):
 * isElementsOfFeatureAvailable, getFunctionalityElements, getFunctionalityElementPosition.
 * A feature is a district module and its elements come from common/functionalities.ts; an
 * element is available when the district has the module (district_modules) and the session
 * holds a right of one of its features. The tenant comes from the session only. Every member
 * may ask (the answers describe what the member can open), so no right gates the routes. They
 * are POSTs because the spec's calls are; they change nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FUNCTIONALITY_ELEMENTS_MAX,
  FUNCTIONALITY_NAME_MAX,
  findFunctionality,
  type ElementsAvailabilityData,
  type FunctionalityDefinition,
  type FunctionalityElement,
  type FunctionalityElementPositionData,
  type FunctionalityElementsData,
} from '../../../../../common/functionalities.js';
import { can } from '../../../../../common/rights.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes, rightsOf } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';

const name = { type: 'string', minLength: 1, maxLength: FUNCTIONALITY_NAME_MAX } as const;

const bodySchema = (properties: Record<string, unknown>) => ({
  body: { type: 'object', additionalProperties: false, required: Object.keys(properties), properties },
});

interface DistrictView {
  definition: FunctionalityDefinition;
  modulePosition: number | null;
  elements: FunctionalityElement[];
}

/** The feature as the session's district and rights see it; 404 when the catalogue lacks it. */
async function districtView(request: FastifyRequest, feature: string): Promise<DistrictView> {
  const definition = findFunctionality(feature);
  if (definition === undefined) throw ApiError.notFound('functionalities.unknown_feature');
  const auth = requireAuth(request);
  const [module, rights] = await Promise.all([
    auth.db.query<{ position: number }>('select position from district_modules where district_id = $1 and name = $2', [
      auth.districtId,
      feature,
    ]),
    rightsOf(request),
  ]);
  const modulePosition = module.rows[0]?.position ?? null;
  const elements = definition.elements.map((e, position) => ({
    element: e.element,
    position,
    available: modulePosition !== null && (e.features.length === 0 || e.features.some((f) => can(rights, f, 'read'))),
  }));
  return { definition, modulePosition, elements };
}

export async function functionalityRoutes(app: FastifyInstance, _ctx: RouteContext): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  guardRoutes(app, { session: true, reason: 'reads of what the member can open; POST because the spec calls them so' });

  app.post<{ Body: { feature: string; elements: string[] } }>(
    '/isElementsOfFeatureAvailable',
    {
      schema: bodySchema({
        feature: name,
        elements: { type: 'array', maxItems: FUNCTIONALITY_ELEMENTS_MAX, items: name },
      }),
    },
    async (request) => {
      const view = await districtView(request, request.body.feature);
      const byName = new Map(view.elements.map((e) => [e.element, e.available]));
      const data: ElementsAvailabilityData = {
        feature: request.body.feature,
        enabled: view.modulePosition !== null,
        elements: request.body.elements.map((element) => ({ element, available: byName.get(element) ?? false })),
      };
      return respond(request, data);
    },
  );

  app.post<{ Body: { feature: string } }>('/getFunctionalityElements', { schema: bodySchema({ feature: name }) }, async (request) => {
    const view = await districtView(request, request.body.feature);
    const data: FunctionalityElementsData = {
      feature: request.body.feature,
      enabled: view.modulePosition !== null,
      modulePosition: view.modulePosition,
      elements: view.elements,
    };
    return respond(request, data);
  });

  app.post<{ Body: { feature: string; element: string } }>(
    '/getFunctionalityElementPosition',
    { schema: bodySchema({ feature: name, element: name }) },
    async (request) => {
      const view = await districtView(request, request.body.feature);
      const found = view.elements.find((e) => e.element === request.body.element);
      if (found === undefined) throw ApiError.notFound('functionalities.unknown_element');
      const available = view.elements.filter((e) => e.available);
      const data: FunctionalityElementPositionData = {
        feature: request.body.feature,
        ...found,
        modulePosition: view.modulePosition,
        availablePosition: found.available ? available.indexOf(found) : null,
      };
      return respond(request, data);
    },
  );
}
