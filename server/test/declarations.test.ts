/**
 * The Declarations module's routes (/api/declarations): template revisions (a change applies to
 * new declarations only, an older revision is still accepted), validation of a declaration's
 * values against its revision (400 naming the field), the rights (a reader reports, sees the
 * district's declarations and comments; it edits only its own while new and unassigned, and
 * never changes a status), the workflow (forward only, a reason each time, in the history),
 * the lock of a closed declaration (423), idempotent replays, the list (filters, search,
 * sorts, keyset pages) and its CSV export, and the notifications a write rings (the template's
 * members on a new declaration, the author on a status change: the bell live over the socket,
 * and the mail outbox).
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { Declaration, DeclarationSummary, Template, TemplateField } from '../../common/modules/declarations/schemas.js';
import type { HistoryEntry, Page } from '../../common/schemas/platform.js';
import { RECORDS_CHANGED_EVENT } from '../src/modules/_platform/events.js';
import { seedBenchDeclarations } from '../src/modules/declarations/bench-seed.js';
import { NOTIFICATION_EVENT } from '../src/notifications/notifier.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
/** The operator: every right (declarations.admin too), in Acme / Lyon. */
let manager: string;
let managerId: string;
/** The field user: declarations.read only, in Acme / Lyon. */
let reader: string;
let readerId: string;
/** The district administrator: declarations.read, in Acme / Lyon. */
let otherReader: string;
let otherReaderId: string;
let lyonSite: string;
let marseilleSite: string;

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  token?: string;
  key?: string;
}

async function call<T = unknown>({ method = 'GET', url, payload, token = manager, key }: Call) {
  const response = await server.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  const body = response.body && response.headers['content-type']?.toString().startsWith('application/json') ? response.json<Envelope<T> & { message?: string; details?: string; current?: unknown }>() : ({} as Envelope<T> & { message?: string; details?: string; current?: unknown });
  return { status: response.statusCode, body, data: body.data, headers: response.headers, text: response.body };
}

const lyonSiteName = async () =>
  (await (await server.databases.client('acme')).query<{ name: string }>('select name from sites where id = $1', [lyonSite])).rows[0]!.name;

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

const FIELDS: TemplateField[] = [
  { key: 'zone', label: 'Zone', kind: 'text', required: true },
  { key: 'injured', label: 'Blessés', kind: 'yesNo', required: true },
  { key: 'count', label: 'Nombre de personnes', kind: 'number', required: false },
  { key: 'day', label: 'Date de constat', kind: 'date', required: false },
  { key: 'kind', label: 'Nature', kind: 'choice', required: false, options: ['Chute', 'Coupure', 'Brûlure'] },
  { key: 'ppe', label: 'EPI portés', kind: 'multiChoice', required: false, options: ['Casque', 'Gants', 'Lunettes'] },
  { key: 'photos', label: 'Photos', kind: 'photo', required: false },
  { key: 'signature', label: 'Signature', kind: 'signature', required: false },
];

