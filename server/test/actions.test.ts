/**
 * The actions module's routes (/api/actions): the own-work rule (a read right sees, makes and
 * moves its own actions only; another's is a 404 like another district's), the status workflow
 * by role and by status, the proof a close requires (a photo uploaded through the platform's
 * tus endpoint, a closing note), the links both ways (an action following a declaration or an
 * inspection's failed item, the list by source, the follow-up actions a submit makes, once),
 * plans and their progress, templates and their use, the list's filters, sorts and CSV,
 * version conflicts and bad input. Another tenant's records: tenant-isolation.test.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { Action, ActionSummary, ActionTemplate, Plan, PlanSummary } from '../../common/modules/actions/schemas.js';
import type { Inspection, Template } from '../../common/modules/questionnaires/schemas.js';
import type { Actor, HistoryEntry, Page } from '../../common/schemas/platform.js';
import { RECORDS_CHANGED_EVENT, type RecordsChanged } from '../src/modules/_platform/events.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { noiseJpeg, TusClient } from './attachments-tus.js';
import { bearer, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
/** The operator: every right (manages actions, plans and templates), in Acme / Lyon. */
let manager: string;
let managerId: string;
/** The field user: actions-plans-actions.read and action-plans.read (its own work, the plans). */
let field: string;
let fieldId: string;
/** The district administrator: the actions read rights too, another member's own work. */
let other: string;
let otherId: string;
let lyon: string;
let lyonSite: string;
let declaration: { id: string; title: string };

interface Call {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  token?: string;
  key?: string;
}

