/**
 * vCard (RFC 6350) for the Contacts module, limited to the properties a contact holds: FN, N,
 * ORG, TITLE, TEL (TYPE cell / work), EMAIL, NOTE, UID. Written as 4.0 in forms a 3.0 reader
 * takes too (TYPE parameters, TEL as text); read from 4.0, 3.0 and 2.1 cards (bare TYPE words of
 * 2.1 included), with line unfolding and the escaped characters of text values. Quoted-printable,
 * photos, addresses and the other properties are ignored. No dependency: the small parsers on
 * npm either pull several packages or read a different subset (docs/contactV2.md).
 */
import type { ContactPhone, PhoneType } from '../../../../common/modules/contactV2/schemas.js';

/** What a card says of a person, before it is matched with the district's contacts and suppliers. */
export interface VcardContact {
  firstName: string;
  lastName: string;
  /** FN when neither N part is given. */
  fullName: string;
  company: string;
  jobTitle: string;
  phones: ContactPhone[];
  emails: string[];
  notes: string;
  uid: string;
}

/** A card that cannot be read: its number in the file (from 1) and why. */
export class VcardError extends Error {
  constructor(
    readonly card: number,
    readonly reason: string,
  ) {
    super(`card ${card}: ${reason}`);
  }
}

// ---------------------------------------------------------------- writing

/** A text value escaped (RFC 6350 3.4): backslash, comma, semicolon, new line. */
export const escapeText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');