async function newTemplate(overrides: object = {}): Promise<Template> {
  const id = randomUUID();
  const created = await call<Template>({
    method: 'POST',
    url: '/api/declarations/templates',
    key: randomUUID(),
    payload: { id, name: `Incident ${id.slice(0, 8)}`, icon: 'warning', defaultSeverity: 'medium', fields: FIELDS, notify: [], ...overrides },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.data;
}

const report = (template: Template, overrides: object = {}) => ({
  id: randomUUID(),
  templateId: template.id,
  templateVersion: template.version,
  capturedAt: '2026-03-02T08:15:00.000Z',
  siteId: lyonSite,
  position: { lat: 45.75, lng: 4.85, accuracy: 12, source: 'device' },
  occurredAt: '2026-03-02T08:10:00.000Z',
  severity: 'high',
  title: 'Fuite d’huile près du quai 3',
  description: 'Flaque d’environ deux mètres, balisée.',
  values: { zone: 'Quai 3', injured: false },
  photos: [],
  ...overrides,
});

async function declare(template: Template, overrides: object = {}, token = reader): Promise<Declaration> {
  const created = await call<Declaration>({ method: 'POST', url: '/api/declarations', token, key: randomUUID(), payload: report(template, overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.data;
}

const step = (d: { id: string; version: number }, status: string, token = manager, reason = 'Vu sur place') =>
  call<Declaration>({ method: 'POST', url: `/api/declarations/${d.id}/status`, token, key: randomUUID(), payload: { baseVersion: d.version, status, reason } });

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  managerId = subOf(manager);
  reader = (await login(server, 'field@demo.vigie.test')).token;
  readerId = subOf(reader);
  otherReader = (await login(server, 'district-admin@demo.vigie.test')).token;
  otherReaderId = subOf(otherReader);
  const acme = await server.databases.client('acme');
  const site = async (district: string) =>
    (await acme.query<{ id: string }>(`select s.id from sites s join districts d on d.id = s.district_id where d.name = $1 order by s.name limit 1`, [district])).rows[0]!.id;
  lyonSite = await site('Lyon');
  marseilleSite = await site('Marseille');
});
afterAll(() => server?.destroy());

describe('templates', () => {
  it('keeps every revision: a change applies to new declarations, an older revision is still accepted and shown', async () => {
    const template = await newTemplate();
    expect(template.version).toBe(1);
    const changed = await call<Template>({
      method: 'PATCH',
      url: `/api/declarations/templates/${template.id}`,
      key: randomUUID(),
      payload: { baseVersion: 1, changes: { fields: [...FIELDS, { key: 'witness', label: 'Témoin', kind: 'text', required: true }] } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.data.version).toBe(2);

    const first = await call<Template>({ url: `/api/declarations/templates/${template.id}?version=1`, token: reader });
    expect(first.data.version).toBe(1);
    expect(first.data.fields.map((f) => f.key)).not.toContain('witness');
    expect((await call<Template>({ url: `/api/declarations/templates/${template.id}`, token: reader })).data.fields.map((f) => f.key)).toContain('witness');

    // A form filled offline on revision 1 is accepted without the new required field, and shows revision 1's fields.
    const old = await declare(template);
    expect(old.templateVersion).toBe(1);
    expect(old.template.fields.map((f) => f.key)).not.toContain('witness');
    // On revision 2, the new required field is asked.
    const current = { ...template, version: 2 };
    const missing = await call({ method: 'POST', url: '/api/declarations', token: reader, payload: report(current) });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'declarations.missing_value', details: 'witness' });
    const withWitness = await declare(current, { values: { zone: 'Quai 3', injured: true, witness: 'M. Durand' } });
    expect(withWitness.template.fields.map((f) => f.key)).toContain('witness');

    // A stale base is a conflict with the current template.
    const stale = await call<Template>({ method: 'PATCH', url: `/api/declarations/templates/${template.id}`, payload: { baseVersion: 1, changes: { name: 'Autre' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('record.version_conflict');
  });

  it('refuses fields with a key used twice or a choice without options, and notify members outside the district', async () => {
    const twice = await call({
      method: 'POST',
      url: '/api/declarations/templates',
      payload: { id: randomUUID(), name: 'Double', icon: 'flame', defaultSeverity: 'low', notify: [], fields: [FIELDS[0], FIELDS[0]] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('declarations.invalid_template');
    const noOptions = await call({
      method: 'POST',
      url: '/api/declarations/templates',
      payload: { id: randomUUID(), name: 'Choix', icon: 'flame', defaultSeverity: 'low', notify: [], fields: [{ key: 'a', label: 'A', kind: 'choice', required: false }] },
    });
    expect(noOptions.status).toBe(400);
    const stranger = await call({
      method: 'POST',
      url: '/api/declarations/templates',
      payload: { id: randomUUID(), name: 'Inconnu', icon: 'flame', defaultSeverity: 'low', notify: [randomUUID()], fields: [] },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('declarations.not_member');
  });

  it('are managed by managers only', async () => {
    const template = await newTemplate();
    const create = await call({ method: 'POST', url: '/api/declarations/templates', token: reader, payload: { id: randomUUID(), name: 'X', icon: 'eye', defaultSeverity: 'low', notify: [], fields: [] } });
    expect(create.status).toBe(403);
    const edit = await call({ method: 'PATCH', url: `/api/declarations/templates/${template.id}`, token: reader, payload: { baseVersion: 1, changes: { name: 'X' } } });
    expect(edit.status).toBe(403);
    expect((await call<Template[]>({ url: '/api/declarations/templates', token: reader })).data.map((t) => t.id)).toContain(template.id);
    const removed = await call<Template>({ method: 'DELETE', url: `/api/declarations/templates/${template.id}`, payload: { baseVersion: 1 } });
    expect(removed.status).toBe(200);
    expect(removed.data.deletedAt).not.toBeNull();
    expect((await call<Template[]>({ url: '/api/declarations/templates', token: reader })).data.map((t) => t.id)).not.toContain(template.id);
    const restored = await call<Template>({ method: 'POST', url: `/api/declarations/templates/${template.id}/restore`, payload: { baseVersion: removed.data.version } });
    expect(restored.data.deletedAt).toBeNull();
  });

  it('offer the reporter the district’s sites, the nearest first from a position, by name without, and found by a folded search', async () => {
    const site = (await call<{ name: string; gps: { lat: number; lng: number } | null }>({ url: `/api/sites/${lyonSite}` })).data;
    expect(site.gps).not.toBeNull();
    const near = await call<{ id: string; name: string; distance: number | null }[]>({ url: `/api/declarations/sites?near=${site.gps!.lat},${site.gps!.lng}`, token: reader });
    expect(near.status).toBe(200);
    expect(near.data[0]).toMatchObject({ id: lyonSite, distance: 0 });
    const distances = near.data.map((s) => s.distance).filter((d): d is number => d !== null);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(near.data.map((s) => s.id)).not.toContain(marseilleSite);
    const byName = await call<{ name: string; distance: number | null }[]>({ url: '/api/declarations/sites', token: reader });
    expect(byName.data.every((s) => s.distance === null)).toBe(true);
    expect(byName.data.map((s) => s.name)).toEqual([...byName.data.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
    const word = site.name.split(' ')[0]!.toUpperCase();
    const found = await call<{ id: string }[]>({ url: `/api/declarations/sites?search=${encodeURIComponent(word)}`, token: reader });
    expect(found.data.map((s) => s.id)).toContain(lyonSite);
    expect((await call({ url: '/api/declarations/sites?near=91,500', token: reader })).status).toBe(400);
  });

  it('list the district’s members for the managers’ pickers, by name; a reader is refused', async () => {
    const members = await call<{ id: string; name: string }[]>({ url: '/api/declarations/members' });
    expect(members.status).toBe(200);
    expect(members.data.map((m) => m.id)).toEqual(expect.arrayContaining([managerId, readerId, otherReaderId]));
    expect(members.data.find((m) => m.id === readerId)?.name).toBe('field@demo.vigie.test');
    const names = members.data.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await call({ url: '/api/declarations/members', token: reader })).status).toBe(403);
  });
});

describe('reporting', () => {
  let template: Template;
  beforeAll(async () => {
    template = await newTemplate();
  });

  it('a reader reports; the device time and position are kept as sent, the site named', async () => {
    const made = await declare(template, {
      values: { zone: 'Quai 3', injured: true, count: 2, day: '2026-03-01', kind: 'Chute', ppe: ['Casque', 'Gants'] },
    });
    expect(made).toMatchObject({
      status: 'new',
      capturedAt: '2026-03-02T08:15:00.000Z',
      occurredAt: '2026-03-02T08:10:00.000Z',
      position: { lat: 45.75, lng: 4.85, accuracy: 12, source: 'device' },
      siteId: lyonSite,
      severity: 'high',
      createdBy: { id: readerId, name: 'field@demo.vigie.test' },
      lockedAt: null,
      actionIds: [],
    });
    expect(made.siteName).toBeTruthy();
    expect(made.createdAt).not.toBe(made.capturedAt);
    const seen = await call<Declaration>({ url: `/api/declarations/${made.id}`, token: otherReader });
    expect(seen.status).toBe(200);
    expect(seen.data.values).toEqual({ zone: 'Quai 3', injured: true, count: 2, day: '2026-03-01', kind: 'Chute', ppe: ['Casque', 'Gants'] });
  });

  it.each([
    ['an unknown key', { zone: 'A', injured: false, other: 'x' }, 'declarations.invalid_value', 'other'],
    ['text for a yes/no', { zone: 'A', injured: 'oui' }, 'declarations.invalid_value', 'injured'],
    ['a string for a number', { zone: 'A', injured: false, count: '2' }, 'declarations.invalid_value', 'count'],
    ['an impossible date', { zone: 'A', injured: false, day: '2026-02-30' }, 'declarations.invalid_value', 'day'],
    ['a choice not offered', { zone: 'A', injured: false, kind: 'Explosion' }, 'declarations.invalid_value', 'kind'],
    ['a multiple choice not offered', { zone: 'A', injured: false, ppe: ['Casque', 'Bottes'] }, 'declarations.invalid_value', 'ppe'],
    ['a photo that is not an upload of it', { zone: 'A', injured: false, photos: [randomUUID()] }, 'attachments.not_this_record', 'values'],
    ['a required field left empty', { zone: '  ', injured: false }, 'declarations.missing_value', 'zone'],
    ['a required yes/no missing', { zone: 'A' }, 'declarations.missing_value', 'injured'],
  ])('refuses %s against the template revision (400 naming the field)', async (_what, values, message, details) => {
    const refused = await call({ method: 'POST', url: '/api/declarations', token: reader, payload: report(template, { values }) });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ message, details });
  });

  it('accepts photos and a signature uploaded for it, and refuses another declaration\'s', async () => {
    const id = randomUUID();
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ id: string }>(`select d.id from districts d where d.name = 'Lyon'`);
    const photo = randomUUID();
    const signature = randomUUID();
    const foreign = randomUUID();
    for (const [attachment, record] of [[photo, id], [signature, id], [foreign, randomUUID()]] as const) {
      await acme.query(
        `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by)
         values ($1, $2, 'declarations', $3, 'photo.jpg', 'image/jpeg', 3, $4, 'abc', 'complete', $5)`,
        [attachment, rows[0]!.id, record, `acme/${attachment}`, readerId],
      );
    }
    const refused = await call({ method: 'POST', url: '/api/declarations', token: reader, payload: report(template, { id, photos: [foreign] }) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'attachments.not_this_record', details: 'photos' });
    const made = await declare(template, { id, photos: [photo], values: { zone: 'A', injured: false, signature } });
    expect(made.photos).toEqual([photo]);
    expect(made.attachments.map((a) => a.id).sort()).toEqual([photo, signature].sort());
    const row = (await call<Page<DeclarationSummary>>({ url: `/api/declarations?search=${encodeURIComponent(made.title)}&limit=200`, token: reader })).data.items.find((r) => r.id === id)!;
    expect(row.thumbnailUrl).toBe(`/api/attachments/${photo}/thumbnail`);
  });

  it('refuses a template or a site of another district (404)', async () => {
    const site = await call({ method: 'POST', url: '/api/declarations', token: reader, payload: report(template, { siteId: marseilleSite }) });
    expect(site.status).toBe(404);
    expect(site.body.message).toBe('declarations.site_not_found');
    const revision = await call({ method: 'POST', url: '/api/declarations', token: reader, payload: report({ ...template, version: 9 }) });
    expect(revision.status).toBe(404);
    expect(revision.body.message).toBe('declarations.template_not_found');
  });

  it('replays an idempotent report: one declaration, the same answer, no second notification', async () => {
    const key = randomUUID();
    const payload = report(template);
    const first = await call<Declaration>({ method: 'POST', url: '/api/declarations', token: reader, key, payload });
    const again = await call<Declaration>({ method: 'POST', url: '/api/declarations', token: reader, key, payload });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.data).toEqual(first.data);
    const sameId = await call({ method: 'POST', url: '/api/declarations', token: reader, key: randomUUID(), payload });
    expect(sameId.status).toBe(409);
    const other = await call({ method: 'POST', url: '/api/declarations', token: reader, key, payload: { ...payload, title: 'Autre' } });
    expect(other.status).toBe(422);
  });
});

describe('rights and the workflow', () => {
  let template: Template;
  beforeAll(async () => {
    template = await newTemplate();
  });

  it('the author edits its own while new and unassigned; another reader cannot; a reader never assigns', async () => {
    const mine = await declare(template);
    const edited = await call<Declaration>({ method: 'PATCH', url: `/api/declarations/${mine.id}`, token: reader, key: randomUUID(), payload: { baseVersion: 1, changes: { title: 'Fuite d’huile, quai 3' } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.data.version).toBe(2);
    const other = await call({ method: 'PATCH', url: `/api/declarations/${mine.id}`, token: otherReader, payload: { baseVersion: 2, changes: { title: 'Pris' } } });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('declarations.not_yours');
    const assign = await call({ method: 'PATCH', url: `/api/declarations/${mine.id}`, token: reader, payload: { baseVersion: 2, changes: { assigneeId: readerId } } });
    expect(assign.status).toBe(403);
    expect(assign.body.message).toBe('declarations.managers_only');
    const status = await step(edited.data, 'acknowledged', reader);
    expect(status.status).toBe(403);

    // Once a manager assigns it, the author no longer edits it.
    const assigned = await call<Declaration>({ method: 'PATCH', url: `/api/declarations/${mine.id}`, payload: { baseVersion: 2, changes: { assigneeId: otherReaderId, cause: 'Joint usé' } } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.data.assignee).toEqual({ id: otherReaderId, name: 'district-admin@demo.vigie.test' });
    const late = await call({ method: 'PATCH', url: `/api/declarations/${mine.id}`, token: reader, payload: { baseVersion: 3, changes: { title: 'Encore' } } });
    expect(late.status).toBe(403);
    const stale = await call({ method: 'PATCH', url: `/api/declarations/${mine.id}`, payload: { baseVersion: 2, changes: { measures: 'Remplacer' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('record.version_conflict');
  });

  it('every reader sees and comments the district\'s declarations', async () => {
    const made = await declare(template, {}, manager);
    const seen = await call<Page<DeclarationSummary>>({ url: `/api/declarations?author=${managerId}&limit=200`, token: reader });
    expect(seen.data.items.map((d) => d.id)).toContain(made.id);
    const commented = await call<Declaration>({ method: 'POST', url: `/api/declarations/${made.id}/comments`, token: reader, key: randomUUID(), payload: { id: randomUUID(), text: 'Toujours là ce matin' } });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    expect(commented.data.comments).toEqual([expect.objectContaining({ text: 'Toujours là ce matin', by: { id: readerId, name: 'field@demo.vigie.test' } })]);
    expect(commented.data.version).toBe(2);
  });

  it('moves forward only, a step may be skipped, each change with its reason in the history', async () => {
    const made = await declare(template);
    const skipped = await step(made, 'investigating');
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.data.status).toBe('investigating');
    const back = await step(skipped.data, 'acknowledged');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('declarations.invalid_transition');
    const same = await step(skipped.data, 'investigating');
    expect(same.status).toBe(409);
    const noReason = await call({ method: 'POST', url: `/api/declarations/${made.id}/status`, payload: { baseVersion: skipped.data.version, status: 'closed', reason: '  ' } });
    expect(noReason.status).toBe(400);
    const history = await call<HistoryEntry[]>({ url: `/api/declarations/${made.id}/history`, token: reader });
    expect(history.data[0]!.changes).toEqual([
      { field: 'status', before: 'new', after: 'investigating' },
      { field: 'reason', before: null, after: 'Vu sur place' },
    ]);
    expect(history.data[0]!.by.id).toBe(managerId);
    expect(history.data.at(-1)!.action).toBe('create');
  });

  it('names in its history the ids its changes hold (the site, the type, the person following up), for the app to show names offline too', async () => {
    const made = await declare(template);
    const given = await call<Declaration>({ method: 'PATCH', url: `/api/declarations/${made.id}`, key: randomUUID(), payload: { baseVersion: made.version, changes: { assigneeId: otherReaderId } } });
    expect(given.status).toBe(200);
    const history = await call<HistoryEntry[]>({ url: `/api/declarations/${made.id}/history`, token: reader });
    const [assigned, created] = [history.data[0]!, history.data.at(-1)!];
    expect(assigned.names).toEqual({ [otherReaderId]: 'district-admin@demo.vigie.test' });
    expect(created.names).toMatchObject({ [lyonSite]: await lyonSiteName(), [template.id]: template.name });
  });

  it('locks a closed declaration: no edit, comment, status or deletion (423)', async () => {
    const made = await declare(template);
    const closed = await step(made, 'closed', manager, 'Nettoyé, joint remplacé');
    expect(closed.status).toBe(200);
    expect(closed.data.lockedAt).not.toBeNull();
    const v = closed.data.version;
    const attempts = [
      call({ method: 'PATCH', url: `/api/declarations/${made.id}`, payload: { baseVersion: v, changes: { title: 'Changé' } } }),
      call({ method: 'POST', url: `/api/declarations/${made.id}/comments`, token: reader, payload: { id: randomUUID(), text: 'Trop tard' } }),
      step(closed.data, 'investigating'),
      call({ method: 'DELETE', url: `/api/declarations/${made.id}`, payload: { baseVersion: v } }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(423);
      expect(attempt.body.message).toBe('declarations.locked');
    }
    const history = await call<HistoryEntry[]>({ url: `/api/declarations/${made.id}/history` });
    expect(history.data[0]!.changes.map((c) => c.field)).toEqual(['status', 'reason', 'lockedAt']);
    expect((await call<Declaration>({ url: `/api/declarations/${made.id}` })).data.version).toBe(v);
  });

  it('managers delete and restore; a reader cannot', async () => {
    const made = await declare(template);
    expect((await call({ method: 'DELETE', url: `/api/declarations/${made.id}`, token: reader, payload: { baseVersion: 1 } })).status).toBe(403);
    const removed = await call<Declaration>({ method: 'DELETE', url: `/api/declarations/${made.id}`, key: randomUUID(), payload: { baseVersion: 1 } });
    expect(removed.status).toBe(200);
    expect((await call<Page<DeclarationSummary>>({ url: `/api/declarations?limit=200&template=${template.id}` })).data.items.map((d) => d.id)).not.toContain(made.id);
    const restored = await call<Declaration>({ method: 'POST', url: `/api/declarations/${made.id}/restore`, payload: { baseVersion: 2 } });
    expect(restored.data.deletedAt).toBeNull();
  });
});

describe('locked declarations, hash-chained', () => {
  it('chains each closed declaration; a record changed after its lock, or a link changed, shows in the check', async () => {
    const lyon = await server.databases.client('acme');
    const check = async () => (await call<{ checked: number; broken: { recordId: string; reason: string }[] }>({ url: '/api/declarations/locks' })).data;
    const before = await check();
    // The demo's closed declarations are chained already, and intact.
    expect(before.checked).toBeGreaterThan(0);
    expect(before.broken).toEqual([]);
    expect((await call({ url: '/api/declarations/locks', token: reader })).status).toBe(403);

    const template = await newTemplate();
    const made = await call<Declaration>({ method: 'POST', url: '/api/declarations', token: reader, key: randomUUID(), payload: report(template, { title: 'Garde-corps descellé' }) });
    const closed = await step(made.data, 'closed', manager, 'Garde-corps refixé');
    expect(closed.status).toBe(200);
    expect(await check()).toEqual({ checked: before.checked + 1, broken: [] });

    // Someone with access to the database rewrites the closed declaration: it shows.
    await lyon.query('update declarations set title = $2 where id = $1', [made.data.id, 'Rien à signaler']);
    expect((await check()).broken).toEqual([expect.objectContaining({ recordId: made.data.id, reason: 'content' })]);
    await lyon.query('update declarations set title = $2 where id = $1', [made.data.id, 'Garde-corps descellé']);
    expect((await check()).broken).toEqual([]);

    // A link's hash rewritten: the chain breaks there.
    const { rows } = await lyon.query<{ seq: number; content_hash: string }>('select seq, content_hash from record_locks where record_id = $1', [made.data.id]);
    await lyon.query('update record_locks set content_hash = $2 where record_id = $1', [made.data.id, 'f'.repeat(64)]);
    const broken = (await check()).broken;
    expect(broken.map((b) => b.reason).sort()).toEqual(['chain', 'content']);
    expect(broken.every((b) => b.recordId === made.data.id)).toBe(true);
    expect(rows[0]!.seq).toBe(before.checked + 1);
    await lyon.query('update record_locks set content_hash = $2 where record_id = $1', [made.data.id, rows[0]!.content_hash]);
    expect((await check()).broken).toEqual([]);
  });
});

describe('the list and its export', () => {
  let template: Template;
  let made: Declaration[];
  beforeAll(async () => {
    template = await newTemplate({ name: 'Observation liste' });
    made = [
      await declare(template, { title: 'Extincteur manquant atelier', severity: 'low', occurredAt: '2025-06-01T10:00:00.000Z' }),
      await declare(template, { title: 'Échafaudage instable', severity: 'critical', occurredAt: '2025-09-01T10:00:00.000Z', siteId: null }),
      await declare(template, { title: 'Sortie de secours bloquée', severity: 'medium', occurredAt: '2025-12-01T10:00:00.000Z' }),
    ];
    await step(made[2]!, 'acknowledged');
  });
  const items = async (query: string) => (await call<Page<DeclarationSummary>>({ url: `/api/declarations?template=${template.id}&${query}`, token: reader })).data;

  it('filters by severity, status, site and period, and counts', async () => {
    expect((await items('severity=low,critical')).items.map((d) => d.title).sort()).toEqual(['Extincteur manquant atelier', 'Échafaudage instable']);
    const acknowledged = await items('status=acknowledged');
    expect(acknowledged.items.map((d) => d.id)).toEqual([made[2]!.id]);
    expect(acknowledged.total).toBe(1);
    expect((await items(`site=${lyonSite}`)).total).toBe(2);
    expect((await items('from=2025-06-01T10:00:00.000Z&to=2025-12-01T10:00:00.000Z')).items.map((d) => d.id).sort()).toEqual([made[0]!.id, made[1]!.id].sort());
    const unknown = await call({ url: '/api/declarations?status=open', token: reader });
    expect(unknown.status).toBe(400);
  });

  it('searches title and description without regard to case or accents', async () => {
    expect((await items('search=ECHAFAUDAGE')).items.map((d) => d.id)).toEqual([made[1]!.id]);
    expect((await items('search=balis')).total).toBe(3);
    expect((await items('search=100%25_')).total).toBe(0);
  });

  it('sorts by occurrence, severity and title both ways, and pages by cursor without gaps', async () => {
    expect((await items('sort=-occurredAt')).items.map((d) => d.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect((await items('sort=occurredAt')).items.map((d) => d.id)).toEqual([made[0]!.id, made[1]!.id, made[2]!.id]);
    expect((await items('sort=-severity')).items.map((d) => d.severity)).toEqual(['critical', 'medium', 'low']);
    expect((await items('sort=title')).items.map((d) => d.title)).toEqual(['Échafaudage instable', 'Extincteur manquant atelier', 'Sortie de secours bloquée']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<DeclarationSummary> = await items(`sort=-severity&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);
    const wrong = await call({ url: `/api/declarations?sort=title&cursor=${(await items('sort=-severity&limit=1')).nextCursor}`, token: reader });
    expect(wrong.status).toBe(400);
  });

  it('exports the filtered list as CSV', async () => {
    const csv = await call({ url: `/api/declarations/export.csv?template=${template.id}&severity=critical`, token: reader });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"Titre"');
    expect(lines[1]).toContain('"Échafaudage instable"');
  });
});

describe('notifications', () => {
  let socket: Socket | null = null;
  afterAll(() => socket?.disconnect());

  it('a new declaration rings its template\'s members (bell live, e-mail queued), once; a status change rings its author', async () => {
    const template = await newTemplate({ notify: [otherReaderId, managerId] });
    const url = await listenOnLoopback(server);
    socket = connect(url, { path: '/ws', transports: ['websocket'], auth: { token: otherReader }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', () => resolve());
      socket!.on('connect_error', reject);
    });
    const rung: { notification: { name: string } }[] = [];
    const changes: unknown[] = [];
    socket.on(NOTIFICATION_EVENT, (event: { notification: { name: string } }) => rung.push(event));
    socket.on(RECORDS_CHANGED_EVENT, (event: unknown) => changes.push(event));
    const bell = async (token: string) => (await call<unknown>({ url: '/api/notifications', token })).body;

    const key = randomUUID();
    const payload = report(template, { title: 'Départ de feu local poubelles' });
    const made = await call<Declaration>({ method: 'POST', url: '/api/declarations', token: reader, key, payload });
    expect(made.status).toBe(201);
    await expect.poll(() => rung.length).toBe(1);
    expect(rung[0]!.notification.name).toContain('Départ de feu local poubelles');
    await expect.poll(() => changes.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(await bell(otherReader))).toContain('Départ de feu local poubelles');
    expect(JSON.stringify(await bell(manager))).toContain('Départ de feu local poubelles');
    // The author is not told of its own report.
    expect(JSON.stringify(await bell(reader))).not.toContain('Départ de feu local poubelles');
    const acme = await server.databases.client('acme');
    const mails = async (title: string) =>
      (await acme.query<{ recipient: string }>(`select recipient from mail_outbox where subject like $1 order by recipient`, [`%${title}%`])).rows.map((r) => r.recipient);
    expect(await mails('Départ de feu local poubelles')).toEqual(['district-admin@demo.vigie.test', 'operator@demo.vigie.test']);

    // A replay rings nothing again.
    const again = await call({ method: 'POST', url: '/api/declarations', token: reader, key, payload });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await mails('Départ de feu local poubelles')).toHaveLength(2);

    // The e-mails and bells are in each reader's language (French unless the account said otherwise).
    const { rows: created } = await acme.query<{ body_text: string }>(`select body_text from mail_outbox where subject like $1`, ['%Départ de feu local poubelles%']);
    expect(created.map((m) => m.body_text)).toEqual([expect.stringContaining('Une déclaration « '), expect.stringContaining('Une déclaration « ')]);
    expect(created[0]!.body_text).not.toContain('Hello');

    // A status change tells the author (and only it), in the author's language.
    const setLanguage = (language: string) => call({ method: 'PUT', url: '/api/me/language', token: reader, payload: { language } });
    expect((await setLanguage('en')).status).toBe(200);
    try {
      const closed = await step(made.data, 'acknowledged', manager, 'Équipe prévenue');
      expect(closed.status).toBe(200);
      const readerBell = JSON.stringify(await bell(reader));
      expect(readerBell).toContain('Your declaration \\"Départ de feu local poubelles\\": acknowledged');
      expect(await mails('Départ de feu local poubelles')).toEqual(['district-admin@demo.vigie.test', 'field@demo.vigie.test', 'operator@demo.vigie.test']);
      const { rows: told } = await acme.query<{ subject: string; body_text: string }>(`select subject, body_text from mail_outbox where recipient = 'field@demo.vigie.test' and subject like $1`, [
        '%Départ de feu local poubelles%',
      ]);
      expect(told).toEqual([{ subject: 'Vigie: declaration "Départ de feu local poubelles" acknowledged', body_text: expect.stringContaining('Reason: Équipe prévenue') }]);
      expect(told[0]!.body_text).not.toContain('Bonjour');
    } finally {
      await setLanguage('fr');
    }
    expect(rung).toHaveLength(1);
  });

  it('writes one event’s bell in each reader’s language: a French reader and an English reader of the same new declaration', async () => {
    const template = await newTemplate({ notify: [otherReaderId, managerId] });
    const setLanguage = (token: string, language: string) => call({ method: 'PUT', url: '/api/me/language', token, payload: { language } });
    expect((await setLanguage(otherReader, 'en')).status).toBe(200);
    try {
      await declare(template, { title: 'Garde-corps descellé' });
      const names = async (token: string) =>
        (await call<{ items: { name: string }[] }>({ url: '/api/notifications', token })).data.items.map((n) => n.name).filter((name) => name.includes('Garde-corps descellé'));
      expect(await names(manager)).toEqual([`Nouvelle déclaration « Garde-corps descellé » (${template.name}, ${await lyonSiteName()})`]);
      expect(await names(otherReader)).toEqual([`New declaration "Garde-corps descellé" (${template.name}, ${await lyonSiteName()})`]);
    } finally {
      await setLanguage(otherReader, 'fr');
    }
  });

  it('a declaration given to someone to follow up tells that person (bell live, e-mail), once; assigning oneself tells nobody', async () => {
    const template = await newTemplate({ notify: [] });
    const made = await call<Declaration>({ method: 'POST', url: '/api/declarations', token: reader, key: randomUUID(), payload: report(template, { title: 'Rampe d’accès fissurée' }) });
    expect(made.status).toBe(201);
    const acme = await server.databases.client('acme');
    const mails = async () => (await acme.query<{ recipient: string }>(`select recipient from mail_outbox where subject like '%Rampe d’accès fissurée%'`)).rows.map((r) => r.recipient);
    const bell = async (token: string) => JSON.stringify((await call<unknown>({ url: '/api/notifications', token })).body);

    const mine = await call<Declaration>({ method: 'PATCH', url: `/api/declarations/${made.data.id}`, key: randomUUID(), payload: { baseVersion: made.data.version, changes: { assigneeId: managerId } } });
    expect(mine.status).toBe(200);
    expect(await mails()).toEqual([]);

    const key = randomUUID();
    const body = { baseVersion: mine.data.version, changes: { assigneeId: otherReaderId } };
    const given = await call<Declaration>({ method: 'PATCH', url: `/api/declarations/${made.data.id}`, key, payload: body });
    expect(given.status).toBe(200);
    expect(given.data.assignee?.id).toBe(otherReaderId);
    expect(await bell(otherReader)).toContain('Déclaration « Rampe d’accès fissurée » à suivre');
    expect(await mails()).toEqual(['district-admin@demo.vigie.test']);
    // A replay tells nobody again; neither does an edit that leaves the assignee as it is.
    expect((await call({ method: 'PATCH', url: `/api/declarations/${made.data.id}`, key, payload: body })).headers['idempotent-replayed']).toBe('true');
    await call({ method: 'PATCH', url: `/api/declarations/${made.data.id}`, key: randomUUID(), payload: { baseVersion: given.data.version, changes: { cause: 'Gel' } } });
    expect(await mails()).toEqual(['district-admin@demo.vigie.test']);
  });
});

describe('the demo data', () => {
  it('gives each district the five templates and a year of declarations in every status', async () => {
    const templates = await call<Template[]>({ url: '/api/declarations/templates', token: reader });
    expect(templates.data.map((t) => t.name)).toEqual(expect.arrayContaining(['Incident', 'Presque-accident', 'Observation sécurité', 'Dégradation', 'Environnement']));
    const demo = templates.data.find((t) => t.name === 'Incident')!;
    for (const status of ['new', 'acknowledged', 'investigating', 'closed']) {
      const page = await call<Page<DeclarationSummary>>({ url: `/api/declarations?status=${status}&from=${new Date(Date.now() - 366 * 86_400_000).toISOString()}`, token: reader });
      expect(page.data.total, status).toBeGreaterThan(0);
    }
    const incidents = await call<Page<DeclarationSummary>>({ url: `/api/declarations?template=${demo.id}&sort=occurredAt&limit=1`, token: reader });
    const oldest = await call<Declaration>({ url: `/api/declarations/${incidents.data.items[0]!.id}`, token: reader });
    expect(oldest.data.status).toBe('closed');
    expect(oldest.data.lockedAt).not.toBeNull();
    const history = await call<HistoryEntry[]>({ url: `/api/declarations/${oldest.data.id}/history`, token: reader });
    expect(history.data.map((h) => h.version)).toEqual([4, 3, 2, 1]);
  });
});

describe('the bench data set (tasks.js seed-bench --declarations)', () => {
  it('adds declarations the routes list, filter, page, search and open like reported ones', async () => {
    const count = 2_100; // more than one batch
    const before = await call<Page<DeclarationSummary>>({ url: '/api/declarations?limit=1' });
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ id: string }>(`select id from districts where name = 'Lyon'`);
    expect(await seedBenchDeclarations(acme, rows[0]!.id, managerId, count)).toBe(count);
    // The running server learns of rows written behind its back at its next write (its page
    // and count caches: the bench seeds with the server stopped); a report is one.
    await declare(await newTemplate());

    const after = await call<Page<DeclarationSummary>>({ url: '/api/declarations?limit=1' });
    expect(after.data.total).toBe(before.data.total + count + 1);
    let byStatus = 0;
    for (const status of ['new', 'acknowledged', 'investigating', 'closed']) {
      const page = await call<Page<DeclarationSummary>>({ url: `/api/declarations?limit=1&status=${status}` });
      expect(page.data.total, status).toBeGreaterThan(0);
      byStatus += page.data.total;
    }
    expect(byStatus).toBe(after.data.total);

    // Every bench declaration once through the keyset pages of a search.
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call<Page<DeclarationSummary>>>> = await call<Page<DeclarationSummary>>({
        url: `/api/declarations?limit=200&search=${encodeURIComponent('n°')}${cursor ? `&cursor=${cursor}` : ''}`,
        token: reader,
      });
      expect(page.status).toBe(200);
      for (const item of page.data.items) seen.add(item.id);
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(count);

    const found = await call<Page<DeclarationSummary>>({ url: `/api/declarations?search=${encodeURIComponent(`n° ${count}`)}`, token: reader });
    expect(found.data.total).toBe(1);
    const sheet = await call<Declaration>({ url: `/api/declarations/${found.data.items[0]!.id}`, token: reader });
    expect(sheet.status, sheet.text).toBe(200);
    expect(sheet.data.title).toMatch(new RegExp(`n° ${count}$`));
    const history = await call<HistoryEntry[]>({ url: `/api/declarations/${sheet.data.id}/history`, token: reader });
    expect(history.data.map((h) => h.action)).toEqual(['create']);
  });
});
