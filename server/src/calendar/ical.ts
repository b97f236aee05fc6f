/**
 * The iCalendar text of a member's feed (RFC 5545), written here rather than with a library:
 * a calendar of VEVENTs, one per item. Lines end with CRLF and are folded at 75 octets (never
 * inside a UTF-8 character); TEXT values escape backslash, semicolon, comma and newlines. An
 * action is an all-day event on its due day (DTSTART;VALUE=DATE, DTEND the next day); an
 * inspection an event at its due time, INSPECTION_EVENT_MINUTES long. The texts are in the feed
 * owner's language (its account's, accounts.language: a calendar application sends no language
 * with its reads).
 */
import type { Language } from '../../../common/constants.js';
import type { CalendarItem } from '../../../common/schemas/calendar.js';
import { addDays } from '../modules/_platform/dates.js';
import { CALENDAR_EVENTS } from '../modules/index.js';

export const ICAL_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/** How long an inspection's event lasts in the calendar, from its due time. */
export const INSPECTION_EVENT_MINUTES = 60;
const LINE_OCTETS = 75;

/** A TEXT value (RFC 5545 3.3.11). */
export const escapeText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** One content line folded at 75 octets (3.1): the next parts start with a space, UTF-8 characters kept whole. */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    // The first line holds 75 octets; the next ones 74 after their leading space.
    let end = Math.min(start + (start === 0 ? LINE_OCTETS : LINE_OCTETS - 1), bytes.length);
    // Back off continuation bytes (10xxxxxx) so no character is cut.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

const utcStamp = (at: Date): string => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const dateValue = (day: string): string => day.replace(/-/g, '');

/** The feed's words, each in every language. */
const WORDS = {
  action: { fr: 'Action : ', en: 'Action: ' },
  inspection: { fr: 'Inspection : ', en: 'Inspection: ' },
  site: { fr: 'Site : ', en: 'Site: ' },
  status: { fr: 'Statut : ', en: 'Status: ' },
  overdue: { fr: ' (en retard)', en: ' (overdue)' },
} satisfies Record<string, Record<Language, string>>;
/** The statuses as the feed writes them: an action's, an inspection's. */
const STATUS_WORDS: Partial<Record<CalendarItem['kind'], Record<string, Record<Language, string>>>> = {
  action: { todo: { fr: 'à faire', en: 'to do' }, inProgress: { fr: 'en cours', en: 'in progress' }, done: { fr: 'faite', en: 'done' }, verified: { fr: 'vérifiée', en: 'verified' } },
  inspection: { todo: { fr: 'à réaliser', en: 'to do' }, inProgress: { fr: 'en cours', en: 'in progress' } },
};

export interface FeedOptions {
  /** The app's public origin (the events' URL). */
  publicUrl: string;
  /** The app path of an item's page. */
  pathOf: (item: CalendarItem) => string;
  /** DTSTAMP: when the feed was written. */
  now: Date;
  name: string;
  /** The owner's language (SUMMARY, DESCRIPTION). */
  language: Language;
}

export function icalFeed(items: readonly CalendarItem[], options: FeedOptions): string {
  const language = options.language;
  const word = (name: keyof typeof WORDS) => WORDS[name][language];
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Vigie//Calendrier//FR', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(options.name)}`];
  for (const item of items) {
    const url = `${options.publicUrl}${options.pathOf(item)}`;
    const kindWord = item.kind in WORDS ? word(item.kind as keyof typeof WORDS) : (CALENDAR_EVENTS.find((e) => e.words[item.kind])?.words[item.kind]?.[language] ?? '');
    const summary = `${kindWord}${item.title}`;
    const status = STATUS_WORDS[item.kind]?.[item.status]?.[language] ?? CALENDAR_EVENTS.find((e) => e.statusWords[item.status])?.statusWords[item.status]?.[language] ?? item.status;
    const description = [item.siteName ? `${word('site')}${item.siteName}` : null, `${word('status')}${status}${item.overdue ? word('overdue') : ''}`, url]
      .filter((l): l is string => l !== null)
      .join('\n');
    lines.push('BEGIN:VEVENT', `UID:${item.kind}-${item.id}@vigie`, `DTSTAMP:${utcStamp(options.now)}`);
    if (item.at === null) {
      lines.push(`DTSTART;VALUE=DATE:${dateValue(item.date)}`, `DTEND;VALUE=DATE:${dateValue(addDays(item.date, 1))}`);
    } else {
      const start = new Date(item.at);
      lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(new Date(start.getTime() + INSPECTION_EVENT_MINUTES * 60_000))}`);
    }
    lines.push(`SUMMARY:${escapeText(summary)}`, `DESCRIPTION:${escapeText(description)}`);
    if (item.siteName) lines.push(`LOCATION:${escapeText(item.siteName)}`);
    lines.push(`URL:${url}`, 'STATUS:CONFIRMED', 'TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
