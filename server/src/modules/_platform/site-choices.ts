/**
 * The site picker's choices (common/schemas/site-choices.ts) for every module whose forms pick
 * a site: its users may not hold the sites right (a field user reporting, inspecting, working
 * on its actions), so each module mounts GET <prefix>/sites under its own right
 * (siteChoicesRoute). The district's live sites: the nearest to `near` first (an
 * equirectangular distance, exact enough at a district's scale; sites without a position
 * after), else by name; the search folded as the lists fold it.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { SITE_CHOICES_MAX, SiteChoice, SiteChoicesQuery } from '../../../../common/schemas/site-choices.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import type { requireCan } from '../../plugins/rights.js';
import { containsPattern } from './list.js';
import { Envelope } from './schemas.js';

export async function siteChoices(db: Queryable, districtId: string, query: SiteChoicesQuery): Promise<SiteChoice[]> {
  const params: unknown[] = [districtId];
  const where = ['s.district_id = $1', 's.deleted_at is null'];
  const search = query.search?.trim();
  if (search) {
    params.push(containsPattern(search));
    where.push(`s.search_text like vigie_fold($${params.length})`);
  }
  let distance = 'null::double precision';
  if (query.near) {
    const [lat, lng] = query.near.split(',').map(Number) as [number, number];
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw ApiError.badRequest('validation.invalid_request', 'querystring/near out of range');
    params.push(lat, lng);
    const la = `$${params.length - 1}::double precision`;
    const ln = `$${params.length}::double precision`;
    distance = `6371000 * sqrt(power(radians(s.gps_lat - ${la}), 2) + power(radians(s.gps_lng - ${ln}) * cos(radians(${la})), 2))`;
  }
  params.push(SITE_CHOICES_MAX);
  const { rows } = await db.query<{ id: string; name: string; full_address: string; distance: number | null }>(
    `select s.id, s.name, s.full_address, ${distance} as distance from sites s where ${where.join(' and ')}
      order by distance asc nulls last, s.name asc, s.id asc limit $${params.length}`,
    params,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, address: r.full_address, distance: r.distance === null ? null : Math.round(Number(r.distance)) }));
}

/** Mounts GET /sites on a module's (authenticated) routes, guarded by the module's own right. */
export function siteChoicesRoute(app: FastifyInstance, guard: ReturnType<typeof requireCan>): void {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/sites', { onRequest: guard, schema: { querystring: SiteChoicesQuery, response: { 200: Envelope(Type.Array(SiteChoice)) } } }, async (request) => {
      const auth = requireAuth(request);
      return respond(request, await siteChoices(auth.db, auth.districtId, request.query));
    });
}
