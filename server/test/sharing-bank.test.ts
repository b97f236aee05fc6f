/**
 * The Sharing bank (/api/sharing-bank): a resource published to the district or to a group (who
 * sees it), read and acknowledged per version (a new version asks again), the acknowledgement
 * board, reminders (manual and scheduled, each once per version, in each reader's language), a
 * template shared with the client's other districts and imported there once (refused across
 * clients), and the rights (a reader reads and acknowledges; publishing, boards, reminders and
 * groups are the admin's; an import asks the target module's template right).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, Group, ImportAnswer, RemindAnswer, Resource, ResourceRow, SharedTemplate } from '../../common/modules/sharingBank/schemas.js';
import { runSharingBankJob } from '../src/modules/sharingBank/jobs.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { TusClient } from './attachments-tus.js';
import { apiCaller, bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
/** The operator (every right) in Acme / Lyon; the district administrator in Marseille (the importer). */
let manager: string;
let marseilleManager: string;
/** Two readers in Lyon: the field user (in the group) and the district switcher (not). */
let field: string;
let other: string;
let fieldId: string;
let otherId: string;
let lyon: string;
let group: Group;

const call = apiCaller(() => server, '/api/sharing-bank', () => manager);

async function loginIn(email: string, database: string, district: string): Promise<string> {
  const id = await accountId(server, email);
  await server.databases.control.query('update accounts set current_client = $3, current_district = $2 where id = $1', [id, await districtId(server, district, database), database]);
  return (await login(server, email)).token;
}

/** The operator in another client's district (Bellevue / Nantes) for `run`, then back in Lyon (a session holds one district). */
async function asBellevue(run: (token: string) => Promise<void>): Promise<void> {
  try {
    await run(await loginIn('operator@demo.vigie.test', 'bellevue', 'Nantes'));
  } finally {
    manager = await loginIn('operator@demo.vigie.test', 'acme', 'Lyon');
  }
}

