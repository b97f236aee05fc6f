/**
 * The Questionnaires module's routes (/api/questionnaires): template revisions (an inspection
 * keeps the revision it was started with), template checks, the families' rights (a field user
 * fills its own questionnaires, sees no Securesphere template, builds nothing, plans nothing for
 * others), conditional and required rules and failed items' follow-up enforced at the submit,
 * the score the server computes, the lock and the hash of a submitted inspection (chained with
 * the district's other locked records: a later change shows), idempotent replays, progress
 * merged question by question, and the list's visibility, filters and sorts. Another tenant's
 * records: tenant-isolation.test.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import type { Answer, Answers, Inspection, InspectionSummary, Question, Schedule, Section, Template, TemplateSummary } from '../../common/modules/questionnaires/schemas.js';
import type { LockCheck, Page } from '../../common/schemas/platform.js';
import { canonicalJson } from '../src/modules/_platform/lock-chain.js';
import { lockedContent } from '../src/modules/questionnaires/repository.js';
import { occurrence, runSchedules } from '../src/modules/questionnaires/scheduler.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';
import { pageCount, pdfText } from './pdf-text.js';

let server: TestServer;
/** The operator: every right, in Acme / Lyon. */
let manager: string;
/** The field user: questionnaryV2.questionnary_read only (of this module), in Acme / Lyon. */
let field: string;
let fieldId: string;
/** The district administrator: questionnaryV2.questionnary_read too, in Acme / Lyon. */
let other: string;
let lyon: string;
let lyonSite: string;

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
    url: `/api/questionnaires${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  type Body = Envelope<T> & { message?: string; details?: string; requiredPermissions?: string[]; current?: { version: number } };
  const body = response.body ? response.json<Body>() : ({} as Body);
  return { status: response.statusCode, body, data: body.data };
}

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
const AT = '2026-11-20T09:00:00.000Z';
const answer = (value: Answer['value'], extra: Partial<Answer> = {}): Answer => ({ value, at: AT, ...extra });

const SECTIONS: Section[] = [
  {
    key: 'fire',
    title: 'Sécurité incendie',
    questions: [
      { key: 'extinguishers', type: 'yesNo', label: 'Extincteurs vérifiés depuis moins d’un an ?', required: true, weight: 2, onFail: { note: true } },
      { key: 'why_not', type: 'text', label: 'Pourquoi ?', required: true, showIf: { question: 'extinguishers', op: 'is', values: ['no'] } },
      { key: 'exits', type: 'yesNo', label: 'Issues de secours dégagées ?', required: true },
    ],
  },
  {
    key: 'cold',
    title: 'Chambre froide',
    questions: [
      { key: 'temperature', type: 'number', label: 'Température', required: false, min: 0, max: 4, unit: '°C', weight: 3 },
      {
        key: 'state',
        type: 'choice',
        label: 'État général',
        required: false,
        weight: 2,
        options: [
          { key: 'good', label: 'Bon', score: 1 },
          { key: 'fair', label: 'Moyen', score: 0.5 },
          { key: 'na', label: 'Sans objet' },
        ],
      },
    ],
  },
];

async function newTemplate(overrides: object = {}, token = manager): Promise<Template> {
  const created = await call<Template>({
    method: 'POST',
    url: '/templates',
    token,
    key: randomUUID(),
    payload: { id: randomUUID(), family: 'questionnary', name: `Visite ${randomUUID().slice(0, 8)}`, description: 'Visite mensuelle', sections: SECTIONS, passMark: 80, ...overrides },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.data;
}

async function start(template: Template, token = field, overrides: object = {}): Promise<Inspection> {
  const created = await call<Inspection>({
    method: 'POST',
    url: '/inspections',
    token,
    key: randomUUID(),
    payload: { id: randomUUID(), templateId: template.id, siteId: lyonSite, startedAt: AT, startPosition: { lat: 45.76, lng: 4.84, accuracy: 8 }, ...overrides },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.data;
}

/** A signature uploaded for the inspection (an attachment row, as a finished tus upload leaves it). */
async function attach(inspectionId: string, name = 'signature.png'): Promise<string> {
  const id = randomUUID();
  const acme = await server.databases.client('acme');
  await acme.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by)
     values ($1, $2, 'questionnaires', $3, $4, 'image/png', 3, $5, $6, 'complete', $7)`,
    [id, lyon, inspectionId, name, `acme/${id}`, createHash('sha256').update(id).digest('hex'), fieldId],
  );
  return id;
}

const GOOD: Answers = { extinguishers: answer('yes'), exits: answer('yes'), temperature: answer(3), state: answer('good') };

