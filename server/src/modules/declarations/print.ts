/**
 * A declaration printed as a PDF (GET /api/declarations/:id/print.pdf): what its sheet shows,
 * on A4 pages, in the request's language (fr or en; the labels of both are in PRINT_LABELS
 * below, the severity and status names in mail/messages.ts). Built with pdfkit and its standard
 * Helvetica, whose WinAnsi encoding covers French (é è à ç œ « » ’ €); any other character is
 * replaced before it is drawn (printable() below), so no input can break the document. Images
 * come through `image()`, given by the route: the attachment's bytes as JPEG or PNG, already
 * downscaled (attachments/index.ts printableImage), or null when they cannot be read (the PDF
 * then says so in their place). Times are shown in Paris time, said on every page's footer:
 * the server does not know the reader's zone, and the districts are in France.
 */
import PDFDocument from 'pdfkit';
import type { Language } from '../../../../common/constants.js';
import type { Declaration, FieldValues, TemplateField } from '../../../../common/modules/declarations/schemas.js';
import type { Attachment, HistoryEntry } from '../../../../common/schemas/platform.js';
import { SEVERITY_LABELS, STATUS_LABELS } from '../../mail/messages.js';

export const PRINT_TIME_ZONE = 'Europe/Paris';

/** Every word the PDF prints, in both languages. */
export const PRINT_LABELS = {
  fr: {
    locale: 'fr-FR',
    document: 'Déclaration',
    type: 'Type',
    revision: (n: number) => `révision ${n}`,
    status: 'Statut',
    severity: 'Gravité',
    site: 'Site',
    noSite: 'Aucun site',
    occurredAt: 'Survenue le',
    capturedAt: 'Saisie le (horloge de l’appareil)',
    position: 'Position',
    noPosition: 'Non relevée',
    accuracy: (m: string) => `précision ${m} m`,
    sources: { device: 'relevée par l’appareil', pin: 'repère placé à la main' },
    author: 'Déclarée par',
    reportedAt: 'Enregistrée le',
    assignee: 'Responsable du suivi',
    nobody: 'Personne',
    deleted: 'Supprimée le',
    description: 'Description',
    form: 'Formulaire',
    photos: 'Photos',
    investigation: 'Analyse',
    cause: 'Cause',
    measures: 'Mesures',
    comments: 'Commentaires',
    noComments: 'Aucun commentaire.',
    statusHistory: 'Historique du statut',
    reported: 'Déclarée',
    reason: (text: string) => `Motif : ${text}`,
    by: (name: string, at: string) => `par ${name}, le ${at}`,
    yes: 'Oui',
    no: 'Non',
    empty: '—',
    imageMissing: (name: string) => `[image illisible : ${name}]`,
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    printed: (at: string) => `Imprimée le ${at} (heure de Paris)`,
  },
  en: {
    locale: 'en-US',
    document: 'Declaration',
    type: 'Type',
    revision: (n: number) => `revision ${n}`,
    status: 'Status',
    severity: 'Severity',
    site: 'Site',
    noSite: 'No site',
    occurredAt: 'Occurred on',
    capturedAt: 'Captured on (device clock)',
    position: 'Position',
    noPosition: 'Not recorded',
    accuracy: (m: string) => `accuracy ${m} m`,
    sources: { device: 'from the device', pin: 'pin placed by hand' },
    author: 'Reported by',
    reportedAt: 'Recorded on',
    assignee: 'Assignee',
    nobody: 'Nobody',
    deleted: 'Deleted on',
    description: 'Description',
    form: 'Form',
    photos: 'Photos',
    investigation: 'Investigation',
    cause: 'Cause',
    measures: 'Measures',
    comments: 'Comments',
    noComments: 'No comments.',
    statusHistory: 'Status history',
    reported: 'Reported',
    reason: (text: string) => `Reason: ${text}`,
    by: (name: string, at: string) => `by ${name}, on ${at}`,
    yes: 'Yes',
    no: 'No',
    empty: '—',
    imageMissing: (name: string) => `[unreadable image: ${name}]`,
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    printed: (at: string) => `Printed on ${at} (Paris time)`,
  },
} as const;
type Labels = (typeof PRINT_LABELS)[Language];

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

/** `declaration-<slug of the title>.pdf` (ASCII, at most 40 characters of title), or with its id when the title leaves nothing. */
export function printFileName(declaration: Pick<Declaration, 'id' | 'title'>): string {
  const slug = declaration.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[œæłđı]/g, (c) => PLAIN_LETTERS[c]!)
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `declaration-${slug || declaration.id}.pdf`;
}

