/**
 * The workflows (/api/workflow): transitions by right and by role, required fields and a
 * signature, N-of-M approvals, versions kept by running instances, a move sent offline refused
 * when no longer allowed, delegation ("X for Y"), the inbox and its badge, the reminders and
 * escalations sent once. The record core's rules are tested once, in supplier.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_INSTANCES_MODULE, type Definition, type InboxPage, type Instance, type InstancePage, type WorkflowSpec } from '../../common/modules/workflow/schemas.js';
import { districtToday } from '../src/modules/_platform/dates.js';
import { emitRecordChanged } from '../src/modules/_platform/events.js';
import { WorkflowAnswers } from '../src/modules/workflow/answers.js';
import { runWorkflowDeadlines } from '../src/modules/workflow/jobs.js';
import { forgetWorkflowCounts } from '../src/modules/workflow/service.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let approver: string;
let field: string;
let fieldId: string;
let approverId: string;
let lyon: string;

const call = apiCaller(() => server, '/api/workflow', () => manager);
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const ADMIN = { type: 'right', right: 'district.admin' } as const;

async function definition(spec: WorkflowSpec, name = 'Test'): Promise<string> {
  const id = randomUUID();
  const created = await call<Definition>({ method: 'POST', url: '/definitions', payload: { id, name, target: null, draft: spec } });
  expect(created.status, created.text).toBe(201);
  const published = await call<Definition>({ method: 'POST', url: `/definitions/${id}/publish` });
  expect(published.status, published.text).toBe(200);
  return id;
}

async function start(definitionId: string, token = field): Promise<Instance> {
  const answer = await call<Instance>({ method: 'POST', url: '/instances', token, payload: { id: randomUUID(), definitionId, title: `Demande ${randomUUID().slice(0, 6)}` } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

const move = (instance: { id: string }, fromState: string, transition: string, token: string, extra: object = {}) =>
  call<Instance>({ method: 'POST', url: `/instances/${instance.id}/transitions`, token, payload: { transition, fromState, ...extra } });

const hotWorkId = async () => (await call<Definition[]>({ url: '/definitions' })).data.find((d) => d.name === 'Permis de feu')!.id;

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  fieldId = await accountId(server, 'field@demo.vigie.test');
  approverId = await accountId(server, 'district-admin@demo.vigie.test');
  await setRights(server, fieldId, lyon, ['sites.read', 'workflows.workflow_read']);
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  approver = (await login(server, 'district-admin@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
});
afterAll(() => server?.destroy());

describe('the demo data', () => {
  it('has the ready-made definitions and hot-work permits in every state on Lyon', async () => {
    const defs = await call<Definition[]>({ url: '/definitions' });
    expect(defs.data.map((d) => d.name)).toEqual(expect.arrayContaining(['Permis de feu', 'Approbation d’un contrat', 'Approbation de clôture d’une déclaration', 'Demande d’achat (stock bas)']));
    const page = await call<InstancePage>({ url: `/instances?definitionId=${await hotWorkId()}` });
    expect(new Set(page.data.items.map((i) => i.state))).toEqual(new Set(['requested', 'approval', 'work', 'endCheck', 'closed', 'refused']));
  });
});

describe('a hot-work permit', () => {
  it('is moved by the starter (its role) with the required fields, approved by a right with a signature, checked two hours after the work', async () => {
    const badgeBefore = (await call({ url: '/inbox/count', token: approver })).body.workflowNotificationsNumber;
    const permit = await start(await hotWorkId());
    expect(permit.state).toBe('requested');
    expect((await move(permit, 'requested', 'submit', field)).body.message).toBe('workflow.fields_required');
    const fields = { location: 'Quai 3', risks: 'Extincteur à 5 m' };
    // Someone neither its starter nor holding the right may not.
    const other = await login(server, 'districts@demo.vigie.test');
    await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['workflows.workflow_read']);
    expect((await move(permit, 'requested', 'submit', other.token, { fields })).body.message).toBe('workflow.not_allowed');
    const submitted = await move(permit, 'requested', 'submit', field, { fields });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.data.state).toBe('approval');
    // The approver's inbox and badge now hold it; the field user may not approve.
    const inbox = await call<InboxPage>({ url: '/inbox', token: approver });
    expect(inbox.data.items.find((i) => i.id === permit.id)?.moves).toEqual(['approve', 'refuse']);
    expect(inbox.body.workflowNotificationsNumber).toBe(badgeBefore + 1);
    expect((await move(permit, 'approval', 'approve', field)).body.message).toBe('workflow.not_allowed');
    expect((await move(permit, 'approval', 'approve', approver)).body.message).toBe('workflow.signature_required');
    const approved = await move(permit, 'approval', 'approve', approver, { signature: PNG });
    expect(approved.data.state).toBe('work');
    expect((await call({ url: '/inbox/count', token: approver })).body.workflowNotificationsNumber).toBe(badgeBefore);
    const ended = await move(permit, 'work', 'endWork', field);
    expect(ended.data.state).toBe('endCheck');
    const check = ended.data.moves.find((m) => m.key === 'check')!;
    expect(check.blocked).toBe('workflow.too_early');
    expect((await move(permit, 'endCheck', 'check', field, { fields: { checkNote: 'RAS' } })).body.message).toBe('workflow.too_early');
    // Two hours later (the instance's clock moved back).
    const acme = await server.databases.client('acme');
    await acme.query(`update workflow_instances set state_entered_at = state_entered_at - interval '121 minutes' where id = $1`, [permit.id]);
    const closed = await move(permit, 'endCheck', 'check', field, { fields: { checkNote: 'RAS' } });
    expect(closed.data.status).toBe('done');
    expect(closed.data.history.map((h) => h.kind)).toEqual(['start', 'transition', 'approval', 'transition', 'transition', 'transition']);
    // The approver was told: a bell and an e-mail in its language.
    const { rows } = await acme.query<{ subject: string }>(`select subject from mail_outbox where body_text like $1`, [`%${permit.id}%`]);
    expect(rows.some((r) => r.subject.includes('attend votre action') || r.subject.includes('waiting on you'))).toBe(true);
  });

  it('refuses a move sent offline once the instance moved on, with its reason, and keeps the instance as it is', async () => {
    const permit = await start(await hotWorkId());
    await move(permit, 'requested', 'submit', field, { fields: { location: 'A', risks: 'B' } });
    // Both saw "approval": one approves online, the other's refusal arrives later.
    expect((await move(permit, 'approval', 'approve', manager, { signature: PNG })).status).toBe(200);
    const late = await move(permit, 'approval', 'refuse', approver, { reason: 'Zone ATEX' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('workflow.state_changed');
    const now = await call<Instance>({ url: `/instances/${permit.id}` });
    expect(now.data.state).toBe('work');
    expect(now.data.history.some((h) => h.reason === 'Zone ATEX')).toBe(false);
  });
});

describe('approvals N of M', () => {
  it('moves once N distinct approvers approved, each once; a sequence goes in its order', async () => {
    const spec: WorkflowSpec = {
      initial: 'review',
      states: [
        { key: 'review', label: { fr: 'Revue', en: 'Review' } },
        { key: 'ok', label: { fr: 'OK', en: 'OK' }, final: true },
      ],
      transitions: [{ key: 'approve', from: 'review', to: 'ok', label: { fr: 'Approuver', en: 'Approve' }, actors: [ADMIN], approvals: { required: 2 } }],
    };
    const committee = await start(await definition(spec, 'Comité'), manager);
    const first = await move(committee, 'review', 'approve', manager);
    expect(first.data.state).toBe('review');
    expect(first.data.moves[0]!.approvals).toEqual({ required: 2, given: 1, sequence: false });
    expect((await move(committee, 'review', 'approve', manager)).status).toBe(409);
    expect((await move(committee, 'review', 'approve', approver)).data.state).toBe('ok');

    const managerId = await accountId(server, 'operator@demo.vigie.test');
    const ordered = await start(
      await definition({ ...spec, transitions: [{ ...spec.transitions[0]!, actors: [{ type: 'people', accountIds: [approverId, managerId] }], approvals: { required: 2, sequence: true } }] }, 'Séquence'),
      manager,
    );
    expect((await move(ordered, 'review', 'approve', manager)).body.message).toBe('workflow.not_your_turn');
    expect((await call<InboxPage>({ url: '/inbox', token: manager })).data.items.some((i) => i.id === ordered.id)).toBe(false);
    expect((await move(ordered, 'review', 'approve', approver)).data.state).toBe('review');
    expect((await move(ordered, 'review', 'approve', manager)).data.state).toBe('ok');
  });
});

describe('versions', () => {
  it('publishing makes a new version; a running instance keeps the one it started with', async () => {
    const spec: WorkflowSpec = {
      initial: 'a',
      states: [
        { key: 'a', label: { fr: 'A', en: 'A' } },
        { key: 'b', label: { fr: 'B', en: 'B' }, final: true },
      ],
      transitions: [{ key: 'go', from: 'a', to: 'b', label: { fr: 'Aller', en: 'Go' }, actors: [ADMIN] }],
    };
    const id = await definition(spec, 'Versions');
    const old = await start(id, manager);
    const v2: WorkflowSpec = { ...spec, transitions: [{ ...spec.transitions[0]!, key: 'finish', requiredFields: [{ key: 'note', label: { fr: 'Note', en: 'Note' } }] }] };
    expect((await call({ method: 'PATCH', url: `/definitions/${id}`, payload: { draft: v2 } })).status).toBe(200);
    expect((await call<Definition>({ method: 'POST', url: `/definitions/${id}/publish` })).data.currentVersion).toBe(2);
    const fresh = await start(id, manager);
    expect(fresh.definitionVersion).toBe(2);
    expect(fresh.moves.map((m) => m.key)).toEqual(['finish']);
    const kept = await call<Instance>({ url: `/instances/${old.id}` });
    expect(kept.data.definitionVersion).toBe(1);
    expect(kept.data.moves.map((m) => m.key)).toEqual(['go']);
    expect((await move(old, 'a', 'go', manager)).data.state).toBe('b');
    // A spec that does not hold together is refused with its reason.
    const bad = await call({ method: 'PATCH', url: `/definitions/${id}`, payload: { draft: { ...spec, initial: 'b' } } });
    expect([bad.status, bad.body.message]).toEqual([422, 'workflow.bad_initial_state']);
  });
});

describe('delegation', () => {
  it('lets the delegate act while the person is away, recorded as "X for Y"', async () => {
    const permit = await start(await hotWorkId());
    await move(permit, 'requested', 'submit', field, { fields: { location: 'A', risks: 'B' } });
    const day = districtToday();
    const delegated = await call({ method: 'POST', url: '/delegations', token: approver, payload: { id: randomUUID(), delegateId: fieldId, startsOn: day, endsOn: day } });
    expect(delegated.status, delegated.text).toBe(201);
    const inbox = await call<InboxPage>({ url: '/inbox', token: field });
    expect(inbox.data.items.find((i) => i.id === permit.id)?.forName).toBe('district-admin@demo.vigie.test');
    const approved = await move(permit, 'approval', 'approve', field, { signature: PNG });
    expect(approved.data.state).toBe('work');
    const step = approved.data.history.find((h) => h.kind === 'approval')!;
    expect([step.actorName, step.onBehalfOfName]).toEqual(['field@demo.vigie.test', 'district-admin@demo.vigie.test']);
  });
});

describe('deadlines', () => {
  it('sends the reminder and the escalation once each', async () => {
    const permit = await start(await hotWorkId());
    await move(permit, 'requested', 'submit', field, { fields: { location: 'A', risks: 'B' } });
    const t0 = Date.now();
    const at = (hours: number) => new Date(t0 + hours * 3_600_000);
    const acme = await server.databases.client('acme');
    const steps = async () => (await acme.query<{ kind: string }>(`select kind from workflow_steps where instance_id = $1 and kind in ('reminder', 'escalation') order by at`, [permit.id])).rows.map((r) => r.kind);
    await runWorkflowDeadlines(server.ctx, at(1));
    expect(await steps()).toEqual([]);
    await runWorkflowDeadlines(server.ctx, at(5));
    await runWorkflowDeadlines(server.ctx, at(6));
    expect(await steps()).toEqual(['reminder']);
    await runWorkflowDeadlines(server.ctx, at(9));
    await runWorkflowDeadlines(server.ctx, at(10));
    expect(await steps()).toEqual(['reminder', 'escalation']);
    const { rows } = await acme.query<{ n: number }>(`select count(*)::int as n from mail_outbox where body_text like $1 and (subject like '%délai dépassé%' or subject like '%deadline passed%')`, [`%${permit.id}%`]);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('the inbox read by key', () => {
  it('pages through what waits on a person without a duplicate or a gap while new instances arrive', async () => {
    const acme = await server.databases.client('acme');
    const definitionId = await hotWorkId();
    // 130 waiting permits, several entering their state at the same microsecond (the id breaks the tie).
    const base = Date.now() - 86_400_000;
    const rows = Array.from({ length: 130 }, (_, i) => ({ id: randomUUID(), at: new Date(base + Math.floor(i / 3) * 1000).toISOString().replace('Z', `${String(i % 7).padStart(3, '0')}Z`) }));
    await acme.query(
      `insert into workflow_instances (id, district_id, definition_id, definition_version, title, state, state_entered_at, created_by)
       select x.id::uuid, $1, $2, 1, 'Permis clé ' || x.id, 'requested', x.at::timestamptz, $3 from json_to_recordset($4::json) as x(id text, at text)`,
      [lyon, definitionId, fieldId, JSON.stringify(rows)],
    );
    await acme.query(
      `insert into workflow_waits (instance_id, district_id, account_id, entered_at) select x.id::uuid, $1, $2, x.at::timestamptz from json_to_recordset($3::json) as x(id text, at text)`,
      [lyon, fieldId, JSON.stringify(rows)],
    );
    // What waits on the field user, or on whoever named it their delegate today (the delegation above).
    // The rows above were written behind the routes' back: told as a write through them tells it.
    forgetWorkflowCounts();
    emitRecordChanged(server.ctx.io, 'acme', lyon, { module: WORKFLOW_INSTANCES_MODULE, id: rows[0]!.id, version: 1 });
    const expected = (
      await acme.query<{ instance_id: string }>(
        `select distinct instance_id from workflow_waits where district_id = $1 and (account_id = $2 or account_id in
           (select account_id from workflow_delegations where district_id = $1 and delegate_id = $2 and deleted_at is null and $3::date between starts_on and ends_on))`,
        [lyon, fieldId, districtToday()],
      )
    ).rows.map((r) => r.instance_id);
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total: number | undefined;
    do {
      const page: { status: number; text: string; data: InboxPage } = await call<InboxPage>({ url: `/inbox${cursor ? `?cursor=${cursor}` : ''}`, token: field });
      expect(page.status, page.text).toBe(200);
      if (pages === 0) total = page.data.total;
      else expect(page.data.total).toBeUndefined();
      seen.push(...page.data.items.map((i) => i.id));
      cursor = page.data.nextCursor;
      // While the person reads, new permits wait on it (after every one it has seen).
      if (pages < 2) arrived.push((await start(definitionId)).id);
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(total).toBe(expected.length);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([...expected, ...arrived]));
    // A key that is not one is refused with its reason.
    const bad = await call({ url: '/inbox?cursor=bm90LWEta2V5', token: field });
    expect([bad.status, bad.body.message]).toEqual([400, 'workflow.bad_cursor']);
  });

  it('pages through the open instances by key too', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: InstancePage | null = null;
    for (let n = 0; n < 10; n++) {
      const page: { data: InstancePage } = await call<InstancePage>({ url: `/instances?status=open${cursor ? `&cursor=${cursor}` : ''}` });
      first ??= page.data;
      seen.push(...page.data.items.map((i) => i.id));
      cursor = page.data.nextCursor;
      if (cursor === null) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(cursor).toBeNull();
    expect(seen.length).toBe(first!.total);
    expect(seen.length).toBeGreaterThan(50);
  });
});

describe('the definition editor’s checks and the outside company', () => {
  it('refuses a draft with an unreachable step or a transition to a missing step, with the reason and the step', async () => {
    const spec: WorkflowSpec = {
      initial: 'a',
      states: [
        { key: 'a', label: { fr: 'A', en: 'A' } },
        { key: 'b', label: { fr: 'B', en: 'B' }, final: true },
        { key: 'lost', label: { fr: 'Perdue', en: 'Lost' }, final: true },
      ],
      transitions: [{ key: 'go', from: 'a', to: 'b', label: { fr: 'Aller', en: 'Go' }, actors: [ADMIN] }],
    };
    const unreachable = await call({ method: 'POST', url: '/definitions', payload: { id: randomUUID(), name: 'Éditeur', target: null, draft: spec } });
    expect([unreachable.status, unreachable.body.message, unreachable.body.details]).toEqual([422, 'workflow.unreachable_state', 'lost']);
    const missing = await call({ method: 'POST', url: '/definitions', payload: { id: randomUUID(), name: 'Éditeur', target: null, draft: { ...spec, transitions: [...spec.transitions, { ...spec.transitions[0]!, key: 'away', to: 'nowhere' }] } } });
    expect([missing.status, missing.body.message]).toEqual([422, 'workflow.unknown_state']);
  });

  it('asks a work permit for a company of the district’s register, and keeps its name with its id', async () => {
    const permitId = (await call<Definition[]>({ url: '/definitions' })).data.find((d) => d.name.startsWith('Permis de travail'))!.id;
    const permit = await start(permitId, manager);
    const fields = (company: string) => ({ fields: { company, preventionPlan: 'PP-2026-099' } });
    const unknown = await move(permit, 'requested', 'submit', manager, fields(randomUUID()));
    expect([unknown.status, unknown.body.message]).toEqual([422, 'workflow.reference_not_found']);
    expect((await move(permit, 'requested', 'submit', manager, fields('Soudures Rhône SARL'))).body.message).toBe('workflow.reference_not_found');
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ id: string; name: string }>('select id, name from tp_companies where district_id = $1 and deleted_at is null order by name limit 1', [lyon]);
    const submitted = await move(permit, 'requested', 'submit', manager, fields(rows[0]!.id));
    expect(submitted.status, submitted.text).toBe(200);
    const step = submitted.data.history.find((h) => h.transition === 'submit')!;
    expect(step.fields.company).toBe(rows[0]!.name);
    expect(step.refs).toEqual({ company: rows[0]!.id });
  });
});

describe('the inbox and its count kept between changes', () => {
  const inboxOf = async (token: string) => {
    const [page, count] = await Promise.all([call<InboxPage>({ url: '/inbox', token }), call<{ count: number }>({ url: '/inbox/count', token })]);
    expect([page.status, count.status]).toEqual([200, 200]);
    return { ids: page.data.items.map((i) => i.id), moves: new Map(page.data.items.map((i) => [i.id, i.moves])), total: page.data.total, count: count.data.count };
  };

  it('shows another person’s transition, a delegation and a change of rights at once, each person its own', async () => {
    const permit = await start(await hotWorkId());
    expect((await move(permit, 'requested', 'submit', field, { fields: { location: 'Atelier', risks: 'Poussières' } })).data.state).toBe('approval');
    // The approver reads its inbox twice (the second answer is the kept one): the permit waits on it.
    await inboxOf(approver);
    const before = await inboxOf(approver);
    expect(before.ids).toContain(permit.id);
    expect(before.moves.get(permit.id)).toEqual(['approve', 'refuse']);
    expect(before.count).toBe(before.total);
    // Its rights change: the moves it may make change with them; given back, they come back.
    const acme = await server.databases.client('acme');
    const { rows } = await acme.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [approverId, lyon]);
    await setRights(server, approverId, lyon, ['workflows.workflow_read']);
    expect((await inboxOf(approver)).moves.get(permit.id)).toEqual([]);
    await setRights(server, approverId, lyon, rows[0]!.rights);
    expect((await inboxOf(approver)).moves.get(permit.id)).toEqual(['approve', 'refuse']);

    // Someone away names a delegate: the delegate's inbox and count take its waits at once, and lose them when it ends.
    const delegateToken = (await login(server, 'districts@demo.vigie.test')).token;
    const alone = await inboxOf(delegateToken);
    expect(alone.ids).not.toContain(permit.id);
    const day = districtToday();
    const delegation = randomUUID();
    expect((await call({ method: 'POST', url: '/delegations', token: approver, payload: { id: delegation, delegateId: await accountId(server, 'districts@demo.vigie.test'), startsOn: day, endsOn: day } })).status).toBe(201);
    const covering = await inboxOf(delegateToken);
    expect(covering.ids).toContain(permit.id);
    expect(covering.count).toBeGreaterThan(alone.count);
    expect((await call({ method: 'DELETE', url: `/delegations/${delegation}`, token: approver })).status).toBe(200);
    expect(await inboxOf(delegateToken)).toMatchObject({ count: alone.count, total: alone.total });

    // Another approver approves: the first one's inbox and count move at once.
    expect((await move(permit, 'approval', 'approve', manager, { signature: PNG })).data.state).toBe('work');
    const after = await inboxOf(approver);
    expect(after.ids).not.toContain(permit.id);
    expect(after.count).toBe(before.count - 1);
  });

  it('keeps an answer until its time and reads one made during a change again', async () => {
    const answers = new WorkflowAnswers();
    let reads = 0;
    const load = (until?: number) => async () => ({ value: ++reads, ...(until === undefined ? {} : { until }) });
    expect(await answers.read('db', 'd', 'a', 'q', load())).toBe(1);
    expect(await answers.read('db', 'd', 'a', 'q', load())).toBe(1);
    // Another person, another district: their own answers.
    expect(await answers.read('db', 'd', 'b', 'q', load())).toBe(2);
    expect(await answers.read('db', 'e', 'a', 'q', load())).toBe(3);
    // A "not before" already passed: read again.
    expect(await answers.read('db', 'd', 'a', 'late', load(Date.now() - 1))).toBe(4);
    expect(await answers.read('db', 'd', 'a', 'late', load())).toBe(5);
    // A change of the district while a read runs: that answer is not kept.
    const racing = answers.read('db', 'd', 'a', 'race', async () => {
      answers.forget('db', 'd');
      return { value: ++reads };
    });
    expect(await racing).toBe(6);
    expect(await answers.read('db', 'd', 'a', 'race', load())).toBe(7);
    // A change of the whole client database drops every district of it.
    answers.forget('db');
    expect(await answers.read('db', 'e', 'a', 'q', load())).toBe(8);
  });
});
