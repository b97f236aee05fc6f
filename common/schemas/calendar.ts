/**
 * The calendar's API contract (/calendar in the app): each person's dated work from
 * the modules that have some (actions by due date, inspections by due time), and a private iCal
 * address for the person's own calendar application. Served by server/src/calendar/.
 */
import Type, { type Static } from 'typebox';
import { API_PREFIX } from '../constants';
import { DateOnly } from '../modules/actions/schemas';
import { IsoDateTime, Uuid } from './platform';


/** The longest range of one calendar read (a month view with its spill of weeks). */
export const CALENDAR_RANGE_DAYS_MAX = 45;
export const CALENDAR_KINDS = ['action', 'inspection', 'contractNotice', 'contractEnd', 'equipmentCheck', 'stockLoanReturn'] as const;
export const CalendarKind = Type.Union([
  Type.Literal('action'),
  Type.Literal('inspection'),
  Type.Literal('contractNotice'),
  Type.Literal('contractEnd'),
  Type.Literal('equipmentCheck'),
  Type.Literal('stockLoanReturn'),
]);
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/**
 * GET /api/calendar?from=&to= (dates, at most CALENDAR_RANGE_DAYS_MAX days): the caller's own
 * dated work in the district: its actions by due date (open ones, and the ones done in the
 * range), its inspections by due time (to do and in progress). Any signed-in member; each kind
 * only with its module's read right.
 */
export const CalendarQuery = Type.Object({ from: DateOnly, to: DateOnly }, { additionalProperties: false });
export type CalendarQuery = Static<typeof CalendarQuery>;
export const CalendarItem = Type.Object({
  kind: CalendarKind,
  id: Uuid,
  title: Type.String(),
  /** The day it is due (the district's time zone). */
  date: DateOnly,
  /** Its due time, for an inspection; null for an action (due on a day). */
  at: Type.Union([IsoDateTime, Type.Null()]),
  /** The action's or the inspection's status, as its module names it. */
  status: Type.String(),
  overdue: Type.Boolean(),
  siteName: Type.Union([Type.String(), Type.Null()]),
  /** The app's page of the item, for a module's event (a contract's deadline); absent: the action's or the inspection's page. */
  path: Type.Optional(Type.String()),
});
export type CalendarItem = Static<typeof CalendarItem>;
export const CalendarPage = Type.Object({ items: Type.Array(CalendarItem) });
export type CalendarPage = Static<typeof CalendarPage>;

/**
 * The caller's private iCal address (one per account and district): GET /api/calendar/feed
 * says whether it has one; POST makes a new one (the old one stops working) and answers its
 * address this once (only the token's SHA-256 is kept); DELETE revokes it. The feed itself,
 * GET /api/calendar/feeds/<token>.ics, needs no session (a calendar application reads it) and
 * answers the same 404 for an unknown or revoked address.
 */
export const CalendarFeed = Type.Object({
  active: Type.Boolean(),
  createdAt: Type.Union([IsoDateTime, Type.Null()]),
  /** Only in the answer of the POST that made it. */
  url: Type.Union([Type.String(), Type.Null()]),
});
export type CalendarFeed = Static<typeof CalendarFeed>;
export const CALENDAR_FEEDS_PREFIX = '/calendar/feeds';
export const calendarFeedPath = (token: string): string => `${API_PREFIX}${CALENDAR_FEEDS_PREFIX}/${token}.ics`;
