/**
 * What every module's printed record shares (a declaration, an inspection report): an A4
 * document built with pdfkit and its standard Helvetica, whose WinAnsi encoding covers French
 * (é è à ç œ « » ’ €); any other character is replaced before it is drawn (`printable`), so no
 * input can break the document. A module draws its content with the kit's parts (headings,
 * label/value rows, paragraphs, image grids) and the kit adds the footer of every page (when
 * printed, in Paris time: the server does not know the reader's zone and the districts are in
 * France; page n of m). Images are read before drawing (pdfkit draws synchronously) through a
 * loader the route gives: the attachment's bytes as JPEG or PNG, already downscaled
 * (attachments/index.ts printableImage), or null, and the document then says so in its place.
 */
import PDFDocument from 'pdfkit';
import type { Language } from '../../../../common/constants.js';
import type { Attachment } from '../../../../common/schemas/platform.js';
import { DISTRICT_TIME_ZONE } from './dates.js';

/**
 * The language of an Accept-Language header: the first of fr and en by preference (q), French
 * when it names neither (the product's language).
 */
export function printLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { primary: tag.split('-')[0], q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry): entry is typeof entry & { primary: Language } => entry.primary === 'fr' || entry.primary === 'en')?.primary ?? 'fr';
}

/** Letters that no Unicode decomposition takes to ASCII, spelled as a French reader would. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i' };

/** `<prefix>-<slug of the title>.pdf` (ASCII, at most 40 characters of title), or with `id` when the title leaves nothing. */
export function printFileName(prefix: string, title: string, id: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæłđı]/g, (c) => PLAIN_LETTERS[c]!)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `${prefix}-${slug || id}.pdf`;
}

/** The characters of Windows-1252 above Latin-1's: what Helvetica's WinAnsi encoding draws besides U+0020–U+007E and U+00A0–U+00FF. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** A character WinAnsi has no glyph for, as close as possible: a letter without its accent, a space, or '?'. */
function substitute(char: string): string {
  if (/\s/u.test(char)) return ' ';
  if (PLAIN_LETTERS[char]) return PLAIN_LETTERS[char];
  const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (bare !== char && [...bare].every(drawable)) return bare;
  return '?';
}
const drawable = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};
/** Text Helvetica can draw: line breaks kept, tabs as spaces, the rest replaced (substitute). */
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) out += char === '\n' || drawable(char) ? char : substitute(char);
  return out;
}

/** An image to embed: its bytes (JPEG or PNG) or null when unreadable. */
export type PrintImageLoader = (attachment: Attachment) => Promise<Buffer | null>;

/** The words the kit itself prints, in the document's language. */
export interface KitLabels {
  locale: string;
  empty: string;
  imageMissing: (name: string) => string;
  page: (n: number, total: number) => string;
  printed: (at: string) => string;
}

const MARGIN = 50;
const LABEL_WIDTH = 150;
const GAP = 10;
/** Photos per row, and the box each is fitted in (points): two columns, three rows a page. */
const PHOTO_COLUMNS = 2;
const PHOTO_BOX_HEIGHT = 190;
/** The box a signature is fitted in. */
export const SIGNATURE_BOX: [number, number] = [200, 80];
const CAPTION_HEIGHT = 14;
/** Images read and downscaled at once. */
const IMAGES_AT_ONCE = 4;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The index of the page being written (pdfkit keeps no counter of its own). */
const pageIndex = (doc: PDFKit.PDFDocument): number => doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;

/** The parts a module draws its record with. */
export interface PdfKit {
  doc: PDFKit.PDFDocument;
  contentWidth: number;
  /** A date and time in the document's language, Paris time. */
  dateTime: (iso: string) => string;
  /** A new page unless `height` points still fit. */
  ensure: (height: number) => void;
  /** The document's title block: a small document kind over the title. */
  title: (kind: string, title: string) => void;
  heading: (text: string) => void;
  /** A label and its value side by side; a long value flows onto the next pages. */
  row: (label: string, value: string) => void;
  /** A block of text under its label, the whole width; null text: the label alone. */
  paragraph: (label: string | null, text: string | null) => void;
  /** Images in a grid (photos) or one by one in `box` (a signature), each fitted, a caption under it. */
  imageGrid: (ids: readonly string[], box: [number, number] | null) => void;
  /** Text in a colour, the whole width (a score, a warning). */
  note: (text: string, color?: string, size?: number) => void;
}

export interface PdfInput {
  /** The document's metadata title, and the footer's reminder of what it is. */
  title: string;
  subject: string;
  labels: KitLabels;
  printedAt: Date;
  /** The record's attachments, and the ids of those the document shows. */
  attachments: readonly Attachment[];
  imageIds: Iterable<string>;
  image: PrintImageLoader;
}

