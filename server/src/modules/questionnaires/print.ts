/**
 * An inspection's report as a PDF (GET /api/questionnaires/inspections/:id/report.pdf, and the
 * shared link's): what was asked (the revision it was filled with), every shown question's
 * answer with its note and photos, the score by section and in all, the failed items with their
 * follow-up, the times and positions of the start and the end, the signature, and for a
 * submitted one the hash of its locked content. Drawn with the platform's PDF kit
 * (_platform/pdf.ts), in the request's language.
 */
import type { Language } from '../../../../common/constants.js';
import { visibleQuestions } from '../../../../common/modules/questionnaires/engine.js';
import type { Answer, DevicePosition, Inspection, Question } from '../../../../common/modules/questionnaires/schemas.js';
import { buildPdf, printDay, printFileName, printNumber, SIGNATURE_BOX, type PrintImageLoader } from '../_platform/pdf.js';

export const REPORT_LABELS = {
  fr: {
    locale: 'fr-FR',
    document: 'Rapport d’inspection',
    template: 'Questionnaire',
    revision: (n: number) => `révision ${n}`,
    site: 'Site',
    noSite: 'Aucun site',
    assignee: 'Réalisée par',
    status: 'Statut',
    statuses: { todo: 'À faire', inProgress: 'En cours', submitted: 'Transmise' },
    due: 'Échéance',
    started: 'Commencée le',
    finished: 'Terminée le',
    startPosition: 'Position au début',
    endPosition: 'Position à la fin',
    submitted: 'Transmise le',
    score: 'Score',
    result: 'Résultat',
    passed: (mark: number) => `Conforme (seuil ${mark} %)`,
    failed: (mark: number) => `Non conforme (seuil ${mark} %)`,
    noScore: 'Non noté',
    hash: 'Empreinte SHA-256',
    sections: 'Score par section',
    failedItems: 'Points non conformes',
    noFailed: 'Aucun point non conforme.',
    action: (title: string, due: string | null) => `Action : ${title}${due ? ` (pour le ${due})` : ''}`,
    note: 'Note',
    signature: 'Signature',
    signedBy: 'Signée par',
    yes: 'Oui',
    no: 'Non',
    na: 'Sans objet',
    accuracy: (m: string) => `précision ${m} m`,
    none: 'Non relevée',
    photos: (n: number) => `${n} photo${n > 1 ? 's' : ''}`,
    empty: '—',
    imageMissing: (name: string) => `[image illisible : ${name}]`,
    page: (n: number, total: number) => `Page ${n} / ${total}`,
    printed: (at: string) => `Imprimé le ${at} (heure de Paris)`,
  },
  en: {
    locale: 'en-US',
    document: 'Inspection report',
    template: 'Questionnaire',
    revision: (n: number) => `revision ${n}`,
    site: 'Site',
    noSite: 'No site',
    assignee: 'Carried out by',
    status: 'Status',
    statuses: { todo: 'To do', inProgress: 'In progress', submitted: 'Submitted' },
    due: 'Due',
    started: 'Started on',
    finished: 'Finished on',
    startPosition: 'Position at the start',
    endPosition: 'Position at the end',
    submitted: 'Submitted on',
    score: 'Score',
    result: 'Result',
    passed: (mark: number) => `Passed (pass mark ${mark}%)`,
    failed: (mark: number) => `Failed (pass mark ${mark}%)`,
    noScore: 'Not scored',
    hash: 'SHA-256 fingerprint',
    sections: 'Score by section',
    failedItems: 'Failed items',
    noFailed: 'No failed item.',
    action: (title: string, due: string | null) => `Action: ${title}${due ? ` (due ${due})` : ''}`,
    note: 'Note',
    signature: 'Signature',
    signedBy: 'Signed by',
    yes: 'Yes',
    no: 'No',
    na: 'Not applicable',
    accuracy: (m: string) => `accuracy ${m} m`,
    none: 'Not recorded',
    photos: (n: number) => `${n} photo${n > 1 ? 's' : ''}`,
    empty: '—',
    imageMissing: (name: string) => `[unreadable image: ${name}]`,
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    printed: (at: string) => `Printed on ${at} (Paris time)`,
  },
} as const;
type Labels = (typeof REPORT_LABELS)[Language];

export interface ReportInput {
  inspection: Inspection;
  language: Language;
  printedAt: Date;
  image: PrintImageLoader;
}

const title = (i: Pick<Inspection, 'template' | 'siteName'>) => `${i.template.name}${i.siteName ? ` – ${i.siteName}` : ''}`;
export const reportFileName = (i: Inspection): string => printFileName('inspection', title(i), i.id);

const percent = (locale: string, value: number) => `${printNumber(locale, value, 1)} %`;

function positionText(position: DevicePosition | null, t: Labels): string {
  if (!position) return t.none;
  const n = (v: number) => new Intl.NumberFormat(t.locale, { minimumFractionDigits: 5, maximumFractionDigits: 5 }).format(v);
  return [`${n(position.lat)}, ${n(position.lng)}`, position.accuracy === null ? null : t.accuracy(printNumber(t.locale, position.accuracy, 0))].filter(Boolean).join(' – ');
}