async function submit(inspection: Inspection, answers: Answers, token = field, key = randomUUID(), signature?: string) {
  signature ??= await attach(inspection.id);
  return call<Inspection>({
    method: 'POST',
    url: `/inspections/${inspection.id}/submit`,
    token,
    key,
    payload: { answers, signature, signedBy: 'Camille Martin', startedAt: AT, finishedAt: '2026-11-20T09:40:00.000Z', startPosition: null, endPosition: { lat: 45.76, lng: 4.84, accuracy: 10 } },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  fieldId = subOf(field);
  other = (await login(server, 'district-admin@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  lyon = (await acme.query<{ id: string }>(`select id from districts where name = 'Lyon'`)).rows[0]!.id;
  lyonSite = (await acme.query<{ id: string }>('select id from sites where district_id = $1 order by name limit 1', [lyon])).rows[0]!.id;
});
afterAll(() => server?.destroy());

describe('demo data', () => {
  it('seeds the French templates and a year of inspections, the field user with its own to do', async () => {
    const names = (await call<TemplateSummary[]>({ url: '/templates' })).data.map((t) => `${t.family}: ${t.name}`);
    expect(names).toEqual(
      expect.arrayContaining(['questionnary: Contrôle des EPI', 'questionnary: Registre de sécurité incendie', 'questionnary: Visite de chantier', 'securesphere: Audit sûreté']),
    );
    const all = await call<Page<InspectionSummary>>({ url: '/inspections?limit=200' });
    const submitted = all.data.items.filter((i) => i.status === 'submitted');
    expect(submitted.length).toBeGreaterThan(15);
    expect(submitted.some((i) => i.passed === false)).toBe(true);
    expect(submitted.some((i) => i.passed === true)).toBe(true);
    expect(submitted.every((i) => i.percent !== null)).toBe(true);
    const days = submitted.map((i) => Date.parse(i.submittedAt!));
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(300 * 86_400_000);
    const own = await call<Page<InspectionSummary>>({ url: '/inspections?status=todo,inProgress&sort=dueAt', token: field });
    expect(own.data.total).toBeGreaterThan(0);
    expect(own.data.items.every((i) => i.assignee.id === fieldId && i.family === 'questionnary')).toBe(true);
    expect((await call<Page<InspectionSummary>>({ url: '/inspections?overdue=true' })).data.total).toBeGreaterThan(0);
    // A submitted one reads as its report: scores by section, its signature among its files, its hash.
    const report = await call<Inspection>({ url: `/inspections/${submitted[0]!.id}` });
    expect(report.data.sections.length).toBeGreaterThan(1);
    expect(report.data.attachments.map((a) => a.id)).toContain(report.data.signature);
    expect(report.data.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('templates', () => {
  it('keeps every revision: an inspection keeps the one it was started with', async () => {
    const template = await newTemplate();
    expect(template).toMatchObject({ version: 1, family: 'questionnary', questionCount: 5, passMark: 80 });
    const inspection = await start(template);
    const extra: Question = { key: 'signage', type: 'yesNo', label: 'Signalétique en place ?', required: true };
    const changed = await call<Template>({
      method: 'PATCH',
      url: `/templates/${template.id}`,
      key: randomUUID(),
      payload: { baseVersion: 1, changes: { sections: [{ ...SECTIONS[0]!, questions: [...SECTIONS[0]!.questions, extra] }, SECTIONS[1]!] } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.data).toMatchObject({ version: 2, questionCount: 6 });
    expect((await call<Template>({ url: `/templates/${template.id}?version=1`, token: field })).data.questionCount).toBe(5);

    // Started on revision 1: submitted without revision 2's required question.
    const submitted = await submit(inspection, GOOD);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.data.templateVersion).toBe(1);
    // Started now: revision 2, which asks it.
    const later = await start(template);
    expect(later.templateVersion).toBe(2);
    expect((await submit(later, GOOD)).body).toMatchObject({ message: 'questionnaires.missing_answer', details: 'signage' });

    const stale = await call({ method: 'PATCH', url: `/templates/${template.id}`, key: randomUUID(), payload: { baseVersion: 1, changes: { name: 'Autre' } } });
    expect(stale.status).toBe(409);
  });

  it('refuses a template whose rules do not hold, naming where', async () => {
    const bad = [{ key: 'a', title: 'A', questions: [{ key: 'b', type: 'text', label: 'B', required: false, showIf: { question: 'later', op: 'answered' } }, { key: 'later', type: 'yesNo', label: 'L', required: false }] }];
    const refused = await call({ method: 'POST', url: '/templates', key: randomUUID(), payload: { id: randomUUID(), family: 'questionnary', name: 'Mauvais', description: '', sections: bad, passMark: null } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'questionnaires.invalid_template' });
    expect(refused.body.details).toContain('sections/0/questions/0/showIf');
    const shape = await call({ method: 'POST', url: '/templates', key: randomUUID(), payload: { id: randomUUID(), family: 'questionnary', name: 'Vide', description: '', sections: [], passMark: null } });
    expect(shape.status).toBe(400);
  });

  it('offers the district’s sites to a filler, by name', async () => {
    const all = await call<{ id: string; name: string }[]>({ url: '/sites', token: field });
    expect(all.data.length).toBeGreaterThan(0);
    const name = all.data[0]!.name;
    const found = await call<{ id: string; name: string }[]>({ url: `/sites?search=${encodeURIComponent(name.slice(0, 5).toUpperCase())}`, token: field });
    expect(found.data.map((s) => s.name)).toContain(name);
  });

  it('a family’s template rights: the field user builds nothing and sees no Securesphere template', async () => {
    const denied = await call({ method: 'POST', url: '/templates', token: field, key: randomUUID(), payload: { id: randomUUID(), family: 'questionnary', name: 'X', description: '', sections: SECTIONS, passMark: null } });
    expect(denied.status).toBe(403);
    const audit = await newTemplate({ family: 'securesphere', name: 'Audit sûreté' });
    expect((await call({ url: `/templates/${audit.id}`, token: field })).status).toBe(404);
    const seen = await call<TemplateSummary[]>({ url: '/templates', token: field });
    expect(seen.data.every((t) => t.family === 'questionnary')).toBe(true);
    expect((await call<TemplateSummary[]>({ url: '/templates?family=securesphere' })).data.map((t) => t.id)).toContain(audit.id);
    // Nor does it start one.
    const started = await call({ method: 'POST', url: '/inspections', token: field, key: randomUUID(), payload: { id: randomUUID(), templateId: audit.id, siteId: null } });
    expect(started.status).toBe(404);
  });
});

describe('filling and submitting', () => {
  it('scores with the engine: sections, total, pass mark, failed items; answers of hidden questions dropped', async () => {
    const template = await newTemplate();
    const inspection = await start(template);
    const answers: Answers = {
      extinguishers: answer('no', { note: 'Deux extincteurs périmés', action: { title: 'Faire vérifier les extincteurs', dueOn: '2026-12-15', assigneeId: null } }),
      why_not: answer('Prestataire non passé'),
      exits: answer('yes'),
      temperature: answer(6),
      state: answer('na'),
    };
    const done = await submit(inspection, answers);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const result = done.data;
    expect(result.status).toBe('submitted');
    // fire: 0 of 2 (extinguishers failed) + exits 1 of 1; cold: temperature 0 of 3, state N/A.
    expect(result.sections.map((s) => [s.key, s.score, s.max, s.percent])).toEqual([
      ['fire', 1, 3, 33.3],
      ['cold', 0, 3, 0],
    ]);
    expect(result.total).toEqual({ score: 1, max: 6, percent: 16.7 });
    expect(result.passed).toBe(false);
    expect(result.failedItems.map((f) => [f.questionKey, f.note, f.action?.title ?? null])).toEqual([
      ['extinguishers', 'Deux extincteurs périmés', 'Faire vérifier les extincteurs'],
      ['temperature', null, null],
    ]);
    expect(result.finishedAt).toBe('2026-11-20T09:40:00.000Z');
    expect(result.signedBy).toBe('Camille Martin');

    const passing = await start(template);
    const hidden = await submit(passing, { ...GOOD, why_not: answer('rien') });
    expect(hidden.status).toBe(200);
    expect(Object.keys(hidden.data.answers)).not.toContain('why_not');
    expect(hidden.data).toMatchObject({ total: { score: 8, max: 8, percent: 100 }, passed: true, failedItems: [] });
  });

  it('refuses an exclusive choice ("Aucun") given with others, in a submit and in progress; a failed item never passes; its action goes to the inspector', async () => {
    const template = await newTemplate({
      passMark: 80,
      sections: [
        {
          key: 'epi',
          title: 'EPI',
          questions: [
            {
              key: 'worn',
              type: 'multiChoice',
              label: 'EPI portés par toutes les personnes présentes',
              required: true,
              weight: 3,
              options: [
                { key: 'casque', label: 'Casque', score: 0.4 },
                { key: 'chaussures', label: 'Chaussures de sécurité', score: 0.4 },
                { key: 'gilet', label: 'Gilet haute visibilité', score: 0.2 },
                { key: 'aucun', label: 'Aucun', score: 0, failed: true, exclusive: true },
              ],
              onFail: { action: true },
            },
            { key: 'tidy', type: 'choice', label: 'Rangement', required: true, options: [{ key: 'ok', label: 'Correct' }, { key: 'ko', label: 'Encombré', failed: true }] },
          ],
        },
      ],
    });
    const action = { title: 'Fournir les EPI', dueOn: null, assigneeId: null };
    const combined = await start(template);
    const refused = await submit(combined, { worn: answer(['casque', 'chaussures', 'gilet', 'aucun'], { action }), tidy: answer('ok') });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'questionnaires.exclusive_choice', details: 'worn' });
    const progress = await call({ method: 'PATCH', url: `/inspections/${combined.id}`, token: field, key: randomUUID(), payload: { baseVersion: combined.version, changes: { answers: { worn: answer(['gilet', 'aucun']) } } } });
    expect(progress.status).toBe(400);
    expect(progress.body).toMatchObject({ message: 'questionnaires.exclusive_choice', details: 'worn' });

    // Every score point got, one item failed (worth no point): 100 %, and not passed.
    const failing = await start(template);
    const done = await submit(failing, { worn: answer(['casque', 'chaussures', 'gilet']), tidy: answer('ko') });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.data.total?.percent).toBe(100);
    expect(done.data.failedItems.map((f) => f.questionKey)).toEqual(['tidy']);
    expect(done.data.passed).toBe(false);

    // "Aucun" alone: failed, and its corrective action (no one named) is the inspector's.
    const none = await start(template);
    const alone = await submit(none, { worn: answer(['aucun'], { action }), tidy: answer('ok') });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect(alone.data).toMatchObject({ passed: false, total: { percent: 0 } });
    const acme = await server.databases.client('acme');
    const made = await acme.query<{ assignee_id: string | null }>(`select assignee_id from actions where source_kind = 'inspection' and source_id = $1`, [none.id]);
    expect(made.rows).toEqual([{ assignee_id: fieldId }]);
  });

  it('enforces required, conditional and failed-item rules, naming the question', async () => {
    const template = await newTemplate();
    const cases: [string, Answers, string, string][] = [
      ['a required question unanswered', { exits: answer('yes') }, 'questionnaires.missing_answer', 'extinguishers'],
      ['a shown conditional required question unanswered', { ...GOOD, extinguishers: answer('no', { note: 'x' }) }, 'questionnaires.missing_answer', 'why_not'],
      ['a failed item without its note', { ...GOOD, extinguishers: answer('no'), why_not: answer('Oubli') }, 'questionnaires.failed_needs', 'extinguishers: needsNote'],
      ['a value of the wrong type', { ...GOOD, temperature: answer('froid') }, 'questionnaires.invalid_answer', 'temperature'],
      ['an option the question does not have', { ...GOOD, state: answer('excellent') }, 'questionnaires.invalid_answer', 'state'],
      ['a question the revision does not have', { ...GOOD, unknown: answer('yes') }, 'questionnaires.invalid_answer', 'unknown'],
      ['a photo that is not an upload of it', { ...GOOD, exits: answer('yes', { photos: [randomUUID()] }) }, 'attachments.not_this_record', 'attachments'],
    ];
    for (const [what, answers, message, details] of cases) {
      const inspection = await start(template);
      const refused = await submit(inspection, answers);
      expect(refused.status, what).toBe(400);
      expect(refused.body, what).toMatchObject({ message, details });
      // Nothing was locked: the inspection is still in progress.
      expect((await call<Inspection>({ url: `/inspections/${inspection.id}`, token: field })).data.status, what).toBe('inProgress');
    }
  });

  it('locks a submitted inspection, hashes it and chains it: a later change shows', async () => {
    const template = await newTemplate();
    const inspection = await start(template);
    const key = randomUUID();
    const done = await submit(inspection, GOOD, field, key);
    expect(done.status).toBe(200);
    const acme = await server.databases.client('acme');
    const content = await lockedContent(acme, lyon, inspection.id);
    expect(done.data.contentHash).toBe(createHash('sha256').update(canonicalJson(content)).digest('hex'));

    // A replay of the same submit (its Idempotency-Key) answers the same, once.
    const signature = done.data.signature!;
    const replay = await call<Inspection>({
      method: 'POST',
      url: `/inspections/${inspection.id}/submit`,
      key,
      token: field,
      payload: { answers: GOOD, signature, signedBy: 'Camille Martin', startedAt: AT, finishedAt: '2026-11-20T09:40:00.000Z', startPosition: null, endPosition: { lat: 45.76, lng: 4.84, accuracy: 10 } },
    });
    expect(replay.status).toBe(200);
    expect(replay.data.version).toBe(done.data.version);
    // Any other write is refused, a file added or removed too.
    expect((await submit(inspection, GOOD, field, randomUUID(), signature)).status).toBe(423);
    const metadata = Object.entries({ attachmentId: randomUUID(), module: 'questionnaires', recordId: inspection.id, name: 'late.jpg', type: 'image/jpeg' })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const upload = await server.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...bearer(field), 'tus-resumable': '1.0.0', 'upload-length': '3', 'upload-metadata': metadata } });
    expect(upload.statusCode, upload.body).toBe(423);
    expect(upload.json()).toMatchObject({ message: 'upload.record_locked' });
    const removed = await server.app.inject({ method: 'DELETE', url: `/api/attachments/${signature}`, headers: bearer(field) });
    expect(removed.statusCode, removed.body).toBe(423);
    const patch = await call({ method: 'PATCH', url: `/inspections/${inspection.id}`, token: field, key: randomUUID(), payload: { baseVersion: done.data.version, changes: { answers: { exits: answer('no') } } } });
    expect(patch.status).toBe(423);
    expect((await call({ method: 'DELETE', url: `/inspections/${inspection.id}`, key: randomUUID(), payload: { baseVersion: done.data.version } })).status).toBe(423);

    const before = await server.app.inject({ method: 'GET', url: '/api/declarations/locks', headers: bearer(manager) });
    const clean = before.json<Envelope<LockCheck>>().data;
    // The whole district's chain holds: the demo's closed declarations and submitted inspections, and this one.
    expect(clean.broken).toEqual([]);
    expect(clean.checked).toBeGreaterThan(20);
    await acme.query(`update inspections set answers = jsonb_set(answers, '{exits,value}', '"no"') where id = $1`, [inspection.id]);
    const after = (await server.app.inject({ method: 'GET', url: '/api/declarations/locks', headers: bearer(manager) })).json<Envelope<LockCheck>>().data;
    expect(after.broken).toContainEqual(expect.objectContaining({ module: 'questionnaires', recordId: inspection.id, reason: 'content' }));
    await acme.query(`update inspections set answers = jsonb_set(answers, '{exits,value}', '"yes"') where id = $1`, [inspection.id]);
  });

  it('merges progress question by question; a stale base is a 409 with the current record', async () => {
    const template = await newTemplate();
    const inspection = await start(template);
    const first = await call<Inspection>({ method: 'PATCH', url: `/inspections/${inspection.id}`, token: field, key: randomUUID(), payload: { baseVersion: 1, changes: { answers: { exits: answer('yes') } } } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await call<Inspection>({
      method: 'PATCH',
      url: `/inspections/${inspection.id}`,
      token: field,
      key: randomUUID(),
      payload: { baseVersion: 2, changes: { answers: { temperature: answer(2), exits: null } } },
    });
    expect(Object.keys(second.data.answers)).toEqual(['temperature']);
    const stale = await call({ method: 'PATCH', url: `/inspections/${inspection.id}`, token: field, key: randomUUID(), payload: { baseVersion: 1, changes: { answers: { state: answer('good') } } } });
    expect(stale.status).toBe(409);
    expect(stale.body.current?.version).toBe(3);
    // Only its assignee fills it.
    const notYours = await call({ method: 'PATCH', url: `/inspections/${inspection.id}`, key: randomUUID(), payload: { baseVersion: 3, changes: { answers: { state: answer('good') } } } });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe('questionnaires.not_yours');
  });
});

describe('the report', () => {
  it('prints the submitted inspection: answers, notes, failed items and their actions, scores, result, hash and signature', async () => {
    const template = await newTemplate({ name: 'Visite « incendie » n°1' });
    const inspection = await start(template);
    const answers: Answers = {
      extinguishers: answer('no', { note: 'Deux extincteurs périmés', action: { title: 'Faire vérifier les extincteurs', dueOn: '2026-12-15', assigneeId: null } }),
      why_not: answer('Prestataire non passé'),
      exits: answer('yes'),
      temperature: answer(6),
      state: answer('fair'),
    };
    const done = await submit(inspection, answers);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const print = (language: string) =>
      server.app.inject({ method: 'GET', url: `/api/questionnaires/inspections/${inspection.id}/report.pdf`, headers: { ...bearer(field), 'accept-language': language } });
    const fr = await print('fr-FR,fr;q=0.9');
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toBe('application/pdf');
    expect(fr.headers['content-disposition']).toContain('inspection-visite-incendie-n-1');
    const text = pdfText(fr.rawPayload);
    for (const expected of [
      'Rapport d’inspection',
      'Visite « incendie » n°1',
      'Sécurité incendie',
      'Extincteurs vérifiés depuis moins d’un an ?',
      'Deux extincteurs périmés',
      'Action : Faire vérifier les extincteurs (pour le 15/12/2026)',
      'Prestataire non passé',
      '6 °C',
      'Moyen',
      'Non conforme (seuil 80 %)',
      'Camille Martin',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The hash, wrapped over two lines.
    expect(text.replace(/\n/g, '')).toContain(done.data.contentHash!);
    // The score: 1 (exits) + 1 (state: fair, half of 2) of 8.
    expect(done.data.total).toEqual({ score: 2, max: 8, percent: 25 });
    expect(text).toContain('25 % (2 / 8)');
    expect(pageCount(fr.rawPayload)).toBeGreaterThanOrEqual(1);
    const en = pdfText((await print('en-GB')).rawPayload);
    expect(en).toContain('Inspection report');
    expect(en).toContain('Failed (pass mark 80%)');
    // Another reader of the district does not see it.
    const hidden = await server.app.inject({ method: 'GET', url: `/api/questionnaires/inspections/${inspection.id}/report.pdf`, headers: bearer(other) });
    expect(hidden.statusCode).toBe(404);
  });

  it('exports the filtered list as CSV', async () => {
    const template = await newTemplate({ name: '=Export' });
    const inspection = await start(template);
    await submit(inspection, GOOD);
    await start(template);
    const response = await server.app.inject({ method: 'GET', url: `/api/questionnaires/inspections/export.csv?template=${template.id}&sort=-percent`, headers: bearer(manager) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Score (%)"');
    expect(lines[1]).toContain(`"${inspection.id}"`);
    expect(lines[1]).toContain('"transmise"');
    expect(lines[1]).toContain(';100;"conforme"');
    // A name a spreadsheet would run is defused.
    expect(lines[1]).toContain(`"'=Export"`);
    expect(lines[2]).toContain('"en cours"');
  });
});

describe('who sees and plans what', () => {
  it('a manager plans one for a field user; the field user may not plan for others nor change the due time', async () => {
    const template = await newTemplate();
    const planned = await call<Inspection>({
      method: 'POST',
      url: '/inspections',
      key: randomUUID(),
      payload: { id: randomUUID(), templateId: template.id, siteId: lyonSite, assigneeId: fieldId, dueAt: '2026-11-01T17:00:00.000Z' },
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    expect(planned.data).toMatchObject({ status: 'todo', assignee: { id: fieldId }, startedAt: null });
    const managerId = subOf(manager);
    const forOther = await call({ method: 'POST', url: '/inspections', token: field, key: randomUUID(), payload: { id: randomUUID(), templateId: template.id, siteId: null, assigneeId: managerId } });
    expect(forOther.status).toBe(403);
    const due = await call({ method: 'PATCH', url: `/inspections/${planned.data.id}`, token: field, key: randomUUID(), payload: { baseVersion: 1, changes: { dueAt: null } } });
    expect(due.status).toBe(403);
    // Filling it starts it.
    const progress = await call<Inspection>({ method: 'PATCH', url: `/inspections/${planned.data.id}`, token: field, key: randomUUID(), payload: { baseVersion: 1, changes: { startedAt: AT, answers: { exits: answer('yes') } } } });
    expect(progress.data.status).toBe('inProgress');

    // The field user's list: its own only (overdue shown); another reader does not see it; the manager sees everyone's.
    const own = await call<Page<InspectionSummary>>({ url: `/inspections?template=${template.id}`, token: field });
    expect(own.data.items.map((i) => i.id)).toEqual([planned.data.id]);
    expect(own.data.items[0]!.overdue).toBe(true);
    expect((await call<Page<InspectionSummary>>({ url: `/inspections?template=${template.id}`, token: other })).data.total).toBe(0);
    expect((await call({ url: `/inspections/${planned.data.id}`, token: other })).status).toBe(404);
    await start(template, manager);
    expect((await call<Page<InspectionSummary>>({ url: `/inspections?template=${template.id}` })).data.total).toBe(2);
    expect((await call<Page<InspectionSummary>>({ url: `/inspections?template=${template.id}`, token: field })).data.total).toBe(1);
  });

  it('filters by status, overdue and score, sorts by score, pages with a cursor', async () => {
    const template = await newTemplate();
    const scores: number[] = [];
    for (const temperature of [1, 9]) {
      const inspection = await start(template);
      const done = await submit(inspection, { ...GOOD, temperature: answer(temperature) });
      scores.push(done.data.total!.percent!);
    }
    await start(template);
    const q = (query: string) => call<Page<InspectionSummary>>({ url: `/inspections?template=${template.id}&${query}` });
    expect((await q('status=submitted')).data.total).toBe(2);
    expect((await q('status=inProgress,todo')).data.total).toBe(1);
    expect((await q('minPercent=90')).data.items.map((i) => i.percent)).toEqual([100]);
    expect((await q('sort=-percent')).data.items.map((i) => i.percent)).toEqual([100, scores[1], null]);
    expect((await q('sort=percent')).data.items.map((i) => i.percent)).toEqual([null, scores[1], 100]);
    const page1 = await q('sort=-percent&limit=2');
    expect(page1.data.items).toHaveLength(2);
    const page2 = await q(`sort=-percent&limit=2&cursor=${encodeURIComponent(page1.data.nextCursor!)}`);
    expect(page2.data.items.map((i) => i.percent)).toEqual([null]);
    expect(page2.data.nextCursor).toBeNull();
    expect((await q('status=nope')).status).toBe(400);
    expect((await q('overdue=true')).data.total).toBe(0);
  });

});

describe('schedules, reminders and overdue notices (the scheduler run at chosen times)', () => {
  const DAY = 86_400_000;
  const inspectionsOf = async (scheduleId: string) => {
    const acme = await server.databases.client('acme');
    return (
      await acme.query<{ id: string; due_at: Date; site_id: string | null; assignee_id: string; status: string }>(
        'select id, due_at, site_id, assignee_id, status from inspections where schedule_id = $1 order by due_at, site_id',
        [scheduleId],
      )
    ).rows;
  };
  const bells = async (inspectionId: string) => {
    const acme = await server.databases.client('acme');
    return (await acme.query<{ account_id: string; name: string }>(`select account_id, name from notifications where actions::text like $1 order by created_at`, [`%${inspectionId}%`])).rows;
  };
  const mails = async (inspectionId: string) => {
    const acme = await server.databases.client('acme');
    return (await acme.query<{ recipient: string; subject: string }>(`select recipient, subject from mail_outbox where body_text like $1 order by created_at, recipient`, [`%${inspectionId}%`])).rows;
  };

  it('dates: weekly, monthly on the 31st (the month’s last day), yearly on 29 February', () => {
    const first = new Date('2027-01-31T16:00:00.000Z');
    expect(occurrence(first, 'weekly', 2, 1).toISOString()).toBe('2027-02-14T16:00:00.000Z');
    expect(occurrence(first, 'monthly', 1, 1).toISOString()).toBe('2027-02-28T16:00:00.000Z');
    expect(occurrence(first, 'monthly', 1, 2).toISOString()).toBe('2027-03-31T16:00:00.000Z');
    expect(occurrence(new Date('2028-02-29T08:00:00.000Z'), 'yearly', 1, 1).toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });

  it('makes each occurrence one period ahead, per site and person, once however many runs; stops at its end or when deleted', async () => {
    const template = await newTemplate();
    const acme = await server.databases.client('acme');
    const sites = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 2', [lyon])).rows.map((r) => r.id);
    const first = new Date(Date.now() + 3 * DAY);
    const created = await call<Schedule>({
      method: 'POST',
      url: '/schedules',
      key: randomUUID(),
      payload: { id: randomUUID(), templateId: template.id, siteIds: sites, assigneeIds: [fieldId], recurrence: 'weekly', interval: 1, firstDueAt: first.toISOString(), until: new Date(first.getTime() + 15 * DAY).toISOString(), remindDays: 2 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The first occurrence is within a week: made at once, one per site.
    let made = await inspectionsOf(created.data.id);
    expect(made.map((i) => [new Date(i.due_at).toISOString(), i.assignee_id, i.status])).toEqual(sites.map(() => [first.toISOString(), fieldId, 'todo']));
    expect(new Set(made.map((i) => i.site_id))).toEqual(new Set(sites));
    expect(created.data.nextDueAt).toBe(new Date(first.getTime() + 7 * DAY).toISOString());
    // The field user sees them among its own to do.
    const own = await call<Page<InspectionSummary>>({ url: `/inspections?template=${template.id}`, token: field });
    expect(own.data.total).toBe(2);

    // Nothing more until the next one is a week away; two runs at once make it once.
    expect((await runSchedules(server.ctx, new Date(first.getTime() - DAY))).made).toBe(0);
    await Promise.all([runSchedules(server.ctx, new Date(first.getTime() + 1 * DAY)), runSchedules(server.ctx, new Date(first.getTime() + 1 * DAY))]);
    made = await inspectionsOf(created.data.id);
    expect(made).toHaveLength(4);
    // The third (first + 14 days) is within the end (first + 15), the fourth is not.
    await runSchedules(server.ctx, new Date(first.getTime() + 30 * DAY));
    expect((await inspectionsOf(created.data.id)).map((i) => new Date(i.due_at).getTime() - first.getTime())).toEqual([0, 0, 7 * DAY, 7 * DAY, 14 * DAY, 14 * DAY]);
    const ended = await call<Schedule>({ url: `/schedules/${created.data.id}` });
    expect(ended.data.nextDueAt).toBeNull();

    // A deleted schedule makes nothing more.
    const monthly = await call<Schedule>({
      method: 'POST',
      url: '/schedules',
      key: randomUUID(),
      payload: { id: randomUUID(), templateId: template.id, siteIds: [], assigneeIds: [fieldId], recurrence: 'monthly', interval: 1, firstDueAt: new Date(Date.now() + 60 * DAY).toISOString(), until: null, remindDays: 1 },
    });
    expect(await inspectionsOf(monthly.data.id)).toHaveLength(0);
    const removed = await call({ method: 'DELETE', url: `/schedules/${monthly.data.id}`, key: randomUUID(), payload: { baseVersion: monthly.data.version } });
    expect(removed.status).toBe(200);
    await runSchedules(server.ctx, new Date(Date.now() + 59 * DAY));
    expect(await inspectionsOf(monthly.data.id)).toHaveLength(0);

    // The list leaves it out; `deleted=true` lists it (and only the deleted ones), the field user not at all; restored, it is back.
    const live = await call<Schedule[]>({ url: '/schedules' });
    expect(live.data.map((s) => s.id)).not.toContain(monthly.data.id);
    const gone = await call<Schedule[]>({ url: '/schedules?deleted=true' });
    expect(gone.status).toBe(200);
    expect(gone.data.map((s) => s.id)).toContain(monthly.data.id);
    expect(gone.data.every((s) => s.deletedAt !== null)).toBe(true);
    expect(gone.data.find((s) => s.id === monthly.data.id)).toMatchObject({ templateName: template.name, recurrence: 'monthly' });
    expect((await call({ url: '/schedules?deleted=true', token: field })).status).toBe(403);
    expect((await call({ url: '/schedules?deleted=maybe' })).status).toBe(400);
    const back = await call<Schedule>({ method: 'POST', url: `/schedules/${monthly.data.id}/restore`, key: randomUUID(), payload: { baseVersion: monthly.data.version + 1 } });
    expect(back.status).toBe(200);
    expect((await call<Schedule[]>({ url: '/schedules?deleted=true' })).data.map((s) => s.id)).not.toContain(monthly.data.id);
    expect((await call<Schedule[]>({ url: '/schedules' })).data.map((s) => s.id)).toContain(monthly.data.id);
  });

  it('reminds the assignee before the due time and tells it and the planner once overdue, once each, never for a submitted one', async () => {
    const template = await newTemplate({ name: `Rappel ${randomUUID().slice(0, 6)}` });
    const due = new Date(Date.now() + 5 * DAY);
    const schedule = await call<Schedule>({
      method: 'POST',
      url: '/schedules',
      key: randomUUID(),
      payload: { id: randomUUID(), templateId: template.id, siteIds: [lyonSite], assigneeIds: [fieldId], recurrence: 'once', interval: 1, firstDueAt: due.toISOString(), until: null, remindDays: 2 },
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    const [made] = await inspectionsOf(schedule.data.id);
    const id = made!.id;
    // A second one, submitted before its reminder: nothing is sent for it.
    const other = await start(template);
    await submit(other, GOOD);

    await runSchedules(server.ctx, new Date(due.getTime() - 3 * DAY));
    expect(await bells(id)).toEqual([]);
    await runSchedules(server.ctx, new Date(due.getTime() - 1 * DAY));
    await runSchedules(server.ctx, new Date(due.getTime() - 1 * DAY + 60_000));
    const reminded = await bells(id);
    expect(reminded.map((b) => b.account_id)).toEqual([fieldId]);
    expect(reminded[0]!.name).toContain('Inspection à réaliser avant le');
    expect((await mails(id)).map((m) => m.recipient)).toEqual(['field@demo.vigie.test']);
    // The field user's bell shows it.
    const unread = await server.app.inject({ method: 'GET', url: '/api/notifications/unreadCount', headers: bearer(field) });
    expect(unread.statusCode).toBe(200);

    await runSchedules(server.ctx, new Date(due.getTime() + 3_600_000));
    await runSchedules(server.ctx, new Date(due.getTime() + 7_200_000));
    const told = (await bells(id)).slice(1);
    expect(told.map((b) => b.account_id).sort()).toEqual([fieldId, subOf(manager)].sort());
    expect(told.every((b) => b.name.startsWith('Inspection en retard'))).toBe(true);
    const sent = await mails(id);
    expect(sent).toHaveLength(3);
    expect(sent.filter((m) => m.subject.includes('en retard')).map((m) => m.recipient).sort()).toEqual(['field@demo.vigie.test', 'operator@demo.vigie.test']);
    expect(await bells(other.id)).toEqual([]);
  });

  it('only a manager of the family plans; a schedule’s people must be members', async () => {
    const template = await newTemplate();
    const payload = { id: randomUUID(), templateId: template.id, siteIds: [], assigneeIds: [fieldId], recurrence: 'once', interval: 1, firstDueAt: new Date(Date.now() + 90 * DAY).toISOString(), until: null, remindDays: 1 };
    expect((await call({ method: 'POST', url: '/schedules', token: field, key: randomUUID(), payload })).status).toBe(403);
    const stranger = await call({ method: 'POST', url: '/schedules', key: randomUUID(), payload: { ...payload, id: randomUUID(), assigneeIds: [randomUUID()] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('questionnaires.not_member');
    const backwards = await call({ method: 'POST', url: '/schedules', key: randomUUID(), payload: { ...payload, id: randomUUID(), recurrence: 'weekly', until: new Date(Date.now() + DAY).toISOString() } });
    expect(backwards.body.message).toBe('questionnaires.invalid_schedule');
  });

  it('the planners’ people picker: the district’s members by name, for a manager only', async () => {
    const members = await call<{ id: string; name: string }[]>({ url: '/members' });
    expect(members.status).toBe(200);
    const ids = members.body.data.map((m) => m.id);
    expect(ids).toContain(fieldId);
    expect(ids).toContain(subOf(manager));
    const names = members.body.data.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await call({ url: '/members', token: field })).status).toBe(403);
  });
});
