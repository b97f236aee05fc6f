/**
 * A dashboard printed (POST /api/synthesisBuilder/dashboard.pdf): its title, its filters, then
 * each card computed now, as a table of its rows (its fields, its measures, the totals) with a
 * bar of the first measure beside each row. In the reader's language (Accept-Language: fr or
 * en); the words of fields, values and measures come from here, the cards' titles from the app
 * (as the reader saw them).
 */
import type { SynthesisPdfBody, SynthesisResult } from '../../../../common/modules/synthesis/schemas.js';
import type { Language } from '../../../../common/constants.js';
import { buildPdf, printDay, printNumber, printable, type KitLabels } from '../_platform/pdf.js';

const WORDS: Record<Language, { kind: string; period: string; site: string; siteType: string; total: string; none: string; all: string; computed: string; truncated: string; fields: Record<string, string>; measures: Record<string, string>; values: Record<string, string> }> = {
  fr: {
    kind: 'Synthèse',
    period: 'Période',
    site: 'Site',
    siteType: 'Type de site',
    total: 'Total',
    none: '(aucun)',
    all: 'Toutes',
    computed: 'Calculé le',
    truncated: 'Les 500 premières lignes seulement.',
    fields: { site: 'Site', siteType: 'Type de site', template: 'Formulaire', severity: 'Gravité', status: 'Statut', assignee: 'Responsable', month: 'Mois', plan: "Plan d'action", priority: 'Priorité', family: 'Famille' },
    measures: { count: 'Nombre', seriousRate: '% graves', closedRate: '% clôturées', overdue: 'En retard', overdueRate: '% en retard', doneRate: '% terminées', submitted: 'Soumises', averageScore: 'Score moyen (%)', failedRate: '% en échec', failedItems: 'Points non conformes' },
    values: { low: 'Faible', medium: 'Moyenne', high: 'Élevée', critical: 'Critique', new: 'Nouvelle', acknowledged: 'Prise en compte', investigating: 'En analyse', closed: 'Clôturée', todo: 'À faire', inProgress: 'En cours', done: 'Terminée', verified: 'Vérifiée', cancelled: 'Annulée', normal: 'Normale', submitted: 'Soumise', questionnary: 'Questionnaire', securesphere: 'Securesphere' },
  },
  en: {
    kind: 'Synthesis',
    period: 'Period',
    site: 'Site',
    siteType: 'Site type',
    total: 'Total',
    none: '(none)',
    all: 'All',
    computed: 'Computed on',
    truncated: 'The first 500 rows only.',
    fields: { site: 'Site', siteType: 'Site type', template: 'Form', severity: 'Severity', status: 'Status', assignee: 'Assignee', month: 'Month', plan: 'Action plan', priority: 'Priority', family: 'Family' },
    measures: { count: 'Count', seriousRate: '% serious', closedRate: '% closed', overdue: 'Overdue', overdueRate: '% overdue', doneRate: '% done', submitted: 'Submitted', averageScore: 'Average score (%)', failedRate: '% failed', failedItems: 'Failed items' },
    values: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical', new: 'New', acknowledged: 'Acknowledged', investigating: 'Investigating', closed: 'Closed', todo: 'To do', inProgress: 'In progress', done: 'Done', verified: 'Verified', cancelled: 'Cancelled', normal: 'Normal', submitted: 'Submitted', questionnary: 'Questionnaire', securesphere: 'Securesphere' },
  },
};

const KIT: Record<Language, KitLabels> = {
  fr: { locale: 'fr-FR', empty: '—', imageMissing: (n) => `Image illisible : ${n}`, page: (n, t) => `Page ${n} / ${t}`, printed: (at) => `Imprimé le ${at}` },
  en: { locale: 'en-GB', empty: '—', imageMissing: (n) => `Unreadable image: ${n}`, page: (n, t) => `Page ${n} of ${t}`, printed: (at) => `Printed on ${at}` },
};

/** How a grouped key reads: a month in words, a known value in the language, a name as it is. */
function keyText(language: Language, field: string, key: { value: string; label: string }): string {
  const w = WORDS[language];
  if (key.value === '') return w.none;
  if (field === 'month') return new Intl.DateTimeFormat(KIT[language].locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${key.value}-01T00:00:00Z`));
  return w.values[key.value] ?? key.label ?? key.value;
}

export async function dashboardPdf(language: Language, body: SynthesisPdfBody, results: readonly SynthesisResult[], siteNames: { site?: string; siteType?: string }, printedAt: Date): Promise<Buffer> {
  const w = WORDS[language];
  const labels = KIT[language];
  const num = (n: number | null) => (n === null ? labels.empty : printNumber(labels.locale, n, 2));
  return buildPdf({ title: body.title, subject: w.kind, labels, printedAt, attachments: [], imageIds: [], image: async () => null }, (kit) => {
    kit.title(w.kind, printable(body.title));
    const f = body.filters;
    kit.row(w.period, f.from || f.to ? `${f.from ? printDay(labels.locale, f.from) : '…'} – ${f.to ? printDay(labels.locale, f.to) : '…'}` : w.all);
    if (f.site) kit.row(w.site, printable(siteNames.site ?? f.site));
    if (f.siteType) kit.row(w.siteType, printable(siteNames.siteType ?? f.siteType));
    body.cards.forEach((card, index) => {
      const result = results[index]!;
      kit.ensure(80);
      kit.heading(printable(card.title));
      const measureNames = result.measures.map((m) => w.measures[m] ?? m);
      if (result.groupBy.length === 0) {
        result.measures.forEach((_, i) => kit.row(measureNames[i]!, num(result.totals[i] ?? null)));
        return;
      }
      const max = Math.max(0, ...result.rows.map((r) => r.values[0] ?? 0));
      for (const row of result.rows) {
        const label = row.keys.map((k, i) => keyText(language, result.groupBy[i]!, k)).join(' · ');
        kit.ensure(16);
        const values = row.values.map((v, i) => `${measureNames[i]} ${num(v)}`).join('   ');
        const y = kit.doc.y;
        kit.row(printable(label), values);
        const first = row.values[0] ?? 0;
        if (max > 0 && first > 0) {
          kit.doc.save().rect(kit.doc.page.width - 50 - 80, y + 2, (80 * first) / max, 6).fill('#3b82f6').restore();
        }
      }
      kit.row(w.total, result.totals.map((v, i) => `${measureNames[i]} ${num(v)}`).join('   '));
      if (result.truncated) kit.note(w.truncated, '#92400e', 9);
    });
  });
}
