/**
 * The e-mails of a share link, in the language the sharer chose for the recipient (fr or en):
 * the link itself (sent when the link is made), and the one-time code the viewer asks for.
 */
import type { MailContent } from '../../../mail/messages.js';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

const formatDate = (date: Date, language: 'fr' | 'en'): string =>
  `${new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(date)} UTC`;

export interface LinkMailInput {
  language: 'fr' | 'en';
  recipientName: string;
  senderName: string;
  siteName: string;
  link: string;
  expiresAt: Date;
  message: string;
  otp: boolean;
}

export function linkMail(input: LinkMailInput): MailContent {
  const site = oneLine(input.siteName);
  const when = formatDate(input.expiresAt, input.language);
  const fr = input.language === 'fr';
  const subject = fr ? `Vigie : ${oneLine(input.senderName)} partage avec vous des informations du site ${site}` : `Vigie: ${oneLine(input.senderName)} shares information of the site ${site} with you`;
  const lines = fr
    ? [
        `Bonjour ${input.recipientName},`,
        '',
        `${input.senderName} partage avec vous des informations du site « ${site} ».`,
        ...(input.message.trim() ? ['', input.message.trim()] : []),
        '',
        `Ouvrir le partage : ${input.link}`,
        `Ce lien est valable jusqu’au ${when}.`,
        ...(input.otp ? ['Un code à usage unique vous sera envoyé par e-mail à son ouverture.'] : []),
        '',
        'Ce lien vous est personnel : ne le transmettez pas.',
      ]
    : [
        `Hello ${input.recipientName},`,
        '',
        `${input.senderName} shares information of the site “${site}” with you.`,
        ...(input.message.trim() ? ['', input.message.trim()] : []),
        '',
        `Open the share: ${input.link}`,
        `This link is valid until ${when}.`,
        ...(input.otp ? ['A one-time code will be e-mailed to you when you open it.'] : []),
        '',
        'This link is yours alone: do not forward it.',
      ];
  const html = lines
    .map((line) => (line === '' ? '' : line.includes(input.link) ? `<p><a href="${escapeHtml(input.link)}">${escapeHtml(line.replace(input.link, '').replace(/[:：]\s*$/, ''))}</a></p>` : `<p>${escapeHtml(line)}</p>`))
    .join('\n');
  return { subject, text: lines.join('\n'), html };
}

export function codeMail(input: { language: 'fr' | 'en'; code: string; siteName: string; minutes: number }): MailContent {
  const fr = input.language === 'fr';
  const site = oneLine(input.siteName);
  const subject = fr ? `Vigie : votre code d’accès ${input.code}` : `Vigie: your access code ${input.code}`;
  const lines = fr
    ? [`Votre code d’accès au partage du site « ${site} » : ${input.code}`, '', `Il est valable ${input.minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail.`]
    : [`Your access code to the share of the site “${site}”: ${input.code}`, '', `It is valid for ${input.minutes} minutes. If you did not ask for it, ignore this e-mail.`];
  return { subject, text: lines.join('\n'), html: lines.map((l) => (l === '' ? '' : `<p>${escapeHtml(l)}</p>`)).join('\n') };
}