async function publish(fields: Record<string, unknown>): Promise<Resource> {
  const answer = await call<Resource>({ method: 'POST', url: '/resources', payload: { id: randomUUID(), title: `Consigne ${randomUUID().slice(0, 6)}`, kind: 'instruction', ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

async function bellsFor(resourceId: string): Promise<{ account_id: string; name: string }[]> {
  const acme = await server.databases.client('acme');
  const { rows } = await acme.query<{ account_id: string; name: string }>(`select account_id, name from notifications where actions::text like $1 order by created_at`, [`%${resourceId}%`]);
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  fieldId = await accountId(server, 'field@demo.vigie.test');
  otherId = await accountId(server, 'districts@demo.vigie.test');
  await setRights(server, fieldId, lyon, ['sites.read', 'sharing-bank.read']);
  await setRights(server, otherId, lyon, ['opteamum.districts', 'sites.read', 'sharing-bank.read']);
  const marseille = await districtId(server, 'Marseille');
  await setRights(server, await accountId(server, 'district-admin@demo.vigie.test'), marseille, ['sites.read', 'sharing-bank.read', 'declarations.admin']);
  marseilleManager = await loginIn('district-admin@demo.vigie.test', 'acme', 'Marseille');
  manager = await loginIn('operator@demo.vigie.test', 'acme', 'Lyon');
  field = await loginIn('field@demo.vigie.test', 'acme', 'Lyon');
  other = await loginIn('districts@demo.vigie.test', 'acme', 'Lyon');
  const created = await call<Group>({ method: 'POST', url: '/groups', payload: { id: randomUUID(), name: 'Chefs d’équipe test', memberIds: [fieldId] } });
  expect(created.status, created.text).toBe(201);
  group = created.data;
});
afterAll(() => server?.destroy());

describe('publication and audience', () => {
  it('a resource for the district is seen by every reader; one for a group only by its members (others: not found)', async () => {
    const everyone = await publish({ title: 'Procédure d’évacuation test', kind: 'procedure', tags: ['incendie'] });
    const chiefs = await publish({ title: 'Consigne chefs test', audience: 'groups', groupIds: [group.id] });
    expect(chiefs).toMatchObject({ audience: 'groups', groupIds: [group.id], currentVersion: 1, scope: 'district', audienceCount: 1, acknowledged: 0 });

    const fieldLibrary = await call<ResourceRow[]>({ url: '/resources', token: field });
    expect(fieldLibrary.status).toBe(200);
    expect(fieldLibrary.data.map((r) => r.id)).toEqual(expect.arrayContaining([everyone.id, chiefs.id]));
    expect(fieldLibrary.data.find((r) => r.id === chiefs.id)).toMatchObject({ mine: { asked: true, acknowledgedAt: null }, acknowledged: null });

    const otherLibrary = await call<ResourceRow[]>({ url: '/resources', token: other });
    expect(otherLibrary.data.map((r) => r.id)).toContain(everyone.id);
    expect(otherLibrary.data.map((r) => r.id)).not.toContain(chiefs.id);
    expect((await call({ url: `/resources/${chiefs.id}`, token: other })).status).toBe(404);
    expect((await call({ method: 'POST', url: `/resources/${chiefs.id}/acknowledge`, token: other, payload: { version: 1 } })).status).toBe(404);

    // The group gains the other reader: the resource is now theirs to read too.
    const grown = await call<Group>({ method: 'PATCH', url: `/groups/${group.id}`, payload: { baseVersion: group.version, changes: { memberIds: [fieldId, otherId] } } });
    expect(grown.status, grown.text).toBe(200);
    group = grown.data;
    expect((await call({ url: `/resources/${chiefs.id}`, token: other })).status).toBe(200);
    // A group in use is not deleted.
    const removal = await call({ method: 'DELETE', url: `/groups/${group.id}`, payload: { baseVersion: group.version } });
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe('sharingBank.group_in_use');
  });

  it('the files of a group’s resource reach its members only, as the resource does', async () => {
    const chiefs = await publish({ title: 'Consigne chefs fichier', audience: 'groups', groupIds: [group.id] });
    const base = await listenOnLoopback(server);
    const bytes = Buffer.from('%PDF-1.4\n% consigne\n');
    const attachmentId = randomUUID();
    const created = await new TusClient(base, manager).createWith({ attachmentId, module: 'sharingBank', recordId: chiefs.id, name: 'consigne.pdf', type: 'application/pdf' }, bytes.length, bytes);
    expect(created.status).toBe(201);
    const file = (token: string) => fetch(`${base}/api/attachments/${attachmentId}`, { headers: bearer(token) });
    const member = await file(field);
    expect(member.status).toBe(200);
    expect(Buffer.from(await member.arrayBuffer()).equals(bytes)).toBe(true);
    // The district switcher left the group (above, it was added): the file is not found for them.
    const left = await call<Group>({ method: 'PATCH', url: `/groups/${group.id}`, payload: { baseVersion: group.version, changes: { memberIds: [fieldId] } } });
    expect(left.status, left.text).toBe(200);
    group = left.data;
    expect((await file(other)).status).toBe(404);
  });

  it('refuses a group audience without groups, a stranger in a group, and a source on a plain resource', async () => {
    const noGroups = await call({ method: 'POST', url: '/resources', payload: { id: randomUUID(), title: 'X', kind: 'poster', audience: 'groups', groupIds: [] } });
    expect(noGroups.status).toBe(400);
    expect(noGroups.body.message).toBe('sharingBank.groups_required');
    const stranger = await call({ method: 'POST', url: '/groups', payload: { id: randomUUID(), name: 'Y', memberIds: [randomUUID()] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('sharingBank.member_not_found');
    const source = await call({ method: 'POST', url: '/resources', payload: { id: randomUUID(), title: 'Z', kind: 'poster', sourceId: randomUUID() } });
    expect(source.status).toBe(400);
    expect(source.body.message).toBe('sharingBank.source_not_template');
    const noSource = await call({ method: 'POST', url: '/resources', payload: { id: randomUUID(), title: 'Z', kind: 'declarationType' } });
    expect(noSource.status).toBe(400);
    expect(noSource.body.message).toBe('sharingBank.source_required');
  });
});

describe('read and acknowledge, per version', () => {
  it('records the first opening and the acknowledgement once; the board says who has and has not', async () => {
    const resource = await publish({ title: 'Consignes travail isolé test' });
    const opened = await call<Resource>({ method: 'POST', url: `/resources/${resource.id}/open`, token: field, payload: { version: 1 } });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.data.mine.openedAt).not.toBeNull();
    expect(opened.data.mine.acknowledgedAt).toBeNull();
    const key = randomUUID();
    const acknowledged = await call<Resource>({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 1 }, key });
    expect(acknowledged.data.mine.acknowledgedAt).not.toBeNull();
    const replay = await call<Resource>({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 1 }, key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await call<Resource>({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 1 } });
    expect(again.data.mine.acknowledgedAt).toBe(acknowledged.data.mine.acknowledgedAt);

    const board = await call<Board>({ url: `/resources/${resource.id}/board` });
    expect(board.status).toBe(200);
    const row = (id: string) => board.data.rows.find((r) => r.accountId === id);
    expect(row(fieldId)).toMatchObject({ name: 'field@demo.vigie.test', acknowledgedAt: acknowledged.data.mine.acknowledgedAt });
    expect(row(otherId)).toMatchObject({ openedAt: null, acknowledgedAt: null });
    // Those still to acknowledge come first.
    expect(board.data.rows.at(-1)!.acknowledgedAt).not.toBeNull();
    expect((await call<Resource>({ url: `/resources/${resource.id}` })).data.acknowledged).toBe(1);
  });

  it('a new version asks again; an acknowledgement of the older one made offline stays that version’s', async () => {
    const resource = await publish({ title: 'Protocole canicule test' });
    await call({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 1 } });
    const next = await call<Resource>({ method: 'POST', url: `/resources/${resource.id}/publish`, payload: { baseVersion: resource.version } });
    expect(next.status, next.text).toBe(200);
    expect(next.data).toMatchObject({ currentVersion: 2, acknowledged: 0 });
    const stale = await call({ method: 'POST', url: `/resources/${resource.id}/publish`, payload: { baseVersion: resource.version } });
    expect(stale.status).toBe(409);

    const mine = await call<Resource>({ url: `/resources/${resource.id}`, token: field });
    expect(mine.data.mine).toMatchObject({ version: 2, acknowledgedAt: null, asked: true });
    // The other reader acknowledged version 1 offline, sent after version 2 came out.
    const late = await call<Resource>({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: other, payload: { version: 1 } });
    expect(late.status).toBe(200);
    expect(late.data.mine.acknowledgedAt).toBeNull();
    const board = await call<Board>({ url: `/resources/${resource.id}/board` });
    expect(board.data.currentVersion).toBe(2);
    expect(board.data.rows.find((r) => r.accountId === fieldId)).toMatchObject({ acknowledgedAt: null, lastAcknowledgedVersion: 1 });
    expect(board.data.rows.find((r) => r.accountId === otherId)).toMatchObject({ acknowledgedAt: null, lastAcknowledgedVersion: 1 });
    const future = await call({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 3 } });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('sharingBank.unknown_version');
    const history = await call<{ changes: { field: string }[] }[]>({ url: `/resources/${resource.id}/history` });
    expect(history.data.some((e) => e.changes.some((c) => c.field === 'currentVersion'))).toBe(true);
  });
});

describe('reminders', () => {
  it('“remind those who have not” tells only them, in their language, once per version', async () => {
    const resource = await publish({ title: 'Affiche numéros d’urgence test', kind: 'poster' });
    await call({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 1 } });
    await server.databases.control.query(`update accounts set language = 'en' where id = $1`, [otherId]);
    try {
      const reminded = await call<RemindAnswer>({ method: 'POST', url: `/resources/${resource.id}/remind` });
      expect(reminded.status, reminded.text).toBe(200);
      const bells = await bellsFor(resource.id);
      expect(bells.map((b) => b.account_id)).toContain(otherId);
      expect(bells.map((b) => b.account_id)).not.toContain(fieldId);
      expect(bells.find((b) => b.account_id === otherId)!.name).toBe('To read and acknowledge: Affiche numéros d’urgence test');
      expect(reminded.data.sent).toBe(bells.length);
      const twice = await call({ method: 'POST', url: `/resources/${resource.id}/remind` });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('sharingBank.already_reminded');
      expect(await bellsFor(resource.id)).toHaveLength(bells.length);
      expect((await call<Board>({ url: `/resources/${resource.id}/board` })).data.reminders).toMatchObject([{ kind: 'manual', count: bells.length }]);

      // A new version may be reminded again.
      await call({ method: 'POST', url: `/resources/${resource.id}/publish`, payload: { baseVersion: resource.version } });
      expect((await call({ method: 'POST', url: `/resources/${resource.id}/remind` })).status).toBe(200);
      const after = await bellsFor(resource.id);
      expect(after.filter((b) => b.account_id === fieldId)).toHaveLength(1);
      expect(after.find((b) => b.account_id === fieldId)!.name).toBe('À lire et à valider : Affiche numéros d’urgence test (version 2)');
    } finally {
      await server.databases.control.query(`update accounts set language = 'fr' where id = $1`, [otherId]);
    }
  });

  it('the scheduled reminder goes N days after publication, once, even with two runs at once', async () => {
    const resource = await publish({ title: 'Rappel planifié test', remindAfterDays: 3 });
    await runSharingBankJob(server.ctx, new Date(Date.now() + 2 * 86_400_000));
    expect(await bellsFor(resource.id)).toHaveLength(0);
    const at = new Date(Date.now() + 3 * 86_400_000 + 60_000);
    await Promise.all([runSharingBankJob(server.ctx, at), runSharingBankJob(server.ctx, at)]);
    await runSharingBankJob(server.ctx, new Date(at.getTime() + 86_400_000));
    const bells = await bellsFor(resource.id);
    expect(bells.filter((b) => b.account_id === fieldId)).toHaveLength(1);
    expect(bells.filter((b) => b.account_id === otherId)).toHaveLength(1);
  });
});

describe('templates shared with the client’s other districts', () => {
  let shared: Resource;
  let templateName: string;

  beforeAll(async () => {
    templateName = `Presque-accident ${randomUUID().slice(0, 6)}`;
    const template = await call<{ id: string }>({
      method: 'POST',
      url: '/api/declarations/templates',
      payload: { id: randomUUID(), name: templateName, icon: 'eye', defaultSeverity: 'medium', notify: [fieldId], fields: [] },
    });
    expect(template.status, template.text).toBe(201);
    shared = await publish({ title: 'Type de déclaration : presque-accident', kind: 'declarationType', sourceId: template.data.id });
  });

  it('keeps a copy of the definition, seen by the client’s other districts and not by another client', async () => {
    expect(shared).toMatchObject({ scope: 'client', template: { name: templateName, icon: 'eye', defaultSeverity: 'medium', fields: [] }, audienceCount: null });
    // A template is offered to import, not asked to be read.
    expect((await call<Resource>({ url: `/resources/${shared.id}`, token: field })).data.mine.asked).toBe(false);
    expect(JSON.stringify(shared.template)).not.toContain(fieldId);
    const marseille = await call<SharedTemplate[]>({ url: '/shared-templates', token: marseilleManager });
    expect(marseille.data.find((t) => t.id === shared.id)).toMatchObject({ districtName: 'Lyon', importedAs: null, canImport: true });
    expect((await call<SharedTemplate[]>({ url: '/shared-templates' })).data.map((t) => t.id)).not.toContain(shared.id);
    await asBellevue(async (bellevue) => expect((await call<SharedTemplate[]>({ url: '/shared-templates', token: bellevue })).data.map((t) => t.id)).not.toContain(shared.id));
  });

  it('is imported into another district once, by the importer’s id; refused across clients and in its own district', async () => {
    const copyId = randomUUID();
    const key = randomUUID();
    const first = await call<ImportAnswer>({ method: 'POST', url: `/shared-templates/${shared.id}/import`, token: marseilleManager, payload: { id: copyId }, key });
    expect(first.status, first.text).toBe(200);
    expect(first.data).toMatchObject({ templateId: copyId, created: true, kind: 'declarationType' });
    const replay = await call<ImportAnswer>({ method: 'POST', url: `/shared-templates/${shared.id}/import`, token: marseilleManager, payload: { id: copyId }, key });
    expect(replay.data).toMatchObject({ templateId: copyId, created: true });
    const secondDevice = await call<ImportAnswer>({ method: 'POST', url: `/shared-templates/${shared.id}/import`, token: marseilleManager, payload: { id: randomUUID() } });
    expect(secondDevice.data).toMatchObject({ templateId: copyId, created: false });

    const templates = await call<{ id: string; name: string; notify: string[]; districtId: string }[]>({ url: '/api/declarations/templates', token: marseilleManager });
    const copies = templates.data.filter((t) => t.name === templateName);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ id: copyId, notify: [], districtId: await districtId(server, 'Marseille') });
    expect((await call<SharedTemplate[]>({ url: '/shared-templates', token: marseilleManager })).data.find((t) => t.id === shared.id)!.importedAs).toBe(copyId);

    await asBellevue(async (bellevue) => {
      const acrossClients = await call({ method: 'POST', url: `/shared-templates/${shared.id}/import`, token: bellevue, payload: { id: randomUUID() } });
      expect(acrossClients.status).toBe(404);
    });
    const own = await call({ method: 'POST', url: `/shared-templates/${shared.id}/import`, payload: { id: randomUUID() } });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('sharingBank.own_template');
  });

  it('an import needs the target module’s template right', async () => {
    const marseille = await districtId(server, 'Marseille');
    await setRights(server, otherId, marseille, ['opteamum.districts', 'sites.read', 'sharing-bank.read']);
    const reader = await loginIn('districts@demo.vigie.test', 'acme', 'Marseille');
    const list = await call<SharedTemplate[]>({ url: '/shared-templates', token: reader });
    expect(list.data.find((t) => t.id === shared.id)!.canImport).toBe(false);
    const refused = await call({ method: 'POST', url: `/shared-templates/${shared.id}/import`, token: reader, payload: { id: randomUUID() } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('sharingBank.import_forbidden');
  });
});

describe('demo data', () => {
  it('has the district’s library with its PDFs, acknowledgements partly done, a group, and templates shared from Lyon', async () => {
    const library = (await call<ResourceRow[]>({ url: '/resources' })).data;
    const evacuation = library.find((r) => r.title === 'Procédure d’évacuation incendie')!;
    expect(evacuation).toMatchObject({ kind: 'procedure', fileCount: 1, mine: { asked: true } });
    expect(evacuation.mine.acknowledgedAt).not.toBeNull();
    expect(library.find((r) => r.title === 'Protocole canicule')).toMatchObject({ currentVersion: 2, mine: { acknowledgedAt: null } });
    const sheet = await call<Resource>({ url: `/resources/${evacuation.id}` });
    expect(sheet.data.files[0]).toMatchObject({ name: 'procedure-evacuation-incendie.pdf', type: 'application/pdf' });
    const file = await server.app.inject({ url: `/api/attachments/${sheet.data.files[0]!.id}`, headers: { authorization: `Bearer ${manager}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call<Group[]>({ url: '/groups' })).data.map((g) => g.name)).toContain('Chefs d’équipe');
    const shared = (await call<SharedTemplate[]>({ url: '/shared-templates', token: marseilleManager })).data;
    expect(shared.filter((t) => t.districtName === 'Lyon' && t.tags.includes('modèle')).map((t) => t.kind).sort()).toEqual(['declarationType', 'questionnaireTemplate']);
  });
});

describe('rights', () => {
  it('a reader reads and acknowledges; publishing, versions, boards, reminders, members and groups are the admin’s', async () => {
    const resource = await publish({ title: 'Droits test' });
    const writes = [
      { method: 'POST' as const, url: '/resources', payload: { id: randomUUID(), title: 'X', kind: 'poster' } },
      { method: 'PATCH' as const, url: `/resources/${resource.id}`, payload: { baseVersion: 1, changes: { title: 'Y' } } },
      { method: 'POST' as const, url: `/resources/${resource.id}/publish`, payload: { baseVersion: 1 } },
      { method: 'POST' as const, url: `/resources/${resource.id}/remind` },
      { method: 'POST' as const, url: '/groups', payload: { id: randomUUID(), name: 'X', memberIds: [] } },
    ];
    for (const write of writes) expect((await call({ ...write, token: field })).status, write.url).toBe(403);
    expect((await call({ url: `/resources/${resource.id}/board`, token: field })).status).toBe(403);
    expect((await call({ url: '/members', token: field })).status).toBe(403);
    expect((await call({ url: '/resources?deleted=true', token: field })).status).toBe(403);
    expect((await call({ method: 'POST', url: `/resources/${resource.id}/acknowledge`, token: field, payload: { version: 1 } })).status).toBe(200);
    // Without the module's right, nothing.
    const noRight = await loginIn('districts@demo.vigie.test', 'acme', 'Paris');
    expect((await call({ url: '/resources', token: noRight })).status).toBe(403);
  });
});
