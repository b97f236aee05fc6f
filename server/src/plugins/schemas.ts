/**
 * Schema everywhere (hostile input): every `/api` route validates its body, params and
 * query string. Routes declare the schemas of what they accept; this hook fills in the parts a
 * route leaves out, strictly, as each route is registered (so later routes are covered too):
 * - query string: none accepted (`?x=1` on a route that reads no query is a 400);
 * - params: each path parameter a non-empty string of at most MAX_PARAM_LENGTH characters;
 * - body (POST, PUT, PATCH, DELETE): none, or an empty JSON object (`{}`);
 * - body size: API_BODY_LIMIT unless the route sets its own `bodyLimit` (the server-wide
 *   limit stays larger for the few routes that need it, e.g. the emergency send), and
 *   NO_BODY_LIMIT for routes that take no body, so an oversized upload is refused while it
 *   streams in, before any parsing.
 * - strings: no string anywhere in the body, query string, path parameters or headers (values
 *   and object keys alike) may hold a NUL character or a lone UTF-16 surrogate: neither is text
 *   PostgreSQL can store (NUL) or that survives UTF-8 (a lone surrogate), and each would reach
 *   a query and fail there with a 500. One check before validation, for every route and every
 *   field, 400 `validation.invalid_characters`.
 * Register it before the routes (onRoute hooks only see routes registered after them).
 *
 * It also records each `/api` route's final schemas (apiRoutesOf), so a test can check that
 * every route declares what it accepts and answers (one schema source for the
 * contract, from which the OpenAPI document is generated).
 */
import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import Type from 'typebox';
import { API_PREFIX } from '../../../common/constants.js';
import { NoQuery } from '../../../common/schemas/ids.js';
import { ApiError } from '../lib/errors.js';

/** Default body limit of an API route that declares a body schema but no bodyLimit. */
export const API_BODY_LIMIT = 64 * 1024;
/** Body limit of an API route that takes no body (an empty object fits). */
export const NO_BODY_LIMIT = 1024;
/** Longest path parameter accepted where the route does not say (ids, tokens, names). */
export const MAX_PARAM_LENGTH = 256;

export const INVALID_CHARACTERS_MESSAGE = 'validation.invalid_characters';

/** NUL, or a lone surrogate: with the u flag \p{Cs} matches only unpaired ones (a pair is one code point). */
const HOSTILE_CHARACTER = /[\0\p{Cs}]/u;

/**
 * Whether a value (a parsed JSON body, a query string, params) holds a string, or an object key,
 * with a NUL or a lone surrogate. Iterative: the body's nesting is bounded by the JSON parser
 * (json-body.ts), and no recursion can overflow the stack anyway.
 */
export function holdsHostileString(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (HOSTILE_CHARACTER.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (HOSTILE_CHARACTER.test(key)) return true;
        stack.push(element);
      }
    }
  }
  return false;
}

const refuseHostileStrings: preValidationHookHandler = (request, _reply, done) => {
  const hostile =
    holdsHostileString(request.params) || holdsHostileString(request.query) || holdsHostileString(request.headers) || holdsHostileString(request.body);
  done(hostile ? ApiError.badRequest(INVALID_CHARACTERS_MESSAGE) : undefined);
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const NO_QUERY = NoQuery;

/**
 * No body, or an empty JSON object (`{}`). A check rather than a body schema: a request without
 * a body reaches validation with `body === undefined`, which Fastify's body validation refuses
 * whatever the schema says.
 */
const refuseBody: preValidationHookHandler = (request, _reply, done) => {
  const { body } = request;
  const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  done(empty ? undefined : ApiError.badRequest('validation.invalid_request', 'this route takes no body'));
};

/** `/api/x/:id/:name` → ['id', 'name']. */
export function pathParameters(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Each path parameter a non-empty string of at most MAX_PARAM_LENGTH; a wildcard (`*`, static files) may be empty. */
function defaultParams(url: string) {
  const param = Type.String({ minLength: 1, maxLength: MAX_PARAM_LENGTH });
  const properties: Record<string, typeof param> = Object.fromEntries(pathParameters(url).map((name) => [name, param]));
  if (url.endsWith('*')) properties['*'] = Type.String({ maxLength: MAX_PARAM_LENGTH });
  return Type.Object(properties, { additionalProperties: false });
}

/** What an `/api` route was registered with, once the defaults above are filled in. */
export interface ApiRouteRecord {
  method: string;
  url: string;
  schema: NonNullable<RouteOptions['schema']>;
  /** A write route without a body schema: it takes none (or `{}`), checked by refuseBody. */
  takesNoBody: boolean;
}

const records = new WeakMap<FastifyInstance, ApiRouteRecord[]>();

/** The `/api` routes registered on `app` since registerDefaultSchemas, with their final schemas. */
export const apiRoutesOf = (app: FastifyInstance): readonly ApiRouteRecord[] => records.get(app) ?? [];

const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]);

export function registerDefaultSchemas(app: FastifyInstance): void {
  const registered: ApiRouteRecord[] = [];
  records.set(app, registered);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const schema = { ...route.schema };
    const existing = route.preValidation;
    route.preValidation = [refuseHostileStrings, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    schema.querystring ??= NO_QUERY;
    schema.params ??= defaultParams(route.url);
    const takesBody = methodsOf(route).some((m) => BODY_METHODS.has(m));
    const takesNoBody = takesBody && !schema.body;
    if (takesNoBody) {
      const hooks = route.preValidation;
      route.preValidation = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), refuseBody];
      route.bodyLimit ??= NO_BODY_LIMIT;
    }
    if (takesBody) route.bodyLimit ??= API_BODY_LIMIT;
    route.schema = schema;
    for (const method of methodsOf(route)) registered.push({ method, url: route.url, schema, takesNoBody });
  });
}
