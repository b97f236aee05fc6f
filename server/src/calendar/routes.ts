/**
 * The calendar (common/schemas/calendar.ts): GET /api/calendar?from=&to=, the
 * caller's dated work over at most CALENDAR_RANGE_DAYS_MAX days (items.ts); its private iCal
 * address, GET/POST/DELETE /api/calendar/feed (feeds.ts); and the feed itself,
 * GET /api/calendar/feeds/<token>.ics, read by a calendar application without a session
 * (its own rate limit, never cached, the same 404 for an unknown or revoked address), with the
 * member's items from FEED_DAYS_BACK days ago to FEED_DAYS_AHEAD days ahead.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { actionPagePath } from '../../../common/modules/actions/schemas.js';
import { inspectionPagePath } from '../../../common/modules/questionnaires/schemas.js';
import { CALENDAR_RANGE_DAYS_MAX, CalendarFeed, CalendarPage, CalendarQuery, type CalendarItem } from '../../../common/schemas/calendar.js';
import { ErrorResponses, FileBytes, ok } from '../../../common/schemas/envelope.js';
import { ApiError } from '../lib/errors.js';
import { requireAuth } from '../plugins/auth.js';
import { privateAnswer } from '../plugins/private-answer.js';
import { RATE_LIMIT_WINDOW_MS } from '../plugins/rate-limit.js';
import { respond } from '../plugins/respond.js';
import { rightsOf, type RouteAccess } from '../plugins/rights.js';
import { addDays, daysBetween, districtToday, isCalendarDay } from '../modules/_platform/dates.js';
import type { RouteContext } from '../routes/context.js';
import { feedOf, findFeed, makeFeed, revokeFeed, type FeedOwner } from './feeds.js';
import { ICAL_CONTENT_TYPE, icalFeed } from './ical.js';
import { calendarItems } from './items.js';

export const INVALID_RANGE = 'calendar.invalid_range';
export const RANGE_TOO_LONG = 'calendar.range_too_long';
/** The feed's window around today. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;
/** Reads of one feed address a minute (a calendar application polls every few minutes to hours). */
export const CALENDAR_FEED_RATE_LIMIT = 30;

/** Any signed-in member: the calendar and its address are the caller's own (each kind of item with its right). */
export const OWN_CALENDAR: RouteAccess = { session: true, reason: 'the caller’s own calendar and private calendar address; each kind of item needs its module’s read right' };

const itemPath = (item: CalendarItem): string => item.path ?? (item.kind === 'action' ? actionPagePath(item.id) : inspectionPagePath(item.id));

export async function calendarRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['calendar'];
  app.addHook('preHandler', app.authenticate);
  const config = { access: OWN_CALENDAR };
  const owner = (request: FastifyRequest): FeedOwner => {
    const auth = requireAuth(request);
    return { db: auth.db, control: ctx.databases.control, clientDb: auth.clientDb, districtId: auth.districtId, accountId: auth.accountId };
  };

  app.get(
    '/',
    { config, schema: { tags, summary: 'The caller’s actions and inspections due in a range of days', querystring: CalendarQuery, response: ok(CalendarPage) } },
    async (request) => {
      const { from, to } = request.query;
      if (!isCalendarDay(from) || !isCalendarDay(to) || from > to) throw ApiError.badRequest(INVALID_RANGE, 'from, to');
      if (daysBetween(from, to) + 1 > CALENDAR_RANGE_DAYS_MAX) throw ApiError.badRequest(RANGE_TOO_LONG, String(CALENDAR_RANGE_DAYS_MAX));
      const auth = requireAuth(request);
      const items = await calendarItems({ db: auth.db, districtId: auth.districtId, accountId: auth.accountId, rights: await rightsOf(request) }, from, to);
      return respond(request, { items });
    },
  );

  app.get('/feed', { config, schema: { tags, summary: 'Whether the caller has a private iCal address', response: ok(CalendarFeed) } }, async (request) =>
    respond(request, await feedOf(owner(request))),
  );
  app.post(
    '/feed',
    { config, schema: { tags, summary: 'Makes the caller’s private iCal address (the previous one stops working); its URL is answered this once', response: ok(CalendarFeed) } },
    async (request) => respond(request, await makeFeed(owner(request), ctx.config.publicUrl)),
  );
  app.delete('/feed', { config, schema: { tags, summary: 'Revokes the caller’s private iCal address', response: ok(CalendarFeed) } }, async (request) =>
    respond(request, await revokeFeed(owner(request))),
  );
}

const FeedParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });

export async function calendarFeedRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/:token.ics',
    {
      config: {
        access: { public: true, reason: 'a member’s private calendar address, read by its calendar application: the unguessable token is the only key, until revoked' },
        // Never above the general limit (0: no limit at all, the plugin is not registered).
        rateLimit: { max: Math.min(CALENDAR_FEED_RATE_LIMIT, ctx.config.rateLimitPerMinute), timeWindow: RATE_LIMIT_WINDOW_MS },
      },
      onSend: privateAnswer,
      schema: {
        tags: ['calendar'],
        security: [],
        summary: 'A member’s calendar as iCalendar (RFC 5545), from its private address (public)',
        params: FeedParams,
        response: { 200: FileBytes, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const feed = await findFeed(ctx.databases, request.params.token);
      const now = new Date();
      const today = districtToday(now);
      const items = await calendarItems(feed, addDays(today, -FEED_DAYS_BACK), addDays(today, FEED_DAYS_AHEAD), now);
      reply.type(ICAL_CONTENT_TYPE);
      return icalFeed(items, { publicUrl: ctx.config.publicUrl, pathOf: itemPath, now, name: 'Vigie', language: feed.language });
    },
  );
}
