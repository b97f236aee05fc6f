/**
 * The Contacts demo data for one district (seed/demo.ts calls it inside the district's
 * transaction, after the Suppliers' and the Sites'), in French: two or three people for each
 * demo supplier (chargé d'affaires, technicien, responsable d'agence…), and for each demo site an
 * emergency contact and a fire safety officer, with mobile phones (06…) and e-mails. Written in
 * one multi-row insert; the site links follow from the contacts' `site_links` (the trigger).
 */
import { randomUUID } from 'node:crypto';
import type { ContactPhone, ContactSiteLink } from '../../../../common/modules/contactV2/schemas.js';
import type { DistrictSeed } from '../_platform/module.js';
import { writeCreationHistories } from '../_platform/records.js';
import { CONTACT_MODULE } from './repository.js';

export const FIRST_NAMES = ['Camille', 'Julien', 'Sophie', 'Nicolas', 'Émilie', 'Thomas', 'Léa', 'Antoine', 'Manon', 'Mathieu', 'Chloé', 'Pierre', 'Inès', 'Romain', 'Sarah', 'Hugo', 'Laura', 'Maxime', 'Claire', 'Lucas', 'Élodie', 'Karim', 'Nadia', 'Vincent'];
export const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Chevalier', 'Faure', 'Benali'];
const SUPPLIER_FUNCTIONS = ["Chargé d'affaires", 'Technicien', "Responsable d'agence", 'Assistante commerciale', 'Chef de chantier'];

const slug = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
/** A French mobile number from a seed number: 06 then four pairs. */
export const mobileOf = (n: number) => `06 ${[0, 1, 2, 3].map((i) => String((n * (7 + i * 13) + i * 17) % 100).padStart(2, '0')).join(' ')}`;

interface Seeded {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  supplierId: string | null;
  phones: ContactPhone[];
  emails: string[];
  sites: ContactSiteLink[];
}

export async function seedContacts({ tx, districtId, actorId }: DistrictSeed): Promise<void> {
  const { rows: suppliers } = await tx.query<{ id: string; name: string; email: string; phone: string }>(
    'select id, name, email, phone from suppliers where district_id = $1 and deleted_at is null order by name',
    [districtId],
  );
  const { rows: sites } = await tx.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name', [districtId]);
  const people: Seeded[] = [];
  let n = 0;
  const person = (jobTitle: string, supplierId: string | null, domain: string, sitesOf: ContactSiteLink[], work?: string) => {
    n += 1;
    const firstName = FIRST_NAMES[(n * 7) % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(n * 11) % LAST_NAMES.length]!;
    const phones: ContactPhone[] = [{ type: 'mobile', number: mobileOf(n) }];
    if (work) phones.push({ type: 'work', number: work });
    people.push({ id: randomUUID(), firstName, lastName, jobTitle, supplierId, phones, emails: [`${slug(firstName)}.${slug(lastName)}@${domain}`], sites: sitesOf });
  };
  for (const [i, supplier] of suppliers.entries()) {
    const domain = supplier.email.split('@')[1] ?? `${slug(supplier.name)}.fr`;
    for (let k = 0; k < 2 + (i % 2); k += 1) person(SUPPLIER_FUNCTIONS[(i + k) % SUPPLIER_FUNCTIONS.length]!, supplier.id, domain, [], k === 0 ? supplier.phone : undefined);
  }
  for (const site of sites) {
    person('Responsable sécurité du site', null, 'vigie-demo.fr', [{ siteId: site.id, role: 'emergency' }]);
    person('Chargé de sécurité incendie (SSIAP)', null, 'vigie-demo.fr', [{ siteId: site.id, role: 'fireSafety' }]);
  }
  if (people.length === 0) return;
  const at = new Date(Date.now() - 120 * 86_400_000).toISOString();
  const col = <T>(f: (p: Seeded) => T) => people.map(f);
  await tx.query(
    `insert into contacts (id, district_id, first_name, last_name, name, job_title, supplier_id, phones, emails, uid, site_links, search_text, created_at, created_by, updated_at, updated_by)
     select id, $1, first_name, last_name, last_name || ' ' || first_name, job_title, supplier_id, phones::jsonb, array[email], id::text, site_links::jsonb,
            first_name || ' ' || last_name || ' ' || job_title || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'), $2, $3, $2, $3
       from unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[])
         as t(id, first_name, last_name, job_title, supplier_id, phones, email, site_links, phone)`,
    [
      districtId,
      at,
      actorId,
      col((p) => p.id),
      col((p) => p.firstName),
      col((p) => p.lastName),
      col((p) => p.jobTitle),
      col((p) => p.supplierId),
      col((p) => JSON.stringify(p.phones)),
      col((p) => p.emails[0]!),
      col((p) => JSON.stringify(p.sites)),
      col((p) => p.phones[0]!.number),
    ],
  );
  await writeCreationHistories(tx, {
    module: CONTACT_MODULE,
    districtId,
    actorId,
    ids: col((p) => p.id),
    changes: col((p) =>
      JSON.stringify([
        { field: 'firstName', before: null, after: p.firstName },
        { field: 'lastName', before: null, after: p.lastName },
        ...(p.sites.length > 0 ? [{ field: 'sites', before: null, after: p.sites }] : []),
      ]),
    ),
    at: col(() => at),
  });
}
