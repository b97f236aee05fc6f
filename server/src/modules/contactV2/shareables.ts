/**
 * What a third-party share link may share of the contacts (_platform/shareables.ts): `contacts`,
 * the contacts linked to a site (contact_sites), with their role, telephones and e-mails, read
 * when the link is opened. The item's id is the site's; archived and deleted contacts are left out.
 */
import { registerShareable } from '../_platform/shareables.js';

const ROLES = {
  fr: { emergency: 'Urgence', fireSafety: 'Sécurité incendie', manager: 'Responsable', other: 'Autre', title: 'Contacts du site' },
  en: { emergency: 'Emergency', fireSafety: 'Fire safety', manager: 'Manager', other: 'Other', title: 'Site contacts' },
} as const;

export function registerContactShareables(): void {
  registerShareable({
    kind: 'contacts',
    read: async (db, districtId, id, language) => {
      const { rows: site } = await db.query<{ name: string }>('select name from sites where id = $1 and district_id = $2 and deleted_at is null', [id, districtId]);
      if (!site[0]) return null;
      const { rows } = await db.query<{ first_name: string; last_name: string; job_title: string; phones: { number?: string; value?: string }[]; emails: string[]; roles: string[] }>(
        `select c.first_name, c.last_name, c.job_title, c.phones, c.emails, array_agg(cs.role order by cs.role) as roles
           from contact_sites cs join contacts c on c.id = cs.contact_id
          where cs.site_id = $1 and c.district_id = $2 and c.deleted_at is null and not c.archived
          group by c.id order by lower(c.last_name), lower(c.first_name), c.id`,
        [id, districtId],
      );
      const words = ROLES[language];
      const fields = rows.map((c) => {
        const phones = (Array.isArray(c.phones) ? c.phones : []).map((p) => p.number ?? p.value ?? '').filter((p) => p !== '');
        const roles = c.roles.map((role) => words[role as keyof typeof words] ?? role).join(', ');
        const name = `${c.first_name} ${c.last_name}`.trim();
        return { label: [name, c.job_title, roles].filter((v) => v !== '').join(' · '), value: [...phones, ...c.emails].join(' · ') };
      });
      return { title: `${words.title} ${site[0].name}`, siteId: id, fields, files: [] };
    },
  });
}