/** A content line folded at 75 octets (a UTF-8 character is never cut), CRLF ended. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return `${out.join('\r\n ')}\r\n`;
}

const TEL_TYPE: Record<PhoneType, string> = { mobile: 'cell', work: 'work,voice' };

export interface VcardSource {
  firstName: string;
  lastName: string;
  jobTitle: string;
  supplierName: string | null;
  phones: readonly ContactPhone[];
  emails: readonly string[];
  notes: string;
  uid: string;
}

/** One card. */
export function writeVcard(contact: VcardSource): string {
  const fn = [contact.firstName, contact.lastName].filter((s) => s !== '').join(' ');
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `UID:${escapeText(contact.uid)}`, `FN:${escapeText(fn)}`, `N:${escapeText(contact.lastName)};${escapeText(contact.firstName)};;;`];
  if (contact.supplierName) lines.push(`ORG:${escapeText(contact.supplierName)}`);
  if (contact.jobTitle) lines.push(`TITLE:${escapeText(contact.jobTitle)}`);
  for (const phone of contact.phones) lines.push(`TEL;VALUE=text;TYPE=${TEL_TYPE[phone.type]}:${phone.number}`);
  for (const email of contact.emails) lines.push(`EMAIL;TYPE=work:${escapeText(email)}`);
  if (contact.notes) lines.push(`NOTE:${escapeText(contact.notes)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('');
}

// ---------------------------------------------------------------- reading

/** Unfolded content lines (a line starting with a space or a tab continues the one before). */
export function unfold(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n|\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** Splits at the separator not escaped by a backslash, escapes kept (undone by `unescapeText`). */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) {
      current += char + value[i + 1]!;
      i += 1;
    } else if (char === separator) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

export const unescapeText = (value: string): string => value.replace(/\\([\\,;nN:])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

interface ContentLine {
  name: string;
  params: Map<string, string[]>;
  value: string;
}

/** `[group.]NAME *(;param) : value`; null when the line has no colon outside quotes. */
function parseLine(line: string): ContentLine | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i += 1) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const head = line.slice(0, colon);
  const parts: string[] = [];
  let current = '';
  quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  const name = parts[0]!.replace(/^.*\./, '').toUpperCase();
  const params = new Map<string, string[]>();
  for (const param of parts.slice(1)) {
    const eq = param.indexOf('=');
    // vCard 2.1: a bare TYPE word (TEL;CELL;VOICE:…).
    const key = eq < 0 ? 'TYPE' : param.slice(0, eq).toUpperCase();
    const values = (eq < 0 ? param : param.slice(eq + 1)).split(',').map((v) => v.replace(/^"|"$/g, '').toLowerCase());
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, value: line.slice(colon + 1) };
}

const MOBILE = /^(\+33|0033|0)[67]/;

function phoneOf(line: ContentLine): ContactPhone | null {
  const number = unescapeText(line.value).replace(/^tel:/i, '').replace(/;.*$/, '').trim();
  if (!/\d/.test(number)) return null;
  const types = line.params.get('TYPE') ?? [];
  const type: PhoneType = types.includes('cell') ? 'mobile' : types.includes('work') ? 'work' : MOBILE.test(number.replace(/[\s.-]/g, '')) ? 'mobile' : 'work';
  return { type, number: number.replace(/[^0-9+() .-]/g, '').slice(0, 40) };
}

/** A card read, with its number in the file (from 1). */
export type NumberedCard = VcardContact & { card: number };

/** The cards of a .vcf text, and one error for each card that cannot be read. */
export function parseVcards(text: string): { cards: NumberedCard[]; errors: VcardError[] } {
  const cards: NumberedCard[] = [];
  const errors: VcardError[] = [];
  let card: ContentLine[] | null = null;
  let broken = false;
  let number = 0;
  for (const raw of unfold(text)) {
    const line = parseLine(raw);
    if (line === null) {
      if (card !== null && !broken) {
        errors.push(new VcardError(number, `unreadable line "${raw.slice(0, 40)}"`));
        broken = true;
      }
      continue;
    }
    if (line.name === 'BEGIN' && line.value.trim().toUpperCase() === 'VCARD') {
      if (card !== null) errors.push(new VcardError(number, 'no END:VCARD before the next BEGIN:VCARD'));
      number += 1;
      card = [];
      broken = false;
    } else if (line.name === 'END' && line.value.trim().toUpperCase() === 'VCARD') {
      if (card === null) errors.push(new VcardError(number + 1, 'END:VCARD without BEGIN:VCARD'));
      else if (!broken) {
        try {
          cards.push({ ...readCard(card, number), card: number });
        } catch (error) {
          if (!(error instanceof VcardError)) throw error;
          errors.push(error);
        }
      }
      card = null;
    } else if (card !== null) card.push(line);
  }
  if (card !== null) errors.push(new VcardError(number, 'no END:VCARD'));
  if (number === 0 && errors.length === 0) errors.push(new VcardError(1, 'no BEGIN:VCARD'));
  return { cards, errors };
}

function readCard(lines: ContentLine[], number: number): VcardContact {
  const first = (name: string) => lines.find((l) => l.name === name);
  if (lines.some((l) => (l.params.get('ENCODING') ?? []).includes('quoted-printable'))) throw new VcardError(number, 'quoted-printable is not read');
  const n = first('N');
  const [family = '', given = ''] = n ? splitUnescaped(n.value, ';').map((part) => unescapeText(splitUnescaped(part, ',').join(' ')).trim()) : [];
  const fullName = unescapeText(first('FN')?.value ?? '').trim();
  if (family === '' && given === '' && fullName === '') throw new VcardError(number, 'no name (FN or N)');
  const org = first('ORG');
  const emails = [...new Set(lines.filter((l) => l.name === 'EMAIL').map((l) => unescapeText(l.value).replace(/^mailto:/i, '').trim()).filter((e) => e !== ''))];
  const bad = emails.find((e) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e));
  if (bad) throw new VcardError(number, `invalid e-mail "${bad.slice(0, 60)}"`);
  const phones = lines.filter((l) => l.name === 'TEL').map(phoneOf).filter((p): p is ContactPhone => p !== null);
  return {
    firstName: given,
    lastName: family,
    fullName,
    company: org ? unescapeText(splitUnescaped(org.value, ';')[0] ?? '').trim() : '',
    jobTitle: unescapeText(first('TITLE')?.value ?? '').trim(),
    phones,
    emails,
    notes: lines.filter((l) => l.name === 'NOTE').map((l) => unescapeText(l.value)).join('\n'),
    uid: unescapeText(first('UID')?.value ?? '').trim().replace(/^urn:uuid:/i, ''),
  };
}
