/**
 * The prevention plan as a share link shows it (_platform/shareables.ts, kind `preventionPlan`):
 * the intervention's company, site, dates and workers, each section of the plan with its title in
 * the reader's language, and the signatures of its current version, with their pictures as the
 * shared files. An intervention of another district, or deleted, is null.
 */
import { PLAN_SECTION_KEYS, type PlanSection } from '../../../../../common/modules/thirdParty/companies.js';
import type { Queryable } from '../../../db/types.js';
import type { ShareableKind, SharedFile } from '../../_platform/shareables.js';

type Language = 'fr' | 'en';
type SectionKey = (typeof PLAN_SECTION_KEYS)[number];

const WORDS: Record<Language, Record<SectionKey | 'company' | 'site' | 'dates' | 'workers' | 'version' | 'district' | 'companySigner' | 'notSigned' | 'title', string>> = {
  fr: {
    title: 'Plan de prévention',
    risks: 'Risques et risques interférents',
    measures: 'Mesures de prévention',
    emergency: 'Consignes d’urgence',
    assembly: 'Points de rassemblement',
    company: 'Entreprise extérieure',
    site: 'Site',
    dates: 'Dates',
    workers: 'Intervenants',
    version: 'Version du plan',
    district: 'Signature de l’entreprise utilisatrice',
    companySigner: 'Signature de l’entreprise extérieure',
    notSigned: 'à signer',
  },
  en: {
    title: 'Prevention plan',
    risks: 'Risks and interfering risks',
    measures: 'Prevention measures',
    emergency: 'Emergency instructions',
    assembly: 'Assembly points',
    company: 'Outside company',
    site: 'Site',
    dates: 'Dates',
    workers: 'Workers',
    version: 'Plan version',
    district: 'Host company’s signature',
    companySigner: 'Outside company’s signature',
    notSigned: 'to be signed',
  },
};

/** A section's title in `language`: the template's by key, a custom one as written. */
export const sectionTitle = (section: PlanSection, language: Language): string =>
  (PLAN_SECTION_KEYS as readonly string[]).includes(section.key) && section.title === '' ? WORDS[language][section.key as SectionKey] : section.title || section.key;

const day = (value: string, language: Language) => new Date(`${value}T12:00:00Z`).toLocaleDateString(language === 'fr' ? 'fr-FR' : 'en-GB', { timeZone: 'UTC' });
const moment = (value: Date, language: Language) => value.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-GB', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });

export const preventionPlanShareable: ShareableKind = {
  kind: 'preventionPlan',
  read: async (db: Queryable, districtId: string, id: string, language: Language) => {
    const { rows } = await db.query<{
      name: string;
      site_id: string;
      site_name: string | null;
      company_name: string | null;
      starts_on: string;
      ends_on: string;
      plan_sections: PlanSection[];
      plan_version: number;
      workers: string | null;
    }>(
      `select t.name, t.site_id, s.name as site_name, c.name as company_name, t.starts_on::text as starts_on, t.ends_on::text as ends_on, t.plan_sections, t.plan_version,
         (select string_agg(w.name, ', ' order by vigie_fold(w.name)) from tp_workers w where w.id = any(t.worker_ids) and w.deleted_at is null) as workers
       from tp_interventions t left join sites s on s.id = t.site_id left join tp_companies c on c.id = t.company_id
       where t.id = $1 and t.district_id = $2 and t.deleted_at is null`,
      [id, districtId],
    );
    const row = rows[0];
    if (!row) return null;
    const words = WORDS[language];
    const { rows: signatures } = await db.query<{ role: string; name: string; signed_at: Date; attachment_id: string; type: string | null; size: string | number | null; updated_at: Date | null }>(
      `select g.role, g.name, g.signed_at, g.attachment_id, a.type, a.size, a.completed_at as updated_at
       from tp_plan_signatures g left join attachments a on a.id = g.attachment_id and a.district_id = g.district_id and a.state = 'complete' and a.deleted_at is null
       where g.intervention_id = $1 and g.plan_version = $2 and g.deleted_at is null order by g.role desc`,
      [id, row.plan_version],
    );
    const signed = (role: string) => {
      const s = signatures.find((g) => g.role === role);
      return s ? `${s.name}, ${moment(new Date(s.signed_at), language)}` : words.notSigned;
    };
    const files: SharedFile[] = signatures
      .filter((s) => s.type !== null)
      .map((s) => ({
        attachmentId: s.attachment_id,
        name: `${s.role === 'district' ? words.district : words.companySigner} – ${s.name}.png`,
        type: s.type!,
        size: Number(s.size ?? 0),
        path: '',
        updatedAt: new Date(s.updated_at ?? s.signed_at).toISOString(),
      }));
    return {
      title: `${words.title} – ${row.name}`,
      siteId: row.site_id,
      fields: [
        { label: words.company, value: row.company_name ?? '' },
        { label: words.site, value: row.site_name ?? '' },
        { label: words.dates, value: `${day(row.starts_on, language)} – ${day(row.ends_on, language)}` },
        { label: words.workers, value: row.workers ?? '' },
        ...row.plan_sections.map((section) => ({ label: sectionTitle(section, language), value: section.body })),
        { label: words.version, value: String(row.plan_version) },
        { label: words.district, value: signed('district') },
        { label: words.companySigner, value: signed('company') },
      ],
      files,
    };
  },
};