async function call<T = unknown>({ method = 'GET', url, payload, token = manager, key }: Call) {
  const response = await server.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/actions${url}`,
    headers: { ...bearer(token), ...(method !== 'GET' ? { 'idempotency-key': key ?? randomUUID() } : {}) },
    ...(payload ? { payload } : {}),
  });
  type Body = Envelope<T> & { message?: string; details?: string; current?: Action };
  const body = response.headers['content-type']?.toString().includes('json') ? response.json<Body>() : ({} as Body);
  return { status: response.statusCode, body, data: body.data, text: response.body, headers: response.headers };
}

/** The server on a loopback port (tus uploads and the socket need a real one), opened once. */
let loopbackUrl: string | null = null;
const loopback = async () => (loopbackUrl ??= await listenOnLoopback(server));

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
const AT = new Date().toISOString();
const today = districtToday();

async function newAction(fields: Record<string, unknown> = {}, token = manager) {
  const made = await call<Action>({
    method: 'POST',
    url: '/',
    token,
    payload: {
      id: randomUUID(),
      title: `Réparer la porte ${randomUUID().slice(0, 6)}`,
      description: 'Porte coupe-feu qui ne se ferme plus',
      siteId: lyonSite,
      planId: null,
      assigneeId: fieldId,
      dueOn: addDays(today, 10),
      priority: 'normal',
      proof: { photo: false, note: false },
      ...fields,
    },
  });
  expect(made.status, made.text).toBe(201);
  return made.data;
}

const move = (action: { id: string }, status: string, token = field, note?: string) =>
  call<Action>({ method: 'POST', url: `/${action.id}/status`, token, payload: { status, at: AT, ...(note !== undefined ? { note } : {}) } });

const list = async (query: string, token = manager) => {
  const page = await call<Page<ActionSummary>>({ url: `/?${query}`, token });
  expect(page.status, page.text).toBe(200);
  return page.data;
};

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  other = (await login(server, 'district-admin@demo.vigie.test')).token;
  [managerId, fieldId, otherId] = [subOf(manager), subOf(field), subOf(other)];
  const acme = await server.databases.client('acme');
  lyon = (await acme.query<{ id: string }>(`select id from districts where name = 'Lyon'`)).rows[0]!.id;
  lyonSite = (await acme.query<{ id: string }>('select id from sites where district_id = $1 order by name limit 1', [lyon])).rows[0]!.id;
  declaration = (await acme.query<{ id: string; title: string }>('select id, title from declarations where district_id = $1 and deleted_at is null order by title limit 1', [lyon])).rows[0]!;
});
afterAll(() => server?.destroy());

describe('demo data', () => {
  it('seeds actions, plans and templates, and the field user has its own', async () => {
    const all = await list('limit=200');
    expect(all.total).toBeGreaterThanOrEqual(50);
    expect(all.items.some((a) => a.overdue)).toBe(true);
    expect(all.items.some((a) => a.status === 'verified' && a.photoCount > 0)).toBe(true);
    expect(all.items.some((a) => a.source?.kind === 'declaration')).toBe(true);
    expect(all.items.some((a) => a.source?.kind === 'inspection' && a.source.label.includes(' — '))).toBe(true);
    const mine = await list('limit=200', field);
    // Its own work: assigned to it, or made by it (the follow-ups of the inspections it submitted).
    expect(mine.items.filter((a) => a.assignee?.id === fieldId).length).toBeGreaterThan(0);
    expect(mine.items.every((a) => a.assignee?.id === fieldId || a.source?.kind === 'inspection')).toBe(true);
    expect(mine.total).toBeLessThan(all.total);
    const plans = await call<Page<PlanSummary>>({ url: '/plans', token: field });
    expect(plans.data.items.map((p) => p.name)).toContain('Plan d’actions incendie 2026');
    const templates = await call<Page<ActionTemplate>>({ url: '/templates' });
    expect(templates.data.items.map((t) => t.name)).toContain('Remplacer un extincteur');
  });
});

describe('own work', () => {
  it('a read right makes an action for itself only', async () => {
    const mine = await newAction({ assigneeId: null }, field);
    expect(mine.assignee?.id).toBe(fieldId);
    expect(mine.createdBy.id).toBe(fieldId);
    expect(mine.status).toBe('todo');
    const forOther = await call({ method: 'POST', url: '/', token: field, payload: { id: randomUUID(), title: 'Pour un autre', description: '', siteId: null, planId: null, assigneeId: otherId, dueOn: null, priority: 'low', proof: { photo: false, note: false } } });
    expect(forOther.status).toBe(403);
    expect(forOther.body.message).toBe('actions.own_work_only');
    // A manager assigns anyone; an unassigned action stays so.
    expect((await newAction({ assigneeId: otherId })).assignee?.id).toBe(otherId);
    expect((await newAction({ assigneeId: null })).assignee).toBeNull();
  });

  it('sees and moves only its own: another member’s action is not found', async () => {
    const others = await newAction({ assigneeId: otherId });
    expect((await call({ url: `/${others.id}`, token: field })).status).toBe(404);
    expect((await call({ url: `/${others.id}/history`, token: field })).status).toBe(404);
    expect((await move(others, 'inProgress', field)).status).toBe(404);
    expect((await call({ method: 'POST', url: `/${others.id}/comments`, token: field, payload: { id: randomUUID(), text: 'Moi aussi', at: AT } })).status).toBe(404);
    expect((await list(`sourceId=${declaration.id}&limit=200`, field)).items.every((a) => a.assignee?.id === fieldId)).toBe(true);
    const seen = await list('limit=200', field);
    expect(seen.items.map((a) => a.id)).not.toContain(others.id);
    // Editing and deleting are managers' (the route's manage right).
    expect((await call({ method: 'PATCH', url: `/${others.id}`, token: other, payload: { baseVersion: 1, changes: { title: 'Repris' } } })).status).toBe(403);
    expect((await call({ method: 'DELETE', url: `/${others.id}`, token: other, payload: { baseVersion: 1 } })).status).toBe(403);
    // Its assignee comments it.
    const commented = await call<Action>({ method: 'POST', url: `/${others.id}/comments`, token: other, payload: { id: randomUUID(), text: 'Je m’en occupe', at: AT } });
    expect(commented.status).toBe(201);
    expect(commented.data.comments.map((c) => c.text)).toEqual(['Je m’en occupe']);
    expect((await list(`search=${encodeURIComponent(others.title)}`)).items[0]!.commentCount).toBe(1);
  });

  it('the people picker is the managers’, searched by name', async () => {
    expect((await call({ url: '/members', token: field })).status).toBe(403);
    const found = await call<Actor[]>({ url: '/members?search=FIELD' });
    expect(found.data.map((m) => m.name)).toEqual(['field@demo.vigie.test']);
  });
});

describe('the workflow', () => {
  it('the assignee starts, closes and reopens; only a manager verifies, cancels and reopens a cancelled one', async () => {
    const action = await newAction();
    expect((await move(action, 'inProgress')).data.status).toBe('inProgress');
    const verify = await move(action, 'verified');
    expect(verify.status).toBe(409);
    expect(verify.body.message).toBe('actions.transition_not_allowed');
    expect(verify.body.current?.status).toBe('inProgress');
    expect((await move(action, 'cancelled')).status).toBe(409);
    const done = await move(action, 'done', field, 'Porte réglée');
    expect(done.status).toBe(200);
    expect(done.data.closingNote).toBe('Porte réglée');
    expect(done.data.doneBy?.id).toBe(fieldId);
    expect((await move(action, 'inProgress')).data.closingNote).toBeNull();
    await move(action, 'done', field, 'Porte réglée, vérifiée');
    const verified = await move(action, 'verified', manager);
    expect(verified.data.status).toBe('verified');
    expect(verified.data.verifiedBy?.id).toBe(managerId);
    // Verified: the assignee may no longer reopen it; a manager may.
    expect((await move(action, 'inProgress')).status).toBe(409);
    expect((await move(action, 'inProgress', manager)).data.status).toBe('inProgress');
    expect((await move(action, 'cancelled', manager, 'Doublon')).data.status).toBe('cancelled');
    expect((await move(action, 'todo')).status).toBe(409);
    const reopened = await move(action, 'todo', manager);
    expect(reopened.data.status).toBe('todo');
    expect(reopened.data.statusChanges.map((c) => `${c.from}>${c.to}`)).toEqual([
      'todo>inProgress', 'inProgress>done', 'done>inProgress', 'inProgress>done', 'done>verified', 'verified>inProgress', 'inProgress>cancelled', 'cancelled>todo',
    ]);
    const history = await call<HistoryEntry[]>({ url: `/${action.id}/history`, token: field });
    expect(history.data.filter((h) => h.changes.some((c) => c.field === 'status'))).toHaveLength(8);
  });

  it('a member who made an action but is not its assignee may not move it', async () => {
    const action = await newAction({ assigneeId: null }, field);
    const reassigned = await call<Action>({ method: 'PATCH', url: `/${action.id}`, payload: { baseVersion: action.version, changes: { assigneeId: otherId } } });
    expect(reassigned.status).toBe(200);
    // Still its own work (it made it): seen, not moved.
    expect((await call({ url: `/${action.id}`, token: field })).status).toBe(200);
    const refused = await move(action, 'inProgress', field);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('actions.not_assignee');
  });

  it('closing needs the proof the action asks: a photo on it, a closing note', async () => {
    const action = await newAction({ proof: { photo: true, note: true } });
    const bare = await move(action, 'done');
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ message: 'actions.proof_required', details: 'photo,note' });
    expect((await move(action, 'done', field, '   ')).body.details).toBe('photo,note');
    expect((await move(action, 'done', field, 'Remplacée')).body.details).toBe('photo');
    // The photo, uploaded by the assignee through tus as the app does it.
    const url = await loopback();
    const bytes = await noiseJpeg(64, 48);
    const photoId = randomUUID();
    const upload = await new TusClient(url, field).createWith({ attachmentId: photoId, module: 'actions', recordId: action.id, name: 'apres.jpg', type: 'image/jpeg' }, bytes.length, bytes);
    expect(upload.status).toBe(201);
    const closed = await move(action, 'done', field, 'Remplacée');
    expect(closed.status, closed.text).toBe(200);
    expect(closed.data.attachments.map((a) => a.id)).toEqual([photoId]);
    expect((await list(`search=${encodeURIComponent(action.title)}`)).items[0]!.photoCount).toBe(1);
    const photo = await server.app.inject({ url: `/api/attachments/${photoId}`, headers: bearer(field) });
    expect(createHash('sha256').update(photo.rawPayload).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    // Another member with only the read right neither sees its photo nor attaches one to it.
    expect((await server.app.inject({ url: `/api/attachments/${photoId}`, headers: bearer(other) })).statusCode).toBe(404);
    const stranger = await new TusClient(url, other).createWith({ attachmentId: randomUUID(), module: 'actions', recordId: action.id, name: 'x.jpg', type: 'image/jpeg' }, bytes.length, bytes);
    expect(stranger.status).toBe(404);
  });

  it('a move is checked against the status when it arrives, with no base version; a replay is one move', async () => {
    const action = await newAction();
    await call({ method: 'PATCH', url: `/${action.id}`, payload: { baseVersion: action.version, changes: { dueOn: addDays(today, 20) } } });
    const key = randomUUID();
    const first = await call<Action>({ method: 'POST', url: `/${action.id}/status`, token: field, key, payload: { status: 'inProgress', at: AT } });
    expect(first.status).toBe(200);
    const replay = await call<Action>({ method: 'POST', url: `/${action.id}/status`, token: field, key, payload: { status: 'inProgress', at: AT } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await call<Action>({ url: `/${action.id}` })).data.statusChanges).toHaveLength(1);
  });
});

describe('photos', () => {
  it('the assignee deletes the photos it added to its open action; a closed action keeps them, whoever asks', async () => {
    const url = await loopback();
    const bytes = await noiseJpeg(32, 24);
    const action = await newAction();
    const upload = async (token: string) => {
      const id = randomUUID();
      const made = await new TusClient(url, token).createWith({ attachmentId: id, module: 'actions', recordId: action.id, name: `${id.slice(0, 4)}.jpg`, type: 'image/jpeg' }, bytes.length, bytes);
      expect(made.status).toBe(201);
      return id;
    };
    const remove = (id: string, token: string) => call({ method: 'DELETE', url: `/api/attachments/${id}`, token });
    const shown = async () => (await call<Action>({ url: `/${action.id}`, token: field })).data.attachments.map((a) => a.id);
    const mine = await upload(field);
    const managers = await upload(manager);
    // Another member with the read right does not see this action: nor its files.
    expect((await remove(mine, other)).status).toBe(404);
    // The assignee's own photos only; a manager's stays.
    const notYours = await remove(managers, field);
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe('attachments.not_yours');
    expect((await remove(mine, field)).status).toBe(200);
    expect(await shown()).toEqual([managers]);
    const history = await call<HistoryEntry[]>({ url: `/${action.id}/history`, token: field });
    expect(history.data.some((h) => h.by.id === fieldId && h.changes.some((c) => c.field === 'attachments' && c.after === null))).toBe(true);
    // Closed (done, then verified): the proof stays, for its assignee and for a manager.
    const proof = await upload(field);
    expect((await move(action, 'done')).status).toBe(200);
    for (const token of [field, manager]) {
      const kept = await remove(proof, token);
      expect(kept.status).toBe(423);
      expect(kept.body.message).toBe('actions.proof_kept');
    }
    expect((await move(action, 'verified', manager)).status).toBe(200);
    expect((await remove(managers, manager)).status).toBe(423);
    // Reopened by a manager: its photos may change again.
    expect((await move(action, 'inProgress', manager)).status).toBe(200);
    expect((await remove(proof, field)).status).toBe(200);
    expect((await remove(managers, manager)).status).toBe(200);
    expect(await shown()).toEqual([]);
    // Cancelled: kept too.
    const last = await upload(field);
    expect((await move(action, 'cancelled', manager)).status).toBe(200);
    expect((await remove(last, field)).status).toBe(423);
  });
});

describe('links both ways', () => {
  it('an action follows a declaration or a submitted inspection’s failed item; the source’s sheet lists them', async () => {
    const fromDeclaration = await newAction({ source: { kind: 'declaration', id: declaration.id }, assigneeId: null }, field);
    expect(fromDeclaration.source).toEqual({ kind: 'declaration', id: declaration.id, questionKey: null, label: declaration.title });
    const listed = await list(`sourceId=${declaration.id}`);
    expect(listed.items.map((a) => a.id)).toContain(fromDeclaration.id);
    expect(listed.items.every((a) => a.source?.id === declaration.id)).toBe(true);
    expect((await list(`source=declaration&limit=200`)).items.every((a) => a.source?.kind === 'declaration')).toBe(true);
    expect((await list(`source=none&limit=200`)).items.every((a) => a.source === null)).toBe(true);
    const unknown = await call({ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: null, planId: null, assigneeId: null, dueOn: null, priority: 'low', proof: { photo: false, note: false }, source: { kind: 'declaration', id: randomUUID() } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'actions.invalid_source', details: 'source.id' });
  });

  it('a submit turns the failed items’ action drafts into actions, once; another item or an unsubmitted inspection is no source', async () => {
    const template = await call<Template>({
      method: 'POST',
      url: '/api/questionnaires/templates',
      payload: {
        id: randomUUID(),
        family: 'questionnary',
        name: `Ronde ${randomUUID().slice(0, 6)}`,
        description: '',
        passMark: null,
        sections: [
          {
            key: 'fire',
            title: 'Incendie',
            questions: [
              { key: 'extinguisher', type: 'yesNo', label: 'Extincteur en place ?', required: true, onFail: { photo: false, action: true } },
              { key: 'exit', type: 'yesNo', label: 'Issue dégagée ?', required: true },
            ],
          },
        ],
      },
    });
    expect(template.status, template.text).toBe(201);
    const started = await call<Inspection>({
      method: 'POST',
      url: '/api/questionnaires/inspections',
      token: field,
      payload: { id: randomUUID(), templateId: template.data.id, siteId: lyonSite, startedAt: AT, startPosition: null },
    });
    expect(started.status, started.text).toBe(201);
    const inspection = started.data;
    // Not submitted yet: no source.
    const early = await call({ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: null, planId: null, assigneeId: null, dueOn: null, priority: 'low', proof: { photo: false, note: false }, source: { kind: 'inspection', id: inspection.id, questionKey: 'extinguisher' } } });
    expect(early.body).toMatchObject({ message: 'actions.invalid_source', details: 'source.id' });
    const signature = randomUUID();
    await (await server.databases.client('acme')).query(
      `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by)
       values ($1, $2, 'questionnaires', $3, 'signature.png', 'image/png', 3, $4, 'abc', 'complete', $5)`,
      [signature, lyon, inspection.id, `acme/${signature}`, fieldId],
    );
    // Due today: counted at once in its assignee's workflow badge (the cached envelope dropped by the submit).
    const dueOn = today;
    const badge = async () => (await server.app.inject({ url: '/api/notifications/unreadCount', headers: bearer(field) })).json<{ workflowNotificationsNumber: number }>().workflowNotificationsNumber;
    const before = await badge();
    const key = randomUUID();
    const submit = () =>
      call<Inspection>({
        method: 'POST',
        url: `/api/questionnaires/inspections/${inspection.id}/submit`,
        token: field,
        key,
        payload: {
          answers: { extinguisher: { value: 'no', at: AT, action: { title: 'Remettre un extincteur au rez-de-chaussée', dueOn, assigneeId: fieldId } }, exit: { value: 'yes', at: AT } },
          signature,
          signedBy: 'Camille Martin',
          startedAt: AT,
          finishedAt: AT,
          startPosition: null,
          endPosition: null,
        },
      });
    expect((await submit()).status).toBe(200);
    expect(await badge()).toBe(before + 1);
    expect((await submit()).headers['idempotent-replayed']).toBe('true');
    const made = await list(`sourceId=${inspection.id}`, field);
    expect(made.total).toBe(1);
    const action = made.items[0]!;
    expect(action).toMatchObject({ title: 'Remettre un extincteur au rez-de-chaussée', priority: 'high', dueOn, siteId: lyonSite, status: 'todo' });
    expect(action.assignee?.id).toBe(fieldId);
    expect(action.source).toEqual({ kind: 'inspection', id: inspection.id, questionKey: 'extinguisher', label: `${template.data.name} — Extincteur en place ?` });
    expect((await call<Action>({ url: `/${action.id}`, token: field })).data.createdBy.id).toBe(fieldId);
    // A second item of the same inspection by hand: only a failed one.
    const passed = await call({ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: null, planId: null, assigneeId: null, dueOn: null, priority: 'low', proof: { photo: false, note: false }, source: { kind: 'inspection', id: inspection.id, questionKey: 'exit' } } });
    expect(passed.body).toMatchObject({ message: 'actions.invalid_source', details: 'source.questionKey' });
    const again = await newAction({ source: { kind: 'inspection', id: inspection.id, questionKey: 'extinguisher' } });
    expect(again.source?.label).toBe(`${template.data.name} — Extincteur en place ?`);
  });
});

describe('plans', () => {
  it('computes progress: done or verified of the actions not cancelled, overdue ones open and past due', async () => {
    const created = await call<Plan>({
      method: 'POST',
      url: '/plans',
      payload: { id: randomUUID(), name: 'Plan test progression', description: '', siteId: lyonSite, ownerId: managerId, startOn: today, endOn: addDays(today, 60) },
    });
    expect(created.status, created.text).toBe(201);
    const plan = created.data;
    expect(plan.progress).toEqual({ total: 0, done: 0, overdue: 0, percent: null });
    const [a, b, c] = [await newAction({ planId: plan.id }), await newAction({ planId: plan.id }), await newAction({ planId: plan.id })];
    await newAction({ planId: plan.id, dueOn: addDays(today, -3) });
    await move(a, 'done');
    await move(b, 'done');
    await move(b, 'verified', manager);
    await move(c, 'cancelled', manager);
    const read = await call<Plan>({ url: `/plans/${plan.id}`, token: field });
    expect(read.data.progress).toEqual({ total: 3, done: 2, overdue: 1, percent: 66.7 });
    expect((await list(`plan=${plan.id}`)).total).toBe(4);
    // Managers of plans write them; a reader of plans does not.
    expect((await call({ method: 'PATCH', url: `/plans/${plan.id}`, token: field, payload: { baseVersion: 1, changes: { name: 'Repris' } } })).status).toBe(403);
    const renamed = await call<Plan>({ method: 'PATCH', url: `/plans/${plan.id}`, payload: { baseVersion: 1, changes: { name: 'Plan renommé' } } });
    expect(renamed.data).toMatchObject({ name: 'Plan renommé', version: 2 });
    expect((await list(`plan=${plan.id}`)).items[0]!.planName).toBe('Plan renommé');
    const badDates = await call({ method: 'PATCH', url: `/plans/${plan.id}`, payload: { baseVersion: 2, changes: { endOn: addDays(today, -1) } } });
    expect(badDates.body).toMatchObject({ message: 'actions.invalid_date', details: 'endOn' });
    expect((await call<Plan>({ method: 'DELETE', url: `/plans/${plan.id}`, payload: { baseVersion: 2 } })).data.deletedAt).not.toBeNull();
    expect((await call<Page<PlanSummary>>({ url: '/plans?limit=200' })).data.items.map((p) => p.id)).not.toContain(plan.id);
    expect((await call<Page<PlanSummary>>({ url: '/plans?deleted=true' })).data.items.map((p) => p.id)).toContain(plan.id);
    expect((await call<Plan>({ method: 'POST', url: `/plans/${plan.id}/restore`, payload: { baseVersion: 3 } })).data.deletedAt).toBeNull();
    expect((await call<HistoryEntry[]>({ url: `/plans/${plan.id}/history` })).data.map((h) => h.action)).toEqual(['restore', 'delete', 'update', 'create']);
  });
});

describe('templates', () => {
  it('managers of templates build them; an action made from one counts in its use', async () => {
    const payload = { id: randomUUID(), name: 'Changer un détecteur', title: 'Changer le détecteur de fumée', description: '', priority: 'high', dueInDays: 5, proof: { photo: true, note: false } };
    expect((await call({ method: 'POST', url: '/templates', token: field, payload })).status).toBe(403);
    expect((await call({ url: '/templates', token: field })).status).toBe(403);
    const made = await call<ActionTemplate>({ method: 'POST', url: '/templates', payload });
    expect(made.status, made.text).toBe(201);
    expect(made.data.usageCount).toBe(0);
    await newAction({ templateId: made.data.id, proof: { photo: true, note: false } });
    expect((await call<ActionTemplate>({ url: `/templates/${made.data.id}` })).data.usageCount).toBe(1);
    expect((await list(`template=${made.data.id}`)).total).toBe(1);
    const found = await call<Page<ActionTemplate>>({ url: '/templates?search=detecteur' });
    expect(found.data.items.map((t) => t.id)).toEqual([made.data.id]);
    const edited = await call<ActionTemplate>({ method: 'PATCH', url: `/templates/${made.data.id}`, payload: { baseVersion: 1, changes: { dueInDays: 3 } } });
    expect(edited.data).toMatchObject({ dueInDays: 3, version: 2 });
    expect((await call({ method: 'DELETE', url: `/templates/${made.data.id}`, payload: { baseVersion: 2 } })).status).toBe(200);
    const fromDeleted = await call({ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: null, planId: null, assigneeId: null, dueOn: null, priority: 'low', proof: { photo: false, note: false }, templateId: made.data.id } });
    expect(fromDeleted.status).toBe(404);
    expect((await call({ method: 'POST', url: `/templates/${made.data.id}/restore`, payload: { baseVersion: 3 } })).status).toBe(200);
  });
});

describe('the list', () => {
  it('filters, sorts with keyset pages, and exports the same rows as CSV', async () => {
    const tag = randomUUID().slice(0, 8);
    const late = await newAction({ title: `Liste ${tag} en retard`, dueOn: addDays(today, -5), priority: 'low' });
    const urgent = await newAction({ title: `Liste ${tag} critique`, dueOn: addDays(today, 3), priority: 'critical' });
    const none = await newAction({ title: `Liste ${tag} sans date`, dueOn: null, priority: 'normal', assigneeId: otherId });
    const todayOne = await newAction({ title: `Liste ${tag} aujourd’hui`, dueOn: today, priority: 'high' });
    const search = `search=${encodeURIComponent(`Liste ${tag}`)}`;
    // Default: overdue first, then by due date, the ones without a date last.
    expect((await list(search)).items.map((a) => a.id)).toEqual([late.id, todayOne.id, urgent.id, none.id]);
    expect((await list(search)).items[0]!.overdue).toBe(true);
    expect((await list(`${search}&sort=-priority`)).items.map((a) => a.id)).toEqual([urgent.id, todayOne.id, none.id, late.id]);
    expect((await list(`${search}&sort=-dueOn`)).items.map((a) => a.id)).toEqual([urgent.id, todayOne.id, late.id, none.id]);
    expect((await list(`${search}&due=overdue`)).items.map((a) => a.id)).toEqual([late.id]);
    expect((await list(`${search}&due=today`)).items.map((a) => a.id)).toEqual([todayOne.id]);
    expect((await list(`${search}&due=week`)).items.map((a) => a.id)).toEqual([todayOne.id, urgent.id]);
    expect((await list(`${search}&due=none`)).items.map((a) => a.id)).toEqual([none.id]);
    expect((await list(`${search}&priority=critical,high`)).items.map((a) => a.id)).toEqual([todayOne.id, urgent.id]);
    expect((await list(`${search}&assignee=${otherId}`)).items.map((a) => a.id)).toEqual([none.id]);
    expect((await list(`${search}&mine=true`, other)).items.map((a) => a.id)).toEqual([none.id]);
    expect((await list(`${search}&from=${today}&to=${addDays(today, 3)}`)).items.map((a) => a.id)).toEqual([todayOne.id, urgent.id]);
    await move(urgent, 'inProgress');
    expect((await list(`${search}&status=inProgress`)).items.map((a) => a.id)).toEqual([urgent.id]);
    // Keyset pages: two of two, nothing lost or repeated, for every sort.
    for (const sort of ['', '&sort=dueOn', '&sort=-dueOn', '&sort=-priority', '&sort=-updatedAt']) {
      const first = await list(`${search}${sort}&limit=2`);
      expect(first.total).toBe(4);
      const second = await list(`${search}${sort}&limit=2&cursor=${first.nextCursor}`);
      expect(second.nextCursor).toBeNull();
      expect(new Set([...first.items, ...second.items].map((a) => a.id)).size).toBe(4);
    }
    const csv = await call({ url: `/export.csv?${search}&sort=-priority` });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('"Titre"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`"Liste ${tag} critique"`);
    expect(lines[1]).toContain('"Critique"');
    // The field user's export is its own work only.
    const own = await call({ url: `/export.csv?${search}`, token: other });
    expect(own.text).toContain(`Liste ${tag} sans date`);
    expect(own.text).not.toContain(`Liste ${tag} critique`);
  });

  it('"my actions": overdue first, then by due day (closed ones among them), the same order page after page', async () => {
    const tag = randomUUID().slice(0, 8);
    const mine = (title: string, dueOn: string | null) => newAction({ title: `Mes ${tag} ${title}`, dueOn });
    const close = async (action: Action) => {
      expect((await move(action, 'inProgress')).status).toBe(200);
      expect((await move(action, 'done')).status).toBe(200);
    };
    const late2 = await mine('retard 2', addDays(today, -2));
    const undated = await mine('sans date', null);
    const closedLate = await mine('faite en retard', addDays(today, -20));
    await close(closedLate);
    const soon = await mine('demain', addDays(today, 1));
    const late9 = await mine('retard 9', addDays(today, -9));
    const closedLater = await mine('faite plus tard', addDays(today, 4));
    await close(closedLater);
    const todayOne = await mine('aujourd’hui', today);
    // The open ones past due first; then every other by due day, the closed ones among them; no date last.
    const expected = [late9, late2, closedLate, todayOne, soon, closedLater, undated].map((a) => a.id);
    const search = `mine=true&search=${encodeURIComponent(`Mes ${tag}`)}`;
    expect((await list(search, field)).items.map((a) => a.id)).toEqual(expected);
    for (const size of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<ActionSummary> = await list(`${search}&limit=${size}${cursor ? `&cursor=${cursor}` : ''}`, field);
        expect(page.total).toBe(7);
        seen.push(...page.items.map((a) => a.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual(expected);
    }
    // A manager's district list keeps the same order.
    expect((await list(`search=${encodeURIComponent(`Mes ${tag}`)}&limit=4`)).items.map((a) => a.id)).toEqual(expected.slice(0, 4));
  });

  it('deleted actions leave the lists and come back; only managers list them', async () => {
    const action = await newAction();
    const deleted = await call<Action>({ method: 'DELETE', url: `/${action.id}`, payload: { baseVersion: 1 } });
    expect(deleted.data.deletedAt).not.toBeNull();
    expect((await list(`search=${encodeURIComponent(action.title)}`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent(action.title)}&deleted=true`)).total).toBe(1);
    expect((await call({ url: '/?deleted=true', token: field })).status).toBe(403);
    expect((await move(action, 'inProgress')).body.message).toBe('record.deleted');
    const restored = await call<Action>({ method: 'POST', url: `/${action.id}/restore`, payload: { baseVersion: 2 } });
    expect(restored.data).toMatchObject({ deletedAt: null, version: 3 });
  });
});

