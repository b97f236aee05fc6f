/**
 * The Contacts module (/api/contact-v2): its own rules only (the generic record core is tested
 * once, in supplier.test.ts). A contact's company and sites are the district's; the list filters
 * by supplier, site and role and searches names, company, phones and e-mails; a site's contacts
 * and the district's emergency ones; the vCard export and import (round trip, an import updating
 * the contact of the same UID, a bad card refused by number); the duplicates (a shared e-mail or
 * phone, +33 read as 0); the merge (site links moved, the other deleted reversibly, both
 * histories); the demo seed's contacts of each site.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactRow, DuplicateGroup, SiteContact, VcardImportResult } from '../../common/modules/contactV2/schemas.js';
import type { HistoryEntry, Page } from '../../common/schemas/platform.js';
import { seedBenchContacts } from '../src/modules/contactV2/bench-seed.js';
import { parseVcards, writeVcard } from '../src/modules/contactV2/vcard.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
/** The district switcher, given contactV2.contactV2_read only. */
let reader: string;
let lyon: string;
let sites: { id: string; name: string }[];
let supplier: { id: string; name: string };

const call = apiCaller(() => server, '/api/contact-v2', () => manager);

/** A marker unique to a test, so its contacts are found among the demo ones. */
const marker = () => `Zq${randomUUID().slice(0, 6)}`;

