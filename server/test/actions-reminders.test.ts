/**
 * The actions' reminder and escalation job (server/src/modules/actions/reminders.ts), run at
 * chosen times: the reminder ACTION_REMIND_DAYS before the due day to the assignee, the overdue
 * notice the day after it to the assignee and the plan's owner (once when they are one person),
 * each sent once however many runs, days counted in the district's time zone; nothing for a
 * closed or deleted action. The toolbar's workflow badge counts the member's actions overdue or
 * due soon. With PostgreSQL, two servers on one database run the job at once and every notice
 * goes out once, down to the e-mails the SMTP server receives.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_REMIND_DAYS } from '../../common/modules/actions/schemas.js';
import { buildServer, type VigieServer } from '../src/app.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { runActionReminders } from '../src/modules/actions/reminders.js';
import { startSmtpCapture, type CapturedMessage } from '../../scripts/smtp-capture.mjs';
import { accountId, districtId, insertAction, insertPlan } from './actions-fixtures.js';
import { bearer, login, startTestServer, usePostgres, type TestServer } from './helper.js';

let server: TestServer;
let capture: Awaited<ReturnType<typeof startSmtpCapture>>;
let lyon: string;
let marseille: string;
let operator: string;
let admin: string;

beforeAll(async () => {
  // The e-mails are checked where they arrive: a real SMTP server the mail worker delivers to.
  capture = await startSmtpCapture({ httpPort: 0 });
  server = await startTestServer({ smtpUrl: capture.smtpUrl, mailWorker: true });
  lyon = await districtId(server, 'Lyon');
  marseille = await districtId(server, 'Marseille');
  operator = await accountId(server, 'operator@demo.vigie.test');
  admin = await accountId(server, 'district-admin@demo.vigie.test');
});
afterAll(async () => {
  await server?.destroy();
  await capture?.close();
});

/**
 * The e-mails queued for these actions as the SMTP server received them, once the outbox has
 * delivered every one: [recipient, subject, how many times the server got it].
 */