/** An answer as words: yes/no, the options' labels, a number with its unit, a date in the language's order. */
function answerText(question: Question, answer: Answer | undefined, t: Labels): string {
  const value = answer?.value;
  if (value === undefined || value === null || value === '') return t.empty;
  const label = (key: string) => question.options?.find((o) => o.key === key)?.label ?? key;
  switch (question.type) {
    case 'yesNo':
      return value === 'yes' ? t.yes : value === 'no' ? t.no : value === 'na' ? t.na : t.empty;
    case 'choice':
      return typeof value === 'string' ? label(value) : t.empty;
    case 'multiChoice':
      return Array.isArray(value) && value.length > 0 ? value.map(label).join(', ') : t.empty;
    case 'number':
      return typeof value === 'number' ? `${printNumber(t.locale, value)}${question.unit ? ` ${question.unit}` : ''}` : t.empty;
    case 'date':
      return typeof value === 'string' ? printDay(t.locale, value) : t.empty;
    case 'position':
      return typeof value === 'object' && !Array.isArray(value) ? positionText(value, t) : t.empty;
    case 'photo':
      return Array.isArray(value) ? t.photos(value.length) : t.empty;
    case 'signature':
      return t.signature;
    default:
      return typeof value === 'string' ? value : t.empty;
  }
}

/** The report of an inspection, whole in memory. */
export async function inspectionPdf(input: ReportInput): Promise<Buffer> {
  const { inspection: i, language } = input;
  const t: Labels = REPORT_LABELS[language];
  const visible = visibleQuestions({ sections: i.template.sections, passMark: i.template.passMark }, i.answers);
  const questions = i.template.sections.flatMap((s) => s.questions).filter((q) => visible.has(q.key));
  const photosOf = (q: Question) => [...(q.type === 'photo' && Array.isArray(i.answers[q.key]?.value) ? (i.answers[q.key]!.value as string[]) : []), ...(i.answers[q.key]?.photos ?? [])];
  const imageIds = [...questions.flatMap(photosOf), ...(i.signature ? [i.signature] : [])];
  return buildPdf(
    { title: title(i), subject: `${t.document} ${i.id}`, labels: t, printedAt: input.printedAt, attachments: i.attachments, imageIds, image: input.image },
    ({ dateTime, ensure, title: titleBlock, heading, row, paragraph, imageGrid, note }) => {
      const when = (iso: string | null) => (iso ? dateTime(iso) : t.empty);
      titleBlock(t.document, title(i));
      row(t.template, `${i.template.name} (${t.revision(i.templateVersion)})`);
      row(t.site, i.siteName ?? t.noSite);
      row(t.assignee, i.assignee.name);
      row(t.status, t.statuses[i.status]);
      row(t.due, when(i.dueAt));
      row(t.started, when(i.startedAt));
      row(t.startPosition, positionText(i.startPosition, t));
      row(t.finished, when(i.finishedAt));
      row(t.endPosition, positionText(i.endPosition, t));
      row(t.submitted, when(i.submittedAt));
      const total = i.total;
      row(t.score, total && total.percent !== null ? `${percent(t.locale, total.percent)} (${printNumber(t.locale, total.score, 2)} / ${printNumber(t.locale, total.max, 2)})` : t.noScore);
      const mark = i.template.passMark;
      if (i.passed !== null && mark !== null) note(i.passed ? t.passed(mark) : t.failed(mark), i.passed ? '#1e6b3a' : '#a61b1b', 12);
      if (i.contentHash) row(t.hash, i.contentHash);

      if (i.sections.length > 0) {
        heading(t.sections);
        for (const s of i.sections) row(s.title, s.percent === null ? t.noScore : `${percent(t.locale, s.percent)} (${printNumber(t.locale, s.score, 2)} / ${printNumber(t.locale, s.max, 2)})`);
      }

      if (i.status === 'submitted') {
        heading(t.failedItems);
        if (i.failedItems.length === 0) paragraph(null, t.noFailed);
        for (const f of i.failedItems) {
          const lines = [f.note, f.action ? t.action(f.action.title, f.action.dueOn ? printDay(t.locale, f.action.dueOn) : null) : null].filter((l): l is string => l !== null);
          paragraph(f.label, lines.length > 0 ? lines.join('\n') : null);
        }
      }

      for (const section of i.template.sections) {
        const shown = section.questions.filter((q) => visible.has(q.key));
        if (shown.length === 0) continue;
        heading(section.title);
        for (const question of shown) {
          const answer = i.answers[question.key];
          if (question.type === 'signature' && typeof answer?.value === 'string' && answer.value) {
            ensure(40);
            paragraph(question.label, null);
            imageGrid([answer.value], SIGNATURE_BOX);
            continue;
          }
          row(question.label, answerText(question, answer, t));
          if (answer?.note?.trim()) paragraph(t.note, answer.note);
          const photos = photosOf(question);
          if (photos.length > 0) imageGrid(photos, null);
        }
      }

      if (i.signature) {
        heading(t.signature);
        row(t.signedBy, i.signedBy ?? t.empty);
        imageGrid([i.signature], SIGNATURE_BOX);
      }
    },
  );
}