/** The manager's open app: what its socket hears (`records:changed`), from now on. Disconnected after the file. */
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.disconnect()));
async function managerHears(): Promise<RecordsChanged[]> {
  const socket = connect(await loopback(), { path: '/ws', transports: ['websocket'], auth: { token: manager }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const heard: RecordsChanged[] = [];
  socket.on(RECORDS_CHANGED_EVENT, (change: RecordsChanged) => heard.push(change));
  return heard;
}

describe('live changes', () => {
  it('a manager’s open app hears every write of an action or a plan, once committed', async () => {
    const heard = await managerHears();
    const action = await newAction({ assigneeId: null }, field);
    await expect.poll(() => heard.filter((c) => c.id === action.id)).toEqual([{ module: 'actions', id: action.id, version: 1 }]);
    await move(action, 'inProgress');
    await expect.poll(() => heard.filter((c) => c.id === action.id).map((c) => c.version)).toEqual([1, 2]);
    // A refused move tells nobody.
    expect((await move(action, 'verified')).status).toBe(409);
    const plan = await call<Plan>({ method: 'POST', url: '/plans', payload: { id: randomUUID(), name: 'Plan suivi en direct', description: '', siteId: null, ownerId: managerId, startOn: null, endOn: null } });
    await expect.poll(() => heard.filter((c) => c.id === plan.data.id)).toEqual([{ module: 'action_plans', id: plan.data.id, version: 1 }]);
    expect(heard.filter((c) => c.id === action.id)).toHaveLength(2);
  });
});

describe('plans told live', () => {
  it('a plan’s own records:changed for its writes and for every action write that moves its progress', async () => {
    const heard = await managerHears();
    const newPlan = async (name: string) => {
      const made = await call<Plan>({ method: 'POST', url: '/plans', payload: { id: randomUUID(), name, description: '', siteId: null, ownerId: managerId, startOn: null, endOn: null } });
      expect(made.status, made.text).toBe(201);
      return made.data;
    };
    const [first, second] = [await newPlan('Plan suivi A'), await newPlan('Plan suivi B')];
    const told = (plan: Plan) => heard.filter((c) => c.module === 'action_plans' && c.id === plan.id).map((c) => c.version);
    await expect.poll(() => told(first)).toEqual([1]);
    // The plan's own writes: edit, delete, restore.
    expect((await call({ method: 'PATCH', url: `/plans/${first.id}`, payload: { baseVersion: 1, changes: { name: 'Plan suivi A bis' } } })).status).toBe(200);
    expect((await call({ method: 'DELETE', url: `/plans/${first.id}`, payload: { baseVersion: 2 } })).status).toBe(200);
    expect((await call({ method: 'POST', url: `/plans/${first.id}/restore`, payload: { baseVersion: 3 } })).status).toBe(200);
    await expect.poll(() => told(first)).toEqual([1, 2, 3, 4]);
    // An action of the plan: made, moved, then moved to the other plan (both told), deleted.
    const action = await newAction({ planId: first.id });
    await expect.poll(() => told(first)).toEqual([1, 2, 3, 4, null]);
    expect((await move(action, 'inProgress')).status).toBe(200);
    await expect.poll(() => told(first)).toEqual([1, 2, 3, 4, null, null]);
    expect((await call({ method: 'PATCH', url: `/${action.id}`, payload: { baseVersion: 2, changes: { planId: second.id } } })).status).toBe(200);
    await expect.poll(() => told(first)).toHaveLength(7);
    await expect.poll(() => told(second)).toEqual([1, null]);
    expect((await call({ method: 'DELETE', url: `/${action.id}`, payload: { baseVersion: 3 } })).status).toBe(200);
    await expect.poll(() => told(second)).toEqual([1, null, null]);
    // An action without a plan tells no plan; a comment moves no progress.
    const before = heard.filter((c) => c.module === 'action_plans').length;
    const loose = await newAction({ planId: null });
    expect((await move(loose, 'inProgress')).status).toBe(200);
    await expect.poll(() => heard.filter((c) => c.id === loose.id)).toHaveLength(2);
    expect(heard.filter((c) => c.module === 'action_plans')).toHaveLength(before);
  });
});

describe('edits and bad input', () => {
  it('a stale edit is a 409 with the current action; a new due date is reminded afresh', async () => {
    const action = await newAction();
    const acme = await server.databases.client('acme');
    await acme.query('update actions set reminded_at = now() where id = $1', [action.id]);
    const dueOn = addDays(today, 30);
    const edited = await call<Action>({ method: 'PATCH', url: `/${action.id}`, payload: { baseVersion: 1, changes: { dueOn, priority: 'critical' } } });
    expect(edited.data).toMatchObject({ dueOn, priority: 'critical', version: 2 });
    const reminder = (await acme.query<{ remind_on: string; reminded_at: Date | null }>('select remind_on::text, reminded_at from actions where id = $1', [action.id])).rows[0]!;
    expect(reminder).toEqual({ remind_on: addDays(dueOn, -2), reminded_at: null });
    const stale = await call({ method: 'PATCH', url: `/${action.id}`, payload: { baseVersion: 1, changes: { title: 'Ancienne base' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('record.version_conflict');
    expect(stale.body.current).toMatchObject({ id: action.id, version: 2, priority: 'critical' });
  });

  it('answers 400 with a clear message, never a 500', async () => {
    const action = await newAction();
    const cases: [Call, string, string?][] = [
      [{ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: null, planId: null, assigneeId: null, dueOn: '2026-02-30', priority: 'low', proof: { photo: false, note: false } } }, 'actions.invalid_date', 'dueOn'],
      [{ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: null, planId: null, assigneeId: randomUUID(), dueOn: null, priority: 'low', proof: { photo: false, note: false } } }, 'actions.not_member', 'assigneeId'],
      [{ method: 'PATCH', url: `/${action.id}`, payload: { baseVersion: 1, changes: { dueOn: '2026-13-01' } } }, 'actions.invalid_date', 'dueOn'],
      [{ url: '/?status=finished' }, 'actions.invalid_filter', 'status'],
      [{ url: '/?from=2026-04-31' }, 'actions.invalid_date', 'from'],
      [{ url: '/?cursor=abc' }, 'validation.invalid_cursor'],
      [{ url: '/?limit=0' }, 'validation.invalid_request'],
      [{ method: 'POST', url: `/${action.id}/status`, payload: { status: 'finished', at: AT } }, 'validation.invalid_request'],
      [{ method: 'POST', url: '/plans', payload: { id: randomUUID(), name: 'P', description: '', siteId: null, ownerId: randomUUID(), startOn: null, endOn: null } }, 'actions.not_member', 'ownerId'],
    ];
    for (const [request, message, details] of cases) {
      const answer = await call(request);
      expect(answer.status, `${request.url}: ${answer.text}`).toBe(400);
      expect(answer.body.message).toBe(message);
      if (details) expect(answer.body.details).toBe(details);
    }
    expect((await call({ method: 'POST', url: '/', payload: { id: randomUUID(), title: 'x', description: '', siteId: randomUUID(), planId: null, assigneeId: null, dueOn: null, priority: 'low', proof: { photo: false, note: false } } })).body.message).toBe('actions.site_not_found');
    expect((await call({ url: `/${randomUUID()}` })).status).toBe(404);
  });
});