/** A printed record, whole in memory (a few hundred KiB with 20 downscaled photos). */
export async function buildPdf(input: PdfInput, draw: (kit: PdfKit) => void): Promise<Buffer> {
  const t = input.labels;
  const byId = new Map(input.attachments.map((a) => [a.id, a]));
  // Every image the document shows, read before drawing (pdfkit draws synchronously).
  // A few at a time: reading and downscaling overlap (sharp works off the main thread).
  const images = new Map<string, Buffer | null>();
  const wanted = [...new Set(input.imageIds)].filter((id) => byId.has(id));
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const id = wanted[next++]!;
      images.set(id, await input.image(byId.get(id)!).catch(() => null));
    }
  };
  await Promise.all(Array.from({ length: IMAGES_AT_ONCE }, worker));

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: printable(input.title), Creator: 'Vigie', Subject: printable(input.subject) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((done, fail) => {
    doc.on('end', done);
    doc.on('error', fail);
  });

  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(t.locale, { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const contentWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const kit: PdfKit = {
    doc,
    contentWidth,
    dateTime,
    ensure,
    title: (kind, title) => {
      doc.font(FONT).fontSize(9).fillColor('#555555').text(printable(`Vigie – ${kind}`), MARGIN, MARGIN, { width: contentWidth });
      doc.font(BOLD).fontSize(18).fillColor('black').text(printable(title), { width: contentWidth });
      doc.moveDown(0.5);
    },
    heading: (text) => {
      ensure(40);
      doc.moveDown(0.8);
      doc.font(BOLD).fontSize(13).fillColor('#1f3a5f').text(printable(text), MARGIN, doc.y, { width: contentWidth });
      const y = doc.y + 2;
      doc.moveTo(MARGIN, y).lineTo(MARGIN + contentWidth, y).lineWidth(0.5).strokeColor('#9aa9bc').stroke();
      doc.y = y + 6;
      doc.fillColor('black');
    },
    row: (label, value) => {
      const text = printable(value || t.empty);
      doc.font(BOLD).fontSize(10);
      const labelHeight = doc.heightOfString(printable(label), { width: LABEL_WIDTH });
      doc.font(FONT).fontSize(10);
      const valueWidth = contentWidth - LABEL_WIDTH - GAP;
      ensure(Math.min(Math.max(labelHeight, doc.heightOfString(text, { width: valueWidth })), 60));
      const top = doc.y;
      const page = pageIndex(doc);
      doc.font(BOLD).text(printable(label), MARGIN, top, { width: LABEL_WIDTH });
      const labelEnd = doc.y;
      doc.font(FONT).text(text, MARGIN + LABEL_WIDTH + GAP, top, { width: valueWidth });
      // The value may have flowed onto a later page: continue below whichever ends lower.
      doc.y = pageIndex(doc) === page ? Math.max(labelEnd, doc.y) : doc.y;
      doc.y += 4;
    },
    paragraph: (label, text) => {
      ensure(30);
      if (label) doc.font(BOLD).fontSize(10).text(printable(label), MARGIN, doc.y, { width: contentWidth });
      if (text !== null) doc.font(FONT).fontSize(10).text(printable(text.trim() || t.empty), MARGIN, doc.y, { width: contentWidth });
      doc.moveDown(0.5);
    },
    imageGrid: (ids, box) => {
      const columns = box ? 1 : PHOTO_COLUMNS;
      const cellWidth = box ? box[0] : (contentWidth - GAP * (columns - 1)) / columns;
      const [fitWidth, fitHeight] = box ?? [cellWidth, PHOTO_BOX_HEIGHT];
      const present = ids.map((id) => byId.get(id)).filter((a): a is Attachment => a !== undefined);
      for (let start = 0; start < present.length; start += columns) {
        ensure(fitHeight + CAPTION_HEIGHT + GAP);
        const top = doc.y;
        present.slice(start, start + columns).forEach((attachment, column) => {
          const x = MARGIN + column * (cellWidth + GAP);
          const bytes = images.get(attachment.id);
          let drawn = false;
          if (bytes) {
            try {
              doc.image(bytes, x, top, { fit: [fitWidth, fitHeight], align: 'center', valign: 'center' });
              drawn = true;
            } catch {
              // Not an image pdfkit can read: said in its place below.
            }
          }
          if (!drawn) {
            doc.rect(x, top, fitWidth, fitHeight).lineWidth(0.5).strokeColor('#9aa9bc').stroke();
            doc.font(FONT).fontSize(9).fillColor('#555555').text(printable(t.imageMissing(attachment.name)), x + 8, top + fitHeight / 2 - 6, { width: fitWidth - 16, align: 'center' });
          }
          const caption = [attachment.name, attachment.takenAt ? dateTime(attachment.takenAt) : null].filter(Boolean).join(' – ');
          doc.font(FONT).fontSize(8).fillColor('#555555').text(printable(caption), x, top + fitHeight + 2, { width: fitWidth, align: 'center', height: CAPTION_HEIGHT, ellipsis: true });
          doc.fillColor('black');
        });
        doc.y = top + fitHeight + CAPTION_HEIGHT + GAP;
      }
    },
    note: (text, color = 'black', size = 10) => {
      ensure(20);
      doc.font(BOLD).fontSize(size).fillColor(color).text(printable(text), MARGIN, doc.y, { width: contentWidth });
      doc.fillColor('black');
      doc.moveDown(0.3);
    },
  };

  draw(kit);

  // ------------------------------------------------------------ the footer of every page
  const printed = t.printed(dateTime(input.printedAt.toISOString()));
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Writing in the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    doc.font(FONT).fontSize(8).fillColor('#555555');
    doc.text(printable(`${printed} – ${input.title}`), MARGIN, y, { width: contentWidth * 0.75, lineBreak: false, ellipsis: true, height: 10 });
    doc.text(t.page(i + 1, pages.count), MARGIN, y, { width: contentWidth, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A number in the document's language. */
export const printNumber = (locale: string, n: number, digits = 6): string => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);

/** A YYYY-MM-DD date in the language's order (no time zone: a day is a day). */
export function printDay(locale: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}
