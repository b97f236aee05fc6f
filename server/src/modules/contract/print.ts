/**
 * A contract printed as a PDF (GET /api/contract/contracts/:id/pdf?lang=fr|en), with the
 * platform's kit (_platform/pdf.ts): its parties and terms, its template's fields with their
 * values, then its clauses with every `{{key}}` filled (a date as the language writes it, money
 * in euros, a number with the language's separators; an empty field as a line to fill by hand).
 */
import type { Language } from '../../../../common/constants.js';
import { fillClauses, type Contract, type ContractTemplate, type FieldValue, type TemplateField } from '../../../../common/modules/contract/schemas.js';
import { buildPdf, printDay, printFileName, printNumber } from '../_platform/pdf.js';

const LABELS = {
  fr: {
    locale: 'fr-FR',
    document: 'Contrat',
    supplier: 'Fournisseur',
    reference: 'Référence',
    type: 'Type',
    types: { maintenance: 'Maintenance', regulatoryInspection: 'Vérification périodique réglementaire', supply: 'Fourniture', service: 'Prestation de service' },
    status: 'Statut',
    statuses: { draft: 'Brouillon', active: 'En cours', toRenew: 'À renouveler', terminated: 'Résilié', expired: 'Expiré' },
    sites: 'Sites couverts',
    start: 'Début',
    end: 'Fin',
    renewal: 'Tacite reconduction',
    renewalYes: (months: number) => `Oui, par périodes de ${months} mois`,
    no: 'Non',
    notice: 'Préavis',
    noticeDays: (days: number) => `${days} jour(s)`,
    termEnd: 'Fin de la période en cours',
    noticeOn: 'Date limite de préavis',
    amount: 'Montant',
    manager: 'Gestionnaire',
    fields: 'Conditions particulières',
    clauses: 'Clauses',
    template: 'Modèle',
    empty: '—',
    blank: '________',
    imageMissing: (name: string) => `[image illisible : ${name}]`,
    page: (n: number, total: number) => `Page ${n} sur ${total}`,
    printed: (at: string) => `Imprimé le ${at} (heure de Paris)`,
  },
  en: {
    locale: 'en-GB',
    document: 'Contract',
    supplier: 'Supplier',
    reference: 'Reference',
    type: 'Type',
    types: { maintenance: 'Maintenance', regulatoryInspection: 'Periodic regulatory inspection', supply: 'Supply', service: 'Service' },
    status: 'Status',
    statuses: { draft: 'Draft', active: 'Active', toRenew: 'To renew', terminated: 'Terminated', expired: 'Expired' },
    sites: 'Sites covered',
    start: 'Start',
    end: 'End',
    renewal: 'Tacit renewal',
    renewalYes: (months: number) => `Yes, for periods of ${months} months`,
    no: 'No',
    notice: 'Notice period',
    noticeDays: (days: number) => `${days} day(s)`,
    termEnd: 'Current term ends',
    noticeOn: 'Notice deadline',
    amount: 'Amount',
    manager: 'Manager',
    fields: 'Particular conditions',
    clauses: 'Clauses',
    template: 'Template',
    empty: '—',
    blank: '________',
    imageMissing: (name: string) => `[unreadable image: ${name}]`,
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    printed: (at: string) => `Printed on ${at} (Paris time)`,
  },
} as const;

/** Euros from cents, in the language's form. */
export const money = (locale: string, cents: number): string => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A field's value as printed. */
export function fieldText(language: Language, field: Pick<TemplateField, 'kind'>, value: FieldValue | undefined): string | undefined {
  const t = LABELS[language];
  if (value === null || value === undefined || value === '') return undefined;
  if (field.kind === 'date' && typeof value === 'string') return printDay(t.locale, value);
  if (field.kind === 'money' && typeof value === 'number') return money(t.locale, value);
  if (field.kind === 'number' && typeof value === 'number') return printNumber(t.locale, value);
  return String(value);
}

export const contractFileName = (contract: Pick<Contract, 'id' | 'title'>): string => printFileName('contrat', contract.title, contract.id);

export async function contractPdf(input: { contract: Contract; template: ContractTemplate | null; language: Language; printedAt: Date }): Promise<Buffer> {
  const { contract: c, template, language } = input;
  const t = LABELS[language];
  return buildPdf(
    { title: c.title, subject: `${t.document} ${c.id}`, labels: t, printedAt: input.printedAt, attachments: [], imageIds: [], image: async () => null },
    ({ title, heading, row, paragraph }) => {
      title(t.document, c.title);
      row(t.supplier, c.supplierName);
      row(t.reference, c.reference);
      row(t.type, t.types[c.type]);
      row(t.status, t.statuses[c.status]);
      row(t.sites, c.sites.map((s) => s.name).join(', '));
      row(t.start, c.startOn ? printDay(t.locale, c.startOn) : '');
      row(t.end, c.endOn ? printDay(t.locale, c.endOn) : '');
      row(t.renewal, c.tacitRenewal ? t.renewalYes(c.renewalMonths ?? 12) : t.no);
      row(t.notice, t.noticeDays(c.noticeDays));
      if (c.termEndOn && c.termEndOn !== c.endOn) row(t.termEnd, printDay(t.locale, c.termEndOn));
      row(t.noticeOn, c.noticeOn ? printDay(t.locale, c.noticeOn) : '');
      row(t.amount, c.amountCents === null ? '' : money(t.locale, c.amountCents));
      row(t.manager, c.ownerName);
      if (template) {
        row(t.template, template.name);
        if (template.fields.length > 0) {
          heading(t.fields);
          for (const field of template.fields) row(field.label, fieldText(language, field, c.fieldValues[field.key]) ?? '');
        }
        if (template.clauses.trim()) {
          heading(t.clauses);
          const byKey = new Map(template.fields.map((f) => [f.key, f]));
          paragraph(null, fillClauses(template.clauses, (key) => {
            const field = byKey.get(key);
            return field ? (fieldText(language, field, c.fieldValues[key]) ?? t.blank) : undefined;
          }));
        }
      }
      if (c.notes.trim()) paragraph(null, c.notes);
    },
  );
}