async function delivered(actionIds: readonly string[]): Promise<[string, string, number][]> {
  const acme = await server.databases.client('acme');
  const like = actionIds.map((id) => `%${id}%`);
  let rows: { recipient: string; subject: string; message_id: string | null; state: string }[] = [];
  for (;;) {
    ({ rows } = await acme.query(`select recipient, subject, message_id, state from mail_outbox where body_text like any($1::text[]) order by recipient, subject`, [like]));
    if (rows.every((r) => r.state === 'sent')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const received = (await (await fetch(`${capture.httpUrl}/messages`)).json()) as CapturedMessage[];
  return rows.map((r) => [r.recipient, r.subject, received.filter((m) => m.messageId === r.message_id && m.to.includes(r.recipient)).length]);
}

const bells = async (target: VigieServer, actionId: string) => {
  const acme = await target.databases.client('acme');
  const { rows } = await acme.query<{ account_id: string; name: string }>(`select account_id, name from notifications where actions::text like $1 order by created_at, account_id`, [
    `%${actionId}%`,
  ]);
  return rows;
};
const mails = async (target: VigieServer, actionId: string) => {
  const acme = await target.databases.client('acme');
  const { rows } = await acme.query<{ recipient: string; subject: string; body: string }>(`select recipient, subject, body_text as body from mail_outbox where body_text like $1 order by created_at, recipient`, [
    `%${actionId}%`,
  ]);
  return rows;
};
/** A time on a Paris day: `hour` o'clock there (winter: UTC+1). */
const parisTime = (day: string, hour: number) => new Date(`${day}T${String(hour - 1).padStart(2, '0')}:00:00.000Z`);

describe('reminders and overdue notices (the job run at chosen times)', () => {
  // Far from the real clock, in winter (Paris is UTC+1).
  const due = '2031-01-15';

  it('reminds the assignee ACTION_REMIND_DAYS before, then tells it and the plan’s owner once overdue, once each, each in its language', async () => {
    const plan = await insertPlan(server, { districtId: lyon, name: 'Plan incendie 2031', ownerId: operator, createdBy: operator });
    const id = await insertAction(server, { districtId: lyon, title: 'Remplacer l’extincteur du hall', assigneeId: admin, dueOn: due, planId: plan, createdBy: operator });

    // The day before the reminder day: nothing.
    await runActionReminders(server.ctx, parisTime(addDays(due, -ACTION_REMIND_DAYS - 1), 23));
    expect(await bells(server, id)).toEqual([]);
    // The reminder day, twice, and two runs at once: one reminder, to the assignee.
    await runActionReminders(server.ctx, parisTime(addDays(due, -ACTION_REMIND_DAYS), 8));
    await Promise.all([runActionReminders(server.ctx, parisTime(addDays(due, -1), 8)), runActionReminders(server.ctx, parisTime(addDays(due, -1), 8))]);
    const reminded = await bells(server, id);
    expect(reminded.map((b) => b.account_id)).toEqual([admin]);
    expect(reminded[0]!.name).toBe('Action à réaliser pour le 15/01/2031 : Remplacer l’extincteur du hall');
    const reminderMails = await mails(server, id);
    expect(reminderMails.map((m) => m.recipient)).toEqual(['district-admin@demo.vigie.test']);
    // The assignee has not said its language: French, the default.
    expect(reminderMails[0]!.subject).toBe('Vigie : action « Remplacer l’extincteur du hall » à réaliser pour le 15/01/2031');
    expect(reminderMails[0]!.body).toMatch(/^Bonjour,\n\nL’action « Remplacer l’extincteur du hall » vous est attribuée : elle est à réaliser pour le 15\/01\/2031\./);
    expect(reminderMails[0]!.body).not.toContain('Hello');
    // The member's bell counts it.
    const { token } = await login(server, 'district-admin@demo.vigie.test');
    const last = await server.app.inject({ url: '/api/notifications/lastUnread', headers: bearer(token) });
    expect(last.json<{ data: { name: string }[] }>().data.map((n) => n.name)).toContain(reminded[0]!.name);

    // The plan's owner reads English (its app said so).
    const owner = (await login(server, 'operator@demo.vigie.test')).token;
    const setLanguage = (language: string) => server.app.inject({ method: 'PUT', url: '/api/me/language', headers: bearer(owner), payload: { language } });
    expect((await setLanguage('en')).json()).toMatchObject({ data: { language: 'en' } });

    // The due day itself, to its last minute in Paris (22:59 UTC): not overdue yet.
    await runActionReminders(server.ctx, new Date(`${due}T22:59:00.000Z`));
    expect(await bells(server, id)).toHaveLength(1);
    // 00:30 the next day in Paris (still the due day in UTC): overdue, to the assignee and the owner.
    await runActionReminders(server.ctx, new Date(`${due}T23:30:00.000Z`));
    await runActionReminders(server.ctx, parisTime(addDays(due, 2), 9));
    const told = (await bells(server, id)).slice(1);
    expect(told.map((b) => b.account_id).sort()).toEqual([admin, operator].sort());
    const bellOf = (account: string) => told.find((b) => b.account_id === account)!.name;
    expect(bellOf(admin)).toBe('Action en retard (échéance 15/01/2031) : Remplacer l’extincteur du hall');
    expect(bellOf(operator)).toBe('Action overdue (due 01/15/2031): Remplacer l’extincteur du hall');
    const overdueMails = (await mails(server, id)).filter((m) => /en retard|overdue/.test(m.subject));
    expect(overdueMails.map((m) => [m.recipient, m.subject])).toEqual(
      expect.arrayContaining([
        ['district-admin@demo.vigie.test', 'Vigie : action « Remplacer l’extincteur du hall » en retard'],
        ['operator@demo.vigie.test', 'Vigie: action "Remplacer l’extincteur du hall" overdue'],
      ]),
    );
    expect(overdueMails).toHaveLength(2);
    const english = overdueMails.find((m) => m.recipient === 'operator@demo.vigie.test')!.body;
    expect(english).toMatch(/^Hello,\n\nThe action "Remplacer l’extincteur du hall", assigned to .+, was due 01\/15\/2031: it is overdue\./);
    expect(english).not.toContain('Bonjour');
    expect((await setLanguage('fr')).statusCode).toBe(200);
    // What the SMTP server received: the reminder to the assignee, the overdue notice to both, once each.
    const got = await delivered([id]);
    expect(got.map(([to, subject, times]) => [to, /en retard|overdue/.test(subject) ? 'overdue' : 'reminder', times])).toEqual([
      ['district-admin@demo.vigie.test', 'overdue', 1],
      ['district-admin@demo.vigie.test', 'reminder', 1],
      ['operator@demo.vigie.test', 'overdue', 1],
    ]);
  });

  it('tells one person once when it is both the assignee and the plan’s owner; an action found overdue gets no late reminder', async () => {
    const plan = await insertPlan(server, { districtId: lyon, name: 'Plan électricité 2031', ownerId: operator, createdBy: operator });
    const id = await insertAction(server, { districtId: lyon, title: 'Vérifier le tableau électrique', assigneeId: operator, dueOn: '2031-02-10', planId: plan, createdBy: operator });
    // First seen after its due day (the server was stopped): the overdue notice only.
    await runActionReminders(server.ctx, parisTime('2031-02-12', 10));
    const told = await bells(server, id);
    expect(told.map((b) => b.account_id)).toEqual([operator]);
    expect(told[0]!.name).toMatch(/^Action en retard/);
    expect((await mails(server, id)).map((m) => m.recipient)).toEqual(['operator@demo.vigie.test']);
  });

  it('sends nothing for a done, cancelled or deleted action, nor for one without a due date; tells the owner when nobody is assigned', async () => {
    const plan = await insertPlan(server, { districtId: lyon, name: 'Plan sans titulaire', ownerId: operator, createdBy: operator });
    const quiet = await Promise.all([
      insertAction(server, { districtId: lyon, title: 'Déjà faite', assigneeId: admin, dueOn: '2031-03-01', status: 'done', createdBy: operator }),
      insertAction(server, { districtId: lyon, title: 'Annulée', assigneeId: admin, dueOn: '2031-03-01', status: 'cancelled', createdBy: operator }),
      insertAction(server, { districtId: lyon, title: 'Supprimée', assigneeId: admin, dueOn: '2031-03-01', deleted: true, createdBy: operator }),
      insertAction(server, { districtId: lyon, title: 'Sans échéance', assigneeId: admin, dueOn: null, createdBy: operator }),
    ]);
    const orphan = await insertAction(server, { districtId: lyon, title: 'Personne n’en a la charge', assigneeId: null, dueOn: '2031-03-01', planId: plan, createdBy: operator });
    await runActionReminders(server.ctx, parisTime('2031-02-27', 10));
    await runActionReminders(server.ctx, parisTime('2031-03-05', 10));
    for (const id of quiet) expect(await bells(server, id)).toEqual([]);
    expect((await bells(server, orphan)).map((b) => b.account_id)).toEqual([operator]);
  });
});

describe('the toolbar’s workflow badge', () => {
  it('counts the member’s open actions in the session’s district that are overdue or due within ACTION_REMIND_DAYS', async () => {
    const today = districtToday();
    const mine = (title: string, dueOn: string | null, extra: Partial<Parameters<typeof insertAction>[1]> = {}) =>
      insertAction(server, { districtId: lyon, title, assigneeId: admin, dueOn, createdBy: operator, ...extra });
    const { token } = await login(server, 'district-admin@demo.vigie.test');
    const badge = async () => (await server.app.inject({ url: '/api/notifications/unreadCount', headers: bearer(token) })).json<{ data: { workflow: number } }>().data.workflow;
    const before = await badge();
    await Promise.all([
      mine('En retard', addDays(today, -3)),
      mine('Pour aujourd’hui', today, { status: 'inProgress' }),
      mine('Bientôt', addDays(today, ACTION_REMIND_DAYS)),
      // Not counted: later, closed, deleted, without a due date, someone else's, another district's.
      mine('Plus tard', addDays(today, ACTION_REMIND_DAYS + 1)),
      mine('Faite', addDays(today, -1), { status: 'done' }),
      mine('Supprimée', addDays(today, -1), { deleted: true }),
      mine('Sans date', null),
      mine('À quelqu’un d’autre', today, { assigneeId: operator }),
      mine('Marseille', today, { districtId: marseille }),
    ]);
    // Written behind the server's back: the cached envelope lives TENANT_CACHE_MS at most.
    server.ctx.tenantCache.invalidate({ kind: 'member', db: 'acme', districtId: lyon, accountId: admin });
    expect((await badge()) - before).toBe(3);
    const envelope = await server.app.inject({ url: '/api/config', headers: bearer(token) });
    expect(envelope.statusCode).toBe(200);
  });
});

describe('the workflow badge, counted by the actions module', () => {
  it('follows an action through the routes: counted once assigned and due, gone once moved to done', async () => {
    const manager = (await login(server, 'operator@demo.vigie.test')).token;
    const { token } = await login(server, 'district-admin@demo.vigie.test');
    const badge = async () => (await server.app.inject({ url: '/api/notifications/unreadCount', headers: bearer(token) })).json<{ workflowNotificationsNumber: number }>().workflowNotificationsNumber;
    const write = async (method: 'POST', url: string, payload: object, as: string) => {
      const response = await server.app.inject({ method, url, payload, headers: { ...bearer(as), 'idempotency-key': randomUUID() } });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    const before = await badge();
    const id = randomUUID();
    const at = new Date().toISOString();
    await write(
      'POST',
      '/api/actions',
      { id, title: 'Badge suivi', description: '', siteId: null, planId: null, assigneeId: admin, dueOn: districtToday(), priority: 'normal', proof: { photo: false, note: false } },
      manager,
    );
    expect(await badge()).toBe(before + 1);
    await write('POST', `/api/actions/${id}/status`, { status: 'inProgress', at }, token);
    expect(await badge()).toBe(before + 1);
    await write('POST', `/api/actions/${id}/status`, { status: 'done', at }, token);
    expect(await badge()).toBe(before);
  });
});

describe.skipIf(!usePostgres)('two servers on one PostgreSQL', () => {
  let second: VigieServer;
  beforeAll(async () => {
    second = await buildServer({ ...server.config, seedDemo: false }, { logger: false });
  });
  afterAll(() => second?.close());

  it('runs the job in both at once: each notice, bell and e-mail once', async () => {
    const plan = await insertPlan(server, { districtId: lyon, name: 'Plan partagé', ownerId: operator, createdBy: operator });
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => insertAction(server, { districtId: lyon, title: `Action parallèle ${n}`, assigneeId: admin, dueOn: '2032-05-10', planId: plan, createdBy: operator })),
    );
    const at = parisTime('2032-05-12', 9);
    await Promise.all([runActionReminders(server.ctx, at), runActionReminders(second.ctx, at)]);
    for (const id of ids) expect((await bells(server, id)).map((r) => r.account_id).sort()).toEqual([admin, operator].sort());
    // At the SMTP server: 60 e-mails (two people, 30 actions), each once.
    const got = await delivered(ids);
    expect(got).toHaveLength(60);
    expect(got.every(([, , times]) => times === 1)).toBe(true);
  });
});
