/** The workflows' e-mails, in the reader's language: an instance waits on them, its reminder, its escalation. */
import type { Language } from '../../../../common/constants.js';
import type { MailContent } from '../../mail/messages.js';

export interface WorkflowMailInput {
  kind: 'waiting' | 'reminder' | 'escalation';
  title: string;
  /** The state's label in the reader's language. */
  state: string;
  link: string;
  language: Language;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

const TEXTS: Record<WorkflowMailInput['kind'], Record<Language, (title: string, state: string) => { subject: string; line: string }>> = {
  waiting: {
    fr: (t, s) => ({ subject: `Vigie : « ${t} » attend votre action`, line: `« ${t} » est à l’étape « ${s} » et attend votre action (approuver, refuser ou agir).` }),
    en: (t, s) => ({ subject: `Vigie: "${t}" is waiting on you`, line: `"${t}" is at the step "${s}" and waits on you (approve, refuse or act).` }),
  },
  reminder: {
    fr: (t, s) => ({ subject: `Vigie : rappel, « ${t} » attend votre action`, line: `Rappel : « ${t} » est toujours à l’étape « ${s} » et attend votre action.` }),
    en: (t, s) => ({ subject: `Vigie: reminder, "${t}" is waiting on you`, line: `Reminder: "${t}" is still at the step "${s}" and waits on you.` }),
  },
  escalation: {
    fr: (t, s) => ({ subject: `Vigie : délai dépassé pour « ${t} »`, line: `Le délai de l’étape « ${s} » de « ${t} » est dépassé : il vous est signalé.` }),
    en: (t, s) => ({ subject: `Vigie: deadline passed for "${t}"`, line: `The deadline of the step "${s}" of "${t}" has passed: it is escalated to you.` }),
  },
};

const GREETING: Record<Language, string> = { fr: 'Bonjour,', en: 'Hello,' };

export function workflowMail(input: WorkflowMailInput): MailContent {
  const { subject, line } = TEXTS[input.kind][input.language](oneLine(input.title), oneLine(input.state));
  const text = [GREETING[input.language], '', line, '', input.link, ''].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<div lang="${input.language}">`,
    `<p>${escapeHtml(GREETING[input.language])}</p>`,
    `<p>${escapeHtml(line)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
    '</div>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
