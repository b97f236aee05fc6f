/**
 * A declaration printed as a PDF (GET /api/declarations/:id/print.pdf): what its sheet shows,
 * on A4 pages, in the request's language (fr or en; the labels of both are in PRINT_LABELS
 * below, the severity and status names in mail/messages.ts), drawn with the platform's PDF kit
 * (_platform/pdf.ts: the characters Helvetica draws, the images, the footer, Paris time).
 */
import type { Language } from '../../../../common/constants.js';
import type { Declaration, FieldValues, TemplateField } from '../../../../common/modules/declarations/schemas.js';
import type { HistoryEntry } from '../../../../common/schemas/platform.js';
import { SEVERITY_LABELS, STATUS_LABELS } from '../../mail/messages.js';
import { buildPdf, printDay, printFileName as fileName, printNumber, SIGNATURE_BOX, type PrintImageLoader } from '../_platform/pdf.js';

export { printLanguage } from '../_platform/pdf.js';

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

/** `declaration-<slug of the title>.pdf`. */
export const printFileName = (declaration: Pick<Declaration, 'id' | 'title'>): string => fileName('declaration', declaration.title, declaration.id);

export interface PrintInput {
  declaration: Declaration;
  /** The declaration's history (its status steps and their reasons). */
  history: HistoryEntry[];
  language: Language;
  printedAt: Date;
  image: PrintImageLoader;
}

/** The PDF of a declaration, whole in memory (a few hundred KiB with 20 downscaled photos). */
export async function declarationPdf(input: PrintInput): Promise<Buffer> {
  const { declaration: d, language } = input;
  const t: Labels = PRINT_LABELS[language];
  const imageIds = [...d.photos, ...d.template.fields.flatMap((f) => (f.kind === 'photo' || f.kind === 'signature' ? idsOf(d.values[f.key]) : []))];
  return buildPdf(
    { title: d.title, subject: `${t.document} ${d.id}`, labels: t, printedAt: input.printedAt, attachments: d.attachments, imageIds, image: input.image },
    ({ dateTime, ensure, title, heading, row, paragraph, imageGrid }) => {
        // ------------------------------------------------------------ the header
        title(t.document, d.title);

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
              paragraph(field.label, null);
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
          const stepName = step.status === 'new' ? t.reported : capitalize(language === 'fr' ? fr : en);
          paragraph(`${stepName} ${t.by(step.by, dateTime(step.at))}`, step.reason ? t.reason(step.reason) : null);
        }
    },
  );
}

/** The attachment ids a photo or signature value holds. */
const idsOf = (value: unknown): string[] => (typeof value === 'string' && value ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

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
      return typeof value === 'number' ? printNumber(t.locale, value) : String(value);
    case 'date':
      return typeof value === 'string' ? printDay(t.locale, value) : String(value);
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