async function newContact(fields: Record<string, unknown> = {}) {
  const id = randomUUID();
  const answer = await call<Contact>({ method: 'POST', url: '/contacts', payload: { id, lastName: marker(), ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['contactV2.contactV2_read']);
  reader = (await login(server, 'districts@demo.vigie.test')).token;
  const db = await server.databases.client('acme');
  sites = (await db.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name limit 3', [lyon])).rows;
  supplier = (await db.query<{ id: string; name: string }>('select id, name from suppliers where district_id = $1 and deleted_at is null and not archived order by name limit 1', [lyon])).rows[0]!;
});
afterAll(() => server?.destroy());

describe('contacts', () => {
  it('the demo gives each site an emergency contact and a fire safety officer, and suppliers their people', async () => {
    const safety = await call<SiteContact[]>({ url: `/site-contacts?site=${sites[0]!.id}`, token: reader });
    expect(safety.status, safety.text).toBe(200);
    expect(safety.data.map((c) => c.role)).toEqual(['emergency', 'fireSafety']);
    expect(safety.data[0]!.phones[0]!.number).toMatch(/^06 /);
    const people = await call<Page<ContactRow>>({ url: `/contacts?supplier=${supplier.id}` });
    expect(people.data.total).toBeGreaterThanOrEqual(2);
    expect(people.data.items.every((c) => c.supplierName === supplier.name)).toBe(true);
  });

  it('keeps a company and sites of the district only, a name, and a UID defaulting to the id', async () => {
    const contact = await newContact({ firstName: 'Jeanne', supplierId: supplier.id, sites: [{ siteId: sites[0]!.id, role: 'manager' }] });
    expect(contact).toMatchObject({ uid: contact.id, supplierName: supplier.name, siteNames: { [sites[0]!.id]: sites[0]!.name } });
    expect((await call({ method: 'POST', url: '/contacts', payload: { id: randomUUID(), firstName: ' ' } })).body.message).toBe('contactV2.name_required');
    expect((await call({ method: 'POST', url: '/contacts', payload: { id: randomUUID(), lastName: 'X', supplierId: randomUUID() } })).body.message).toBe('contactV2.supplier_not_found');
    expect((await call({ method: 'POST', url: '/contacts', payload: { id: randomUUID(), lastName: 'X', sites: [{ siteId: randomUUID(), role: 'other' }] } })).body.message).toBe('contactV2.site_not_found');
    const twin = await call({ method: 'POST', url: '/contacts', payload: { id: randomUUID(), lastName: 'X', uid: contact.uid } });
    expect([twin.status, twin.body.message]).toEqual([409, 'contactV2.uid_taken']);
    expect((await call({ method: 'POST', url: '/contacts', payload: { id: randomUUID(), lastName: 'X' }, token: reader })).status).toBe(403);
  });

  it('lists by site and role, by supplier, and searches the company, a phone and an e-mail, folded', async () => {
    const name = marker();
    const site = sites[1]!.id;
    const fire = await newContact({ lastName: name, firstName: 'Élise', sites: [{ siteId: site, role: 'fireSafety' }], phones: [{ type: 'mobile', number: '06 11 22 33 44' }], emails: ['elise@exemple.fr'] });
    const other = await newContact({ lastName: name, sites: [{ siteId: site, role: 'other' }], supplierId: supplier.id });
    const ids = async (query: string) => (await call<Page<ContactRow>>({ url: `/contacts?${query}` })).data.items.map((c) => c.id);
    expect(await ids(`search=${name}&site=${site}`)).toEqual(expect.arrayContaining([fire.id, other.id]));
    expect(await ids(`search=${name}&site=${site}&role=fireSafety`)).toEqual([fire.id]);
    expect(await ids(`search=${name}&role=other`)).toEqual([other.id]);
    expect(await ids(`search=${name}&supplier=${supplier.id}`)).toEqual([other.id]);
    expect(await ids(`search=${encodeURIComponent('ELISE ' + name.toLowerCase())}`)).toEqual([fire.id]);
    expect(await ids(`search=${encodeURIComponent('ELISE@exemple')}`)).toContain(fire.id);
    expect(await ids(`search=0611223344`)).toContain(fire.id);
    expect(await ids(`search=${encodeURIComponent(supplier.name.toUpperCase())}`)).toContain(other.id);
    expect((await call({ url: '/contacts?role=boss' })).body.message).toBe('contactV2.invalid_filter');
    const roles = (await call<Page<ContactRow>>({ url: `/contacts?search=${name}&role=fireSafety` })).data.items[0]!.roles;
    expect(roles).toEqual(['fireSafety']);
    // A site's emergency contacts, as the emergency dialog keeps them offline.
    const emergency = await call<SiteContact[]>({ url: '/site-contacts?role=emergency,fireSafety', token: reader });
    expect(emergency.data.some((c) => c.contactId === fire.id && c.siteId === site)).toBe(true);
    expect(emergency.data.some((c) => c.contactId === other.id)).toBe(false);
  });
});

describe('vCard', () => {
  it('reads unfolded lines, escaped commas and semicolons, 3.0 and 2.1 types, and names each bad card', () => {
    const text = [
      'BEGIN:VCARD', 'VERSION:3.0', 'N:Dupont\\, fils;Jean;;;', 'FN:Jean Dupont', 'ORG:Sécurifeu\\; Rhône;Lyon', 'TEL;TYPE=CELL:+33 6 12 34 56 78', 'TEL;WORK;VOICE:04 72 00 00 00',
      'EMAIL;TYPE=INTERNET:jean@exem', ' ple.fr', 'NOTE:Ligne 1\\nLigne 2', 'UID:urn:uuid:abc', 'END:VCARD',
      'BEGIN:VCARD', 'VERSION:4.0', 'EMAIL:x@y.fr', 'END:VCARD',
    ].join('\r\n');
    const { cards, errors } = parseVcards(text);
    expect(cards[0]).toMatchObject({ lastName: 'Dupont, fils', firstName: 'Jean', company: 'Sécurifeu; Rhône', notes: 'Ligne 1\nLigne 2', uid: 'abc', emails: ['jean@exemple.fr'] });
    expect(cards[0]!.phones).toEqual([{ type: 'mobile', number: '+33 6 12 34 56 78' }, { type: 'work', number: '04 72 00 00 00' }]);
    expect(errors.map((e) => e.message)).toEqual(['card 2: no name (FN or N)']);
    const written = writeVcard({ firstName: 'Zoé', lastName: 'Lefèvre; Martin', jobTitle: 'Technicienne, SSIAP 2', supplierName: null, phones: [], emails: [], notes: 'x'.repeat(200), uid: 'u1' });
    expect(written.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(parseVcards(written).cards[0]).toMatchObject({ lastName: 'Lefèvre; Martin', jobTitle: 'Technicienne, SSIAP 2', notes: 'x'.repeat(200) });
  });

  it('exports one or many and imports them back: a card of a known UID updates its contact, the others are created', async () => {
    const name = marker();
    const contact = await newContact({ lastName: name, firstName: 'Marc', jobTitle: 'Technicien', supplierId: supplier.id, phones: [{ type: 'work', number: '04 78 00 00 01' }], emails: ['marc@exemple.fr'] });
    const one = await call({ url: `/contacts/${contact.id}/vcard`, token: reader });
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toContain('text/vcard');
    expect(one.text).toContain(`UID:${contact.id}`);
    expect(one.text).toContain(`ORG:${supplier.name}`);
    const many = await call({ url: `/contacts/export.vcf?search=${name}`, token: reader });
    expect(many.text.match(/BEGIN:VCARD/g)).toHaveLength(1);
    // Round trip: the same file changes nothing.
    const same = await call<VcardImportResult>({ method: 'POST', url: '/import', payload: { vcf: many.text } });
    expect(same.status, same.text).toBe(200);
    expect(same.data).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    // Changed: a new title and a second card.
    const changed = many.text.replace('TITLE:Technicien', 'TITLE:Chef d’équipe') + ['BEGIN:VCARD', 'VERSION:4.0', `FN:Anne ${name}`, 'TEL;TYPE=cell:06 98 76 54 32', 'END:VCARD', ''].join('\r\n');
    const again = await call<VcardImportResult>({ method: 'POST', url: '/import', payload: { vcf: changed } });
    expect(again.data).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
    const after = await call<Contact>({ url: `/contacts/${contact.id}` });
    expect(after.data).toMatchObject({ version: 2, jobTitle: 'Chef d’équipe', supplierId: supplier.id });
    const history = await call<HistoryEntry[]>({ url: `/contacts/${contact.id}/history` });
    expect(history.data[0]!.changes).toEqual([{ field: 'jobTitle', before: 'Technicien', after: 'Chef d’équipe' }]);
    const list = await call<Page<ContactRow>>({ url: `/contacts?search=${name}` });
    expect(list.data.items.map((c) => c.displayName).sort()).toEqual([`Anne ${name}`, `Marc ${name}`]);
    // A bad card: nothing written, each bad card named.
    const bad = await call({ method: 'POST', url: '/import', payload: { vcf: `${changed}BEGIN:VCARD\r\nEMAIL:pas-un-mail\r\nFN:X\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Y\r\n` } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('contactV2.vcard_invalid');
    expect(bad.body.details).toBe('card 3: invalid e-mail "pas-un-mail"\ncard 4: no END:VCARD');
    expect((await call({ method: 'POST', url: '/import', payload: { vcf: changed }, token: reader })).status).toBe(403);
  });
});

describe('duplicates and merge', () => {
  it('groups live contacts sharing an e-mail or a phone (+33 as 0), and merges one into the other reversibly', async () => {
    const name = marker();
    const kept = await newContact({ lastName: name, phones: [{ type: 'mobile', number: '06 55 44 33 22' }], sites: [{ siteId: sites[0]!.id, role: 'emergency' }] });
    const other = await newContact({
      lastName: name,
      firstName: 'Paul',
      jobTitle: 'Gardien',
      phones: [{ type: 'mobile', number: '+33 6 55 44 33 22' }, { type: 'work', number: '04 72 11 11 11' }],
      emails: [`paul.${name.toLowerCase()}@exemple.fr`],
      sites: [{ siteId: sites[0]!.id, role: 'emergency' }, { siteId: sites[2]!.id, role: 'fireSafety' }],
    });
    const groups = await call<DuplicateGroup[]>({ url: '/duplicates' });
    expect(groups.status, groups.text).toBe(200);
    const group = groups.data.find((g) => g.contacts.some((c) => c.id === kept.id));
    expect(group).toMatchObject({ kind: 'phone', key: '0655443322' });
    expect(group!.contacts.map((c) => c.id).sort()).toEqual([kept.id, other.id].sort());
    expect((await call({ url: '/duplicates', token: reader })).status).toBe(403);

    const stale = await call({ method: 'POST', url: `/contacts/${kept.id}/merge`, payload: { baseVersion: 1, otherId: other.id, otherBaseVersion: 5 } });
    expect(stale.body.message).toBe('record.version_conflict');
    expect((await call({ method: 'POST', url: `/contacts/${kept.id}/merge`, payload: { baseVersion: 1, otherId: kept.id, otherBaseVersion: 1 } })).body.message).toBe('contactV2.merge_self');
    const merged = await call<Contact>({ method: 'POST', url: `/contacts/${kept.id}/merge`, payload: { baseVersion: 1, otherId: other.id, otherBaseVersion: 1 } });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.data).toMatchObject({ version: 2, firstName: 'Paul', jobTitle: 'Gardien', emails: [`paul.${name.toLowerCase()}@exemple.fr`] });
    expect(merged.data.phones).toEqual([{ type: 'mobile', number: '06 55 44 33 22' }, { type: 'work', number: '04 72 11 11 11' }]);
    expect(merged.data.sites).toEqual([{ siteId: sites[0]!.id, role: 'emergency' }, { siteId: sites[2]!.id, role: 'fireSafety' }]);
    const onSite = await call<SiteContact[]>({ url: `/site-contacts?site=${sites[2]!.id}&role=fireSafety` });
    expect(onSite.data.map((c) => c.contactId)).toContain(kept.id);
    expect(onSite.data.map((c) => c.contactId)).not.toContain(other.id);
    expect((await call<DuplicateGroup[]>({ url: '/duplicates' })).data.some((g) => g.contacts.some((c) => c.id === kept.id))).toBe(false);

    const keptHistory = (await call<HistoryEntry[]>({ url: `/contacts/${kept.id}/history` })).data[0]!;
    expect(keptHistory.changes).toContainEqual({ field: 'mergedFrom', before: null, after: other.id });
    expect(keptHistory.names?.[other.id]).toBe(`${name} Paul`);
    const otherHistory = (await call<HistoryEntry[]>({ url: `/contacts/${other.id}/history` })).data[0]!;
    expect(otherHistory.action).toBe('delete');
    expect(otherHistory.changes).toContainEqual({ field: 'mergedInto', before: null, after: kept.id });

    const restored = await call<Contact>({ method: 'POST', url: `/contacts/${other.id}/restore`, payload: { baseVersion: 2 } });
    expect(restored.data).toMatchObject({ deletedAt: null, sites: other.sites });
    expect((await call<SiteContact[]>({ url: `/site-contacts?site=${sites[2]!.id}&role=fireSafety` })).data.map((c) => c.contactId)).toEqual(expect.arrayContaining([kept.id, other.id]));
  });
});

describe('bench seed', () => {
  it('writes N contacts in batches, with their history, a supplier for one in two and a site for one in twenty', async () => {
    const acme = await server.databases.client('acme');
    const paris = await districtId(server, 'Paris');
    const actor = await accountId(server, 'operator@demo.vigie.test');
    const count = async (sql: string) => (await acme.query<{ n: number }>(sql, [paris])).rows[0]!.n;
    const before = await count('select count(*)::int as n from contacts where district_id = $1');
    const links = 'select count(*)::int as n from contact_sites cs join contacts c on c.id = cs.contact_id where c.district_id = $1';
    const linksBefore = await count(links);
    expect(await seedBenchContacts(acme, paris, actor, 1_500)).toBe(1_500);
    expect(await count('select count(*)::int as n from contacts where district_id = $1')).toBe(before + 1_500);
    expect(await count(`select count(*)::int as n from record_history where district_id = $1 and module = 'contacts'`)).toBeGreaterThanOrEqual(1_500);
    expect(await count(links)).toBe(linksBefore + 75);
    expect(await count('select count(*)::int as n from contacts where district_id = $1 and supplier_id is not null')).toBeGreaterThanOrEqual(750);
  });
});