/** Letters that no Unicode decomposition takes to ASCII, spelled as a French reader would. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i' };

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

export interface PrintInput {
  declaration: Declaration;
  /** The declaration's history (its status steps and their reasons). */
  history: HistoryEntry[];
  language: Language;
  printedAt: Date;
  image: PrintImageLoader;
}

const MARGIN = 50;
const LABEL_WIDTH = 150;
const GAP = 10;
/** Photos per row, and the box each is fitted in (points): two columns, three rows a page. */
const PHOTO_COLUMNS = 2;
const PHOTO_BOX_HEIGHT = 190;
const SIGNATURE_BOX: [number, number] = [200, 80];
const CAPTION_HEIGHT = 14;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The PDF of a declaration, whole in memory (a few hundred KiB with 20 downscaled photos). */
export async function declarationPdf(input: PrintInput): Promise<Buffer> {
  const { declaration: d, language } = input;
  const t: Labels = PRINT_LABELS[language];
  const byId = new Map(d.attachments.map((a) => [a.id, a]));
  // Every image the document shows, read before drawing (pdfkit draws synchronously).
  const wanted = new Set<string>([...d.photos, ...d.template.fields.flatMap((f) => (f.kind === 'photo' || f.kind === 'signature' ? idsOf(d.values[f.key]) : []))]);
  const images = new Map<string, Buffer | null>();
  for (const id of wanted) {
    const attachment = byId.get(id);
    if (attachment) images.set(id, await input.image(attachment).catch(() => null));
  }

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: printable(d.title), Creator: 'Vigie', Subject: `${t.document} ${d.id}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((done, fail) => {
    doc.on('end', done);
    doc.on('error', fail);
  });

  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(t.locale, { timeZone: PRINT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const contentWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.8);
    doc.font(BOLD).fontSize(13).fillColor('#1f3a5f').text(printable(text), MARGIN, doc.y, { width: contentWidth });
    const y = doc.y + 2;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + contentWidth, y).lineWidth(0.5).strokeColor('#9aa9bc').stroke();
    doc.y = y + 6;
    doc.fillColor('black');
  };

  /** A label and its value side by side; a long value flows onto the next pages. */
  const row = (label: string, value: string) => {
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
  };

  /** A block of text under its label, the whole width (descriptions, comments). */
  const paragraph = (label: string | null, text: string | null) => {
    ensure(30);
    if (label) doc.font(BOLD).fontSize(10).text(printable(label), MARGIN, doc.y, { width: contentWidth });
    if (text !== null) doc.font(FONT).fontSize(10).text(printable(text.trim() || t.empty), MARGIN, doc.y, { width: contentWidth });
    doc.moveDown(0.5);
  };

  /** Images in a grid (photos) or one by one (a signature), each fitted in its box, a caption under it. */
  const imageGrid = (ids: readonly string[], box: [number, number] | null) => {
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
  };

  // ------------------------------------------------------------ the header
  doc.font(FONT).fontSize(9).fillColor('#555555').text(printable(`Vigie – ${t.document}`), MARGIN, MARGIN, { width: contentWidth });
  doc.font(BOLD).fontSize(18).fillColor('black').text(printable(d.title), { width: contentWidth });
  doc.moveDown(0.5);

  const [severityFr, severityEn] = SEVERITY_LABELS[d.severity];
  const [statusFr, statusEn] = STATUS_LABELS[d.status];
  row(t.type, `${d.template.name} (${t.revision(d.templateVersion)})`);
  row(t.status, capitalize(language === 'fr' ? statusFr : statusEn));
  row(t.severity, capitalize(language === 'fr' ? severityFr : severityEn));
  row(t.site, d.siteName ?? t.noSite);
  row(t.occurredAt, dateTime(d.occurredAt));
  row(t.capturedAt, dateTime(d.capturedAt));
  row(t.position, positionText(d.position, t));
  row(t.author, d.createdBy.name);
  row(t.reportedAt, dateTime(d.createdAt));
  row(t.assignee, d.assignee?.name ?? t.nobody);
  if (d.deletedAt) row(t.deleted, dateTime(d.deletedAt));

  heading(t.description);
  paragraph(null, d.description);

  // ------------------------------------------------------------ the template's fields
  if (d.template.fields.length > 0) {
    heading(t.form);
    for (const field of d.template.fields) {
      const value = d.values[field.key];
      if ((field.kind === 'photo' || field.kind === 'signature') && idsOf(value).length > 0) {
        ensure(40);
        doc.font(BOLD).fontSize(10).text(printable(field.label), MARGIN, doc.y, { width: contentWidth });
        doc.moveDown(0.3);
        imageGrid(idsOf(value), field.kind === 'signature' ? SIGNATURE_BOX : null);
      } else if (field.kind === 'longText' && typeof value === 'string' && value.length > 200) {
        paragraph(field.label, value);
      } else {
        row(field.label, fieldText(field, value, t));
      }
    }
  }

  if (d.photos.length > 0) {
    heading(t.photos);
    imageGrid(d.photos, null);
  }

  heading(t.investigation);
  paragraph(t.cause, d.cause);
  paragraph(t.measures, d.measures);

  heading(t.comments);
  if (d.comments.length === 0) paragraph(null, t.noComments);
  for (const comment of d.comments) paragraph(`${comment.by.name} – ${dateTime(comment.at)}`, comment.text);

  heading(t.statusHistory);
  for (const step of statusSteps(input.history)) {
    const [fr, en] = STATUS_LABELS[step.status];
    const title = step.status === 'new' ? t.reported : capitalize(language === 'fr' ? fr : en);
    paragraph(`${title} ${t.by(step.by, dateTime(step.at))}`, step.reason ? t.reason(step.reason) : null);
  }

  // ------------------------------------------------------------ the footer of every page
  const printed = t.printed(dateTime(input.printedAt.toISOString()));
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    // Writing in the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    doc.font(FONT).fontSize(8).fillColor('#555555');
    doc.text(printable(`${printed} – ${d.title}`), MARGIN, y, { width: contentWidth * 0.75, lineBreak: false, ellipsis: true, height: 10 });
    doc.text(t.page(i + 1, pages.count), MARGIN, y, { width: contentWidth, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The attachment ids a photo or signature value holds. */
const idsOf = (value: unknown): string[] => (typeof value === 'string' && value ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The index of the page being written (pdfkit keeps no counter of its own). */
const pageIndex = (doc: PDFKit.PDFDocument): number => doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;

function positionText(position: Declaration['position'], t: Labels): string {
  if (!position) return t.noPosition;
  const number = (n: number, digits: number) => new Intl.NumberFormat(t.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
  const accuracy = position.accuracy === null ? null : t.accuracy(new Intl.NumberFormat(t.locale, { maximumFractionDigits: 0 }).format(position.accuracy));
  return [`${number(position.lat, 5)}, ${number(position.lng, 5)}`, accuracy, t.sources[position.source]].filter(Boolean).join(' – ');
}

/** A field's value as text: yes/no in words, choices joined, a date in the language's order. */
function fieldText(field: TemplateField, value: FieldValues[string] | undefined, t: Labels): string {
  if (value === undefined || value === '') return t.empty;
  switch (field.kind) {
    case 'yesNo':
      return typeof value === 'boolean' ? (value ? t.yes : t.no) : String(value);
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(t.locale, { maximumFractionDigits: 6 }).format(value) : String(value);
    case 'date': {
      const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      if (!match) return String(value);
      const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      return new Intl.DateTimeFormat(t.locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
    }
    case 'multiChoice':
      return Array.isArray(value) ? (value.length > 0 ? value.join(', ') : t.empty) : String(value);
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

/** The report, then each status change with its reason, who and when, oldest first. */
function statusSteps(history: readonly HistoryEntry[]): { status: Declaration['status']; reason: string | null; by: string; at: string }[] {
  const steps: { status: Declaration['status']; reason: string | null; by: string; at: string }[] = [];
  for (const entry of [...history].sort((a, b) => a.version - b.version)) {
    if (entry.action === 'create') steps.push({ status: 'new', reason: null, by: entry.by.name, at: entry.at });
    const status = entry.changes.find((c) => c.field === 'status');
    if (entry.action === 'update' && status && typeof status.after === 'string' && status.after in STATUS_LABELS) {
      const reason = entry.changes.find((c) => c.field === 'reason')?.after;
      steps.push({ status: status.after as Declaration['status'], reason: typeof reason === 'string' ? reason : null, by: entry.by.name, at: entry.at });
    }
  }
  return steps;
}
