/**
 * The functionalities of the session's district (spec section 7 "Cached POST calls"):
 * isElementsOfFeatureAvailable, getFunctionalityElements, getFunctionalityElementPosition.
 * A feature is a district module and its elements come from common/functionalities.ts; an
 * element is available when the district has the module (district_modules) and the session
 * holds a right of one of its features. The tenant comes from the session only. Every member
 * may ask (the answers describe what the member can open), so no right gates the routes. They
 * are POSTs because the spec's calls are; they change nothing.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findFunctionality,
  type ElementsAvailabilityData,
  type FunctionalityDefinition,
  type FunctionalityElement,
  type FunctionalityElementPositionData,
  type FunctionalityElementsData,
} from '../../../../../common/functionalities.js';
import { can } from '../../../../../common/rights.js';
import { ok } from '../../../../../common/schemas/envelope.js';
import {
  ElementsAvailabilityBody,
  ElementsAvailabilityData as ElementsAvailabilitySchema,
  FunctionalityElementPositionBody,
  FunctionalityElementPositionData as FunctionalityElementPositionSchema,
  FunctionalityElementsBody,
  FunctionalityElementsData as FunctionalityElementsSchema,
} from '../../../../../common/schemas/functionalities.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes, rightsOf } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';

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

export async function functionalityRoutes(untyped: FastifyInstance, _ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['functionalities'];
  app.addHook('preHandler', app.authenticate);
  guardRoutes(app, { session: true, reason: 'reads of what the member can open; POST because the spec calls them so' });

  app.post(
    '/isElementsOfFeatureAvailable',
    { schema: { tags, summary: "Which of a feature's elements the session may open", body: ElementsAvailabilityBody, response: ok(ElementsAvailabilitySchema) } },
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

  const elementsSchema = { tags, summary: "A feature's elements, in order, and whether each is available", body: FunctionalityElementsBody, response: ok(FunctionalityElementsSchema) };
  app.post('/getFunctionalityElements', { schema: elementsSchema }, async (request) => {
    const view = await districtView(request, request.body.feature);
    const data: FunctionalityElementsData = {
      feature: request.body.feature,
      enabled: view.modulePosition !== null,
      modulePosition: view.modulePosition,
      elements: view.elements,
    };
    return respond(request, data);
  });

  app.post(
    '/getFunctionalityElementPosition',
    { schema: { tags, summary: "An element's position in its feature and among the available ones", body: FunctionalityElementPositionBody, response: ok(FunctionalityElementPositionSchema) } },
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
