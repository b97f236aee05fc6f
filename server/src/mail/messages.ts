/**
 * The e-mail of an emergency share, in French then English (the recipients are third
 * parties: the server does not know their language; fr is the product's fallback, so it
 * comes first). Rendered once when the send is recorded and stored in the outbox row, so a
 * retry days later sends exactly what was queued. The declarations' e-mails are French then
 * English too; the scheduled jobs' reminders (actions, inspections) are written in each
 * reader's language (accounts.language, set by the app).
 */
import type { Language } from '../../../common/constants.js';

export interface ShareMailInput {
  siteName: string;
  /** The public viewer link of the share. */
  link: string;
  expiresAt: Date;
  /** E-mail of the account that sent the alert: recipients should know who writes to them. */
  sender: string;
  /** The alert's free text (spec: empty by default). */
  description: string;
  emergency: boolean;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Expiry shown in UTC, said so: recipients may be anywhere, and the spec's date orders
 * (day/month/year in French, month/day/year otherwise) apply.
 */
const formatDate = (date: Date, locale: 'fr-FR' | 'en-US'): string =>
  `${new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)} UTC`;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A header value on one line, whatever the site name holds. */
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

export function shareMail(input: ShareMailInput): MailContent {
  const site = oneLine(input.siteName);
  const urgent = input.emergency ? 'URGENT – ' : '';
  const subject = `${urgent}Vigie : informations du site ${site} / Site information: ${site}`;
  const frDate = formatDate(input.expiresAt, 'fr-FR');
  const enDate = formatDate(input.expiresAt, 'en-US');
  const note = input.description.trim();

  const text = [
    'Bonjour,',
    '',
    `${input.sender} vous transmet par Vigie les informations du site « ${site} ».`,
    ...(note ? ['', `Message : ${note}`] : []),
    '',
    `Consultez-les jusqu’au ${frDate} :`,
    input.link,
    '',
    '—',
    '',
    'Hello,',
    '',
    `${input.sender} shared the information of the site "${site}" with you through Vigie.`,
    ...(note ? ['', `Message: ${note}`] : []),
    '',
    `View it until ${enDate}:`,
    input.link,
    '',
  ].join('\n');

  const link = `<a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`;
  const paragraph = (content: string) => `<p>${content}</p>`;
  const html = [
    '<!doctype html><html><body>',
    '<div lang="fr">',
    paragraph('Bonjour,'),
    paragraph(`${escapeHtml(input.sender)} vous transmet par Vigie les informations du site « <strong>${escapeHtml(site)}</strong> ».`),
    note ? paragraph(`Message : ${escapeHtml(note)}`) : '',
    paragraph(`Consultez-les jusqu’au ${escapeHtml(frDate)} :<br>${link}`),
    '</div><hr>',
    '<div lang="en">',
    paragraph('Hello,'),
    paragraph(`${escapeHtml(input.sender)} shared the information of the site "<strong>${escapeHtml(site)}</strong>" with you through Vigie.`),
    note ? paragraph(`Message: ${escapeHtml(note)}`) : '',
    paragraph(`View it until ${escapeHtml(enDate)}:<br>${link}`),
    '</div>',
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}

export interface DeclarationMailInput {
  /** What happened: a new declaration, its status changed, or it was given to the recipient to follow up. */
  kind: 'created' | 'status' | 'assigned';
  title: string;
  templateName: string;
  siteName: string | null;
  severity: 'low' | 'medium' | 'high' | 'critical';
  /** The new status and its reason (kind 'status'). */
  status?: 'new' | 'acknowledged' | 'investigating' | 'closed';
  reason?: string;
  /** Link to the declaration's sheet in the app. */
  link: string;
  /** The reader's language. */
  language: Language;
}

/** Severity names, French then English (the mails and the PDF print). */
export const SEVERITY_LABELS = {
  low: ['faible', 'low'],
  medium: ['moyenne', 'medium'],
  high: ['élevée', 'high'],
  critical: ['critique', 'critical'],
} as const;
/** Status names, French then English (the mails and the PDF print). */
export const STATUS_LABELS = {
  new: ['nouvelle', 'new'],
  acknowledged: ['prise en compte', 'acknowledged'],
  investigating: ['en cours d’analyse', 'under investigation'],
  closed: ['clôturée', 'closed'],
} as const;

/**
 * The e-mail of a declaration (to the members its template names when it is made, to its
 * author when its status changes, to whom it is given to follow up), in its reader's language:
 * rendered when the write is recorded and stored in the outbox row.
 */
export function declarationMail(input: DeclarationMailInput): MailContent {
  const title = oneLine(input.title);
  const template = oneLine(input.templateName);
  const [sevFr, sevEn] = SEVERITY_LABELS[input.severity];
  const where = input.siteName ? oneLine(input.siteName) : null;
  const [statusFr, statusEn] = STATUS_LABELS[input.status ?? 'new'];
  const reason = input.reason?.trim() ?? '';
  const texts: Record<DeclarationMailInput['kind'], ReaderTexts> = {
    created: {
      fr: {
        subject: `Vigie : nouvelle déclaration « ${title} »`,
        lines: [`Une déclaration « ${template} » a été faite${where ? ` sur le site ${where}` : ''} (gravité ${sevFr}) : ${title}.`],
      },
      en: { subject: `Vigie: new declaration "${title}"`, lines: [`A "${template}" declaration was made${where ? ` at ${where}` : ''} (severity ${sevEn}): ${title}.`] },
    },
    status: {
      fr: {
        subject: `Vigie : déclaration « ${title} » ${statusFr}`,
        lines: [`Votre déclaration « ${title} » est maintenant ${statusFr}.`, ...(reason ? [`Motif : ${reason}`] : [])],
      },
      en: { subject: `Vigie: declaration "${title}" ${statusEn}`, lines: [`Your declaration "${title}" is now ${statusEn}.`, ...(reason ? [`Reason: ${reason}`] : [])] },
    },
    assigned: {
      fr: {
        subject: `Vigie : la déclaration « ${title} » vous est confiée`,
        lines: [`La déclaration « ${title} » (${template}${where ? `, ${where}` : ''}, gravité ${sevFr}) vous est confiée pour son suivi.`],
      },
      en: {
        subject: `Vigie: declaration "${title}" is yours to follow up`,
        lines: [`The declaration "${title}" (${template}${where ? `, ${where}` : ''}, severity ${sevEn}) is yours to follow up.`],
      },
    },
  };
  return readerMail(input.language, texts[input.kind], input.link);
}

/** A declaration's bell, in its reader's language (the bell shows it as written). */
export function declarationBell(input: Omit<DeclarationMailInput, 'link'>): string {
  const where = `${input.templateName}${input.siteName ? `, ${input.siteName}` : ''}`;
  const [statusFr, statusEn] = STATUS_LABELS[input.status ?? 'new'];
  const bells: Record<DeclarationMailInput['kind'], Record<Language, string>> = {
    created: { fr: `Nouvelle déclaration « ${input.title} » (${where})`, en: `New declaration "${input.title}" (${where})` },
    status: { fr: `Votre déclaration « ${input.title} » : ${statusFr}`, en: `Your declaration "${input.title}": ${statusEn}` },
    assigned: { fr: `Déclaration « ${input.title} » à suivre (${where})`, en: `Declaration "${input.title}" to follow up (${where})` },
  };
  return bells[input.kind][input.language];
}

/** A record's e-mail: French then English paragraphs, each followed by the link (text and HTML). */
function bilingualMail(subject: string, fr: readonly string[], en: readonly string[], href: string): MailContent {
  const text = ['Bonjour,', '', ...fr, '', href, '', '—', '', 'Hello,', '', ...en, '', href, ''].join('\n');
  const paragraph = (content: string) => `<p>${escapeHtml(content)}</p>`;
  const link = `<p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
  const html = [
    '<!doctype html><html><body>',
    '<div lang="fr">',
    paragraph('Bonjour,'),
    ...fr.map(paragraph),
    link,
    '</div><hr>',
    '<div lang="en">',
    paragraph('Hello,'),
    ...en.map(paragraph),
    link,
    '</div>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A record's e-mail in one language: its subject and its paragraphs. */
type ReaderTexts = Record<Language, { subject: string; lines: readonly string[] }>;

const GREETING: Record<Language, string> = { fr: 'Bonjour,', en: 'Hello,' };

/** A record's e-mail in its reader's language (the account's: accounts.language), its paragraphs then the link (text and HTML). */
function readerMail(language: Language, texts: ReaderTexts, href: string): MailContent {
  const { subject, lines } = texts[language];
  const text = [GREETING[language], '', ...lines, '', href, ''].join('\n');
  const paragraph = (content: string) => `<p>${escapeHtml(content)}</p>`;
  const html = [
    '<!doctype html><html><body>',
    `<div lang="${language}">`,
    paragraph(GREETING[language]),
    ...lines.map(paragraph),
    `<p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`,
    '</div>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export interface InspectionMailInput {
  /** `reminder`: due soon, to its assignee; `overdue`: past due, to its assignee and its planner. */
  kind: 'reminder' | 'overdue';
  templateName: string;
  siteName: string | null;
  assigneeName: string;
  /** The due time, already written in Paris time in each language. */
  due: Record<Language, string>;
  link: string;
  /** The reader's language. */
  language: Language;
}

/** The e-mail of a scheduled inspection's reminder or overdue notice, in its reader's language. */
export function inspectionMail(input: InspectionMailInput): MailContent {
  const template = oneLine(input.templateName);
  const where = input.siteName ? oneLine(input.siteName) : null;
  const who = oneLine(input.assigneeName);
  if (input.kind === 'reminder') {
    return readerMail(
      input.language,
      {
        fr: {
          subject: `Vigie : inspection « ${template} » à réaliser avant le ${input.due.fr}`,
          lines: [`L’inspection « ${template} »${where ? ` du site ${where}` : ''} vous est attribuée : elle est à réaliser avant le ${input.due.fr}.`],
        },
        en: { subject: `Vigie: inspection "${template}" due ${input.due.en}`, lines: [`The inspection "${template}"${where ? ` of ${where}` : ''} is assigned to you: it is due ${input.due.en}.`] },
      },
      input.link,
    );
  }
  return readerMail(
    input.language,
    {
      fr: {
        subject: `Vigie : inspection « ${template} » en retard`,
        lines: [`L’inspection « ${template} »${where ? ` du site ${where}` : ''}, attribuée à ${who}, devait être réalisée avant le ${input.due.fr} : elle est en retard.`],
      },
      en: { subject: `Vigie: inspection "${template}" overdue`, lines: [`The inspection "${template}"${where ? ` of ${where}` : ''}, assigned to ${who}, was due ${input.due.en}: it is overdue.`] },
    },
    input.link,
  );
}

export interface ActionMailInput {
  /** `reminder`: due soon, to its assignee; `overdue`: past due, to its assignee and its plan's owner. */
  kind: 'reminder' | 'overdue';
  title: string;
  siteName: string | null;
  assigneeName: string;
  /** The due day, already written in each language. */
  due: Record<Language, string>;
  link: string;
  /** The reader's language. */
  language: Language;
}

/** The e-mail of an action's reminder or overdue notice, in its reader's language. */
export function actionMail(input: ActionMailInput): MailContent {
  const title = oneLine(input.title);
  const where = input.siteName ? oneLine(input.siteName) : null;
  const who = oneLine(input.assigneeName);
  if (input.kind === 'reminder') {
    return readerMail(
      input.language,
      {
        fr: {
          subject: `Vigie : action « ${title} » à réaliser pour le ${input.due.fr}`,
          lines: [`L’action « ${title} »${where ? ` sur le site ${where}` : ''} vous est attribuée : elle est à réaliser pour le ${input.due.fr}.`],
        },
        en: { subject: `Vigie: action "${title}" due ${input.due.en}`, lines: [`The action "${title}"${where ? ` at ${where}` : ''} is assigned to you: it is due ${input.due.en}.`] },
      },
      input.link,
    );
  }
  return readerMail(
    input.language,
    {
      fr: {
        subject: `Vigie : action « ${title} » en retard`,
        lines: [`L’action « ${title} »${where ? ` sur le site ${where}` : ''}${who ? `, attribuée à ${who},` : ''} était à réaliser pour le ${input.due.fr} : elle est en retard.`],
      },
      en: { subject: `Vigie: action "${title}" overdue`, lines: [`The action "${title}"${where ? ` at ${where}` : ''}${who ? `, assigned to ${who},` : ''} was due ${input.due.en}: it is overdue.`] },
    },
    input.link,
  );
}

export interface SharedReportMailInput {
  /** The link's public address (the PDF). */
  link: string;
  expiresAt: Date;
  /** Who sends it (the recipients should know who writes to them). */
  sender: string;
}

/**
 * The e-mail of an inspection report's share link, in French then English: who sends it, the
 * link and its expiry (in UTC, said so: the recipients may be anywhere), nothing else of the
 * report (no template, site, score or answer: the link is the only way to it).
 */
export function sharedReportMail(input: SharedReportMailInput): MailContent {
  const sender = oneLine(input.sender);
  return bilingualMail(
    'Vigie : un rapport d’inspection vous est transmis / An inspection report is shared with you',
    [`${sender} vous transmet un rapport d’inspection par Vigie.`, `Le lien ci-dessous permet de le télécharger (PDF) jusqu’au ${formatDate(input.expiresAt, 'fr-FR')}.`],
    [`${sender} shares an inspection report with you through Vigie.`, `The link below downloads it (PDF) until ${formatDate(input.expiresAt, 'en-US')}.`],
    input.link,
  );
}

export interface ContractMailInput {
  /** `notice`: the last day to give notice comes; `end`: the contract's term ends. */
  kind: 'notice' | 'end';
  title: string;
  supplierName: string;
  /** The deadline, as each language writes it. */
  deadline: { fr: string; en: string };
  /** Days left until the deadline. */
  days: number;
  link: string;
  language: Language;
}

/** A contract's reminder to its manager, in the manager's language (the Contracts job). */
export function contractMail(input: ContractMailInput): MailContent {
  const title = oneLine(input.title);
  const supplier = oneLine(input.supplierName);
  const texts: Record<'notice' | 'end', ReaderTexts> = {
    notice: {
      fr: {
        subject: `Vigie : préavis du contrat « ${title} » avant le ${input.deadline.fr}`,
        lines: [`Le préavis du contrat « ${title} » (${supplier}) est à donner au plus tard le ${input.deadline.fr}, dans ${input.days} jour(s). Sans préavis, le contrat se renouvelle ou prend fin à son terme.`],
      },
      en: {
        subject: `Vigie: notice for contract "${title}" due ${input.deadline.en}`,
        lines: [`Notice for the contract "${title}" (${supplier}) must be given by ${input.deadline.en}, in ${input.days} day(s). Without notice, the contract renews or ends at its term.`],
      },
    },
    end: {
      fr: { subject: `Vigie : le contrat « ${title} » arrive à échéance le ${input.deadline.fr}`, lines: [`Le contrat « ${title} » (${supplier}) arrive à échéance le ${input.deadline.fr}, dans ${input.days} jour(s).`] },
      en: { subject: `Vigie: contract "${title}" ends ${input.deadline.en}`, lines: [`The contract "${title}" (${supplier}) ends ${input.deadline.en}, in ${input.days} day(s).`] },
    },
  };
  return readerMail(input.language, texts[input.kind], input.link);
}
