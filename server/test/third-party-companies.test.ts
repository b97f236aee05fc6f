/**
 * Third parties V2 (/api/third-party: companies, workers, interventions, presence): the part's
 * own rules (the record core is tested once, in supplier.test.ts). Qualifications read valid,
 * expiring or expired; an assigned worker's expired qualification warned; the prevention plan
 * signed by both representatives (idempotent by the signature's id, the version read checked),
 * locked then, and a change of its sections a new version asking for both signatures again;
 * the sign-in register idempotent by the client's id, refusing a second sign-in of someone on
 * site, never losing a sign-out; who is on site now; the rights (readers record presence and
 * signatures, managers the rest); the shareable plan; the demo data; the exports.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/modules/_platform/dates.js';
import { districtToday } from '../src/modules/_platform/dates.js';
import { shareableKind } from '../src/modules/_platform/shareables.js';
import {
  qualificationState,
  SIGNATURES_MODULE,
  workerIdOfCode,
  badgeCode,
  type Company,
  type Intervention,
  type Presence,
  type Worker,
} from '../../common/modules/thirdParty/companies.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let reader: string;
let readerId: string;
let lyon: string;
let siteId: string;
let otherSiteId: string;
let companyId: string;

const call = apiCaller(() => server, '/api/third-party', () => manager);
const today = districtToday();

async function newCompany(fields: Record<string, unknown> = {}) {
  const answer = await call<Company>({ method: 'POST', url: '/companies', payload: { id: randomUUID(), name: `Entreprise ${randomUUID().slice(0, 6)}`, ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}
async function newWorker(fields: Record<string, unknown> = {}) {
  const answer = await call<Worker>({ method: 'POST', url: '/workers', payload: { id: randomUUID(), companyId, name: `Intervenant ${randomUUID().slice(0, 6)}`, ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}
async function newIntervention(fields: Record<string, unknown> = {}) {
  const answer = await call<Intervention>({
    method: 'POST',
    url: '/interventions',
    payload: { id: randomUUID(), companyId, siteId, title: 'Maintenance CVC', startsOn: today, endsOn: addDays(today, 2), ...fields },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}
/** A signature picture as the outbox's tus upload leaves it: a complete PNG of the signature's record. */
async function signaturePicture(signatureId: string, uploader: string): Promise<string> {
  const id = randomUUID();
  const acme = await server.databases.client('acme');
  await acme.query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, state, created_by, created_by_name, completed_at)
     values ($1, $2, $3, $4, 'signature.png', 'image/png', 10, $5, 'complete', $6, 'test', now())`,
    [id, lyon, SIGNATURES_MODULE, signatureId, `acme/${id}`, uploader],
  );
  return id;
}
async function sign(intervention: Intervention, role: 'district' | 'company', token: string, planVersion = intervention.planVersion, signatureId = randomUUID(), key?: string) {
  const attachmentId = await signaturePicture(signatureId, readerId);
  return call<Intervention>({
    method: 'POST',
    url: `/interventions/${intervention.id}/signatures`,
    token,
    ...(key ? { key } : {}),
    payload: { id: signatureId, role, name: role === 'district' ? 'Claire Dumont' : 'Sophie Garnier', attachmentId, planVersion },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  readerId = await accountId(server, 'districts@demo.vigie.test');
  await setRights(server, readerId, lyon, ['thirdPartyV2.read', 'sites.read']);
  reader = (await login(server, 'districts@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  const sites = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name desc limit 2', [lyon])).rows;
  siteId = sites[0]!.id;
  otherSiteId = sites[1]!.id;
  companyId = (await newCompany({ name: 'Ascenseurs du Lyonnais', siret: '12345678900012', email: 'contact@ascenseurs.example', activity: 'Ascenseurs' })).id;
});
afterAll(() => server?.destroy());

describe('the demo data', () => {
  it('has two outside companies, workers with an expired qualification, a signed plan and one awaiting signatures, people on site now', async () => {
    const companies = await call<Company[]>({ url: '/companies' });
    expect(companies.data.map((c) => c.name)).toEqual(expect.arrayContaining(['Elec Services Rhône', 'Nettoyage Pro Lyon']));
    const workers = await call<Worker[]>({ url: '/workers' });
    expect(workers.data.some((w) => w.qualificationStates.includes('expired'))).toBe(true);
    const interventions = await call<Intervention[]>({ url: '/interventions' });
    const states = interventions.data.map((i) => i.planState);
    expect(states).toContain('signed');
    expect(states).toContain('toSign');
    expect(interventions.data.some((i) => i.warnings.length > 0)).toBe(true);
    const current = await call<Presence[]>({ url: '/presence/current' });
    expect(current.data.length).toBeGreaterThanOrEqual(3);
    expect(current.data.every((p) => p.signedOutAt === null)).toBe(true);
  });
});

describe('qualifications', () => {
  it('read valid, expiring within 30 days, or expired, named once each', async () => {
    expect(qualificationState(null, '2026-06-01')).toBe('valid');
    expect(qualificationState('2026-05-31', '2026-06-01')).toBe('expired');
    expect(qualificationState('2026-06-01', '2026-06-01')).toBe('expiring');
    expect(qualificationState('2026-07-01', '2026-06-01')).toBe('expiring');
    expect(qualificationState('2026-07-02', '2026-06-01')).toBe('valid');
    const worker = await newWorker({
      qualifications: [
        { name: 'Habilitation électrique B1V', expiresOn: addDays(today, -1) },
        { name: 'CACES R489', expiresOn: addDays(today, 10) },
        { name: 'SST', expiresOn: addDays(today, 400) },
      ],
    });
    expect(worker.qualificationStates).toEqual(['expired', 'expiring', 'valid']);
    expect(worker.companyName).toBe('Ascenseurs du Lyonnais');
  });

  it('warns of an assigned worker whose qualification expires before the intervention ends', async () => {
    const worker = await newWorker({ name: 'Paul Girard', qualifications: [{ name: 'Travail en hauteur', expiresOn: addDays(today, 1) }] });
    const intervention = await newIntervention({ workerIds: [worker.id], endsOn: addDays(today, 5) });
    expect(intervention.warnings).toEqual([{ workerId: worker.id, workerName: 'Paul Girard', qualification: 'Travail en hauteur', expiresOn: addDays(today, 1) }]);
    const shorter = await call<Intervention>({ method: 'PATCH', url: `/interventions/${intervention.id}`, payload: { baseVersion: intervention.version, changes: { endsOn: today } } });
    expect(shorter.data.warnings).toEqual([]);
  });

  it('refuses a worker of another company, and dates the wrong way round', async () => {
    const other = await newCompany();
    const stranger = (await call<Worker>({ method: 'POST', url: '/workers', payload: { id: randomUUID(), companyId: other.id, name: 'Autre' } })).data;
    const answer = await call({ method: 'POST', url: '/interventions', payload: { id: randomUUID(), companyId, siteId, title: 'X', startsOn: today, endsOn: today, workerIds: [stranger.id] } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('thirdParty.companies.worker_of_another_company');
    const dates = await call({ method: 'POST', url: '/interventions', payload: { id: randomUUID(), companyId, siteId, title: 'X', startsOn: today, endsOn: addDays(today, -1) } });
    expect(dates.body.message).toBe('thirdParty.companies.dates');
  });

  it('reads a badge code back as its worker', () => {
    const id = randomUUID();
    expect(workerIdOfCode(badgeCode(id))).toBe(id);
    expect(workerIdOfCode(` ${id.toUpperCase()} `)).toBe(id);
    expect(workerIdOfCode('vigie-worker:nope')).toBeNull();
  });
});

describe('the prevention plan', () => {
  it('starts from the template and is locked once both representatives signed', async () => {
    const intervention = await newIntervention();
    expect(intervention.planSections.map((s) => s.key)).toEqual(['risks', 'measures', 'emergency', 'assembly']);
    expect(intervention.planState).toBe('toSign');
    const filled = await call<Intervention>({
      method: 'PATCH',
      url: `/interventions/${intervention.id}`,
      payload: { baseVersion: intervention.version, changes: { planSections: intervention.planSections.map((s) => ({ ...s, body: `Texte ${s.key}` })) } },
    });
    expect(filled.data.planVersion).toBe(1);

    const first = await sign(filled.data, 'company', reader);
    expect(first.status, first.text).toBe(200);
    expect(first.data.planState).toBe('partlySigned');
    const second = await sign(first.data, 'district', reader);
    expect(second.data.planState).toBe('signed');
    expect(second.data.signatures.map((s) => s.role).sort()).toEqual(['company', 'district']);

    // Signed: the same role does not sign that version again.
    const again = await sign(second.data, 'company', reader);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('thirdParty.companies.already_signed');

    const history = await call<{ changes: { field: string }[] }[]>({ url: `/interventions/${intervention.id}/history` });
    expect(history.data.flatMap((h) => h.changes.map((c) => c.field))).toEqual(expect.arrayContaining(['companySignature', 'districtSignature']));
  });

  it('a change of its sections after a signature is a new version that asks for both signatures again', async () => {
    const intervention = await newIntervention();
    const signed = (await sign((await sign(intervention, 'company', reader)).data, 'district', manager)).data;
    expect(signed.planState).toBe('signed');
    // A change of the dates alone keeps the signed version.
    const dated = await call<Intervention>({ method: 'PATCH', url: `/interventions/${intervention.id}`, payload: { baseVersion: signed.version, changes: { state: 'inProgress' } } });
    expect(dated.data.planVersion).toBe(1);
    expect(dated.data.planState).toBe('signed');
    const changed = await call<Intervention>({
      method: 'PATCH',
      url: `/interventions/${intervention.id}`,
      payload: { baseVersion: dated.data.version, changes: { planSections: [...signed.planSections, { key: 'custom', title: 'Permis de feu', body: 'Permis de feu obligatoire.' }] } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.data.planVersion).toBe(2);
    expect(changed.data.planState).toBe('toSign');
    expect(changed.data.signatures).toEqual([]);
    expect(changed.data.previousSignatures.map((s) => s.planVersion)).toEqual([1, 1]);

    // A signature of the version read before the change is refused: the signer must read it again.
    const stale = await sign(changed.data, 'company', reader, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('thirdParty.companies.plan_changed');
    const fresh = await sign(changed.data, 'company', reader);
    expect(fresh.data.planState).toBe('partlySigned');
  });

  it('takes a signature once: the same signature sent again answers the plan unchanged', async () => {
    const intervention = await newIntervention();
    const signatureId = randomUUID();
    const first = await sign(intervention, 'company', reader, 1, signatureId);
    const replay = await call<Intervention>({
      method: 'POST',
      url: `/interventions/${intervention.id}/signatures`,
      token: reader,
      payload: { id: signatureId, role: 'company', name: 'Sophie Garnier', attachmentId: first.data.signatures[0]!.attachmentId, planVersion: 1 },
    });
    expect(replay.status).toBe(200);
    expect(replay.data.signatures).toHaveLength(1);
    expect(replay.data.version).toBe(first.data.version);
  });

  it('refuses a picture that is not the signature’s own upload', async () => {
    const intervention = await newIntervention();
    const picture = await signaturePicture(randomUUID(), readerId);
    const answer = await call({
      method: 'POST',
      url: `/interventions/${intervention.id}/signatures`,
      token: reader,
      payload: { id: randomUUID(), role: 'company', name: 'X', attachmentId: picture, planVersion: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('attachments.not_this_record');
  });

  it('is shared by a link as its sections and signatures, in the reader’s language', async () => {
    const intervention = await newIntervention({ title: 'Curage des réseaux' });
    await sign(intervention, 'company', reader);
    const acme = await server.databases.client('acme');
    const kind = shareableKind('preventionPlan')!;
    const fr = await kind.read(acme, lyon, intervention.id, 'fr');
    expect(fr?.title).toBe('Plan de prévention – Curage des réseaux');
    expect(fr?.fields.map((f) => f.label)).toEqual(expect.arrayContaining(['Risques et risques interférents', 'Consignes d’urgence', 'Signature de l’entreprise extérieure']));
    expect(fr?.files).toHaveLength(1);
    const en = await kind.read(acme, lyon, intervention.id, 'en');
    expect(en?.fields.map((f) => f.label)).toContain('Emergency instructions');
    const marseille = await districtId(server, 'Marseille');
    expect(await kind.read(acme, marseille, intervention.id, 'fr')).toBeNull();
  });
});

describe('the sign-in register', () => {
  let worker: Worker;
  beforeAll(async () => {
    worker = await newWorker({ name: 'Nadia Benoit' });
  });

  it('signs a worker in once by the client’s id, and refuses a second sign-in while on site', async () => {
    const id = randomUUID();
    const payload = { id, siteId, workerId: worker.id, visitorName: '' };
    const first = await call<Presence>({ method: 'POST', url: '/presence', token: reader, payload });
    expect(first.status, first.text).toBe(201);
    expect(first.data).toMatchObject({ name: 'Nadia Benoit', companyName: 'Ascenseurs du Lyonnais', signedOutAt: null });
    // The same sign-in sent again (another Idempotency-Key: the outbox after a lost answer) is the same presence.
    const again = await call<Presence>({ method: 'POST', url: '/presence', token: reader, payload });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(id);
    const twice = await call({ method: 'POST', url: '/presence', token: reader, payload: { ...payload, id: randomUUID() } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('thirdParty.companies.already_on_site');
    // On another site at once is another presence.
    const elsewhere = await call<Presence>({ method: 'POST', url: '/presence', token: reader, payload: { ...payload, id: randomUUID(), siteId: otherSiteId } });
    expect(elsewhere.status).toBe(201);

    const current = await call<Presence[]>({ url: `/presence/current?siteId=${siteId}`, token: reader });
    expect(current.data.filter((p) => p.workerId === worker.id).map((p) => p.id)).toEqual([id]);

    const out = await call<Presence>({
      method: 'POST',
      url: `/presence/${id}/sign-out`,
      token: reader,
      payload: { siteId, workerId: worker.id, visitorName: '', signedInAt: first.data.signedInAt },
    });
    expect(out.status, out.text).toBe(200);
    expect(out.data.signedOutAt).not.toBeNull();
    const outAgain = await call<Presence>({
      method: 'POST',
      url: `/presence/${id}/sign-out`,
      token: reader,
      payload: { siteId, workerId: worker.id, visitorName: '', signedInAt: first.data.signedInAt, signedOutAt: new Date().toISOString() },
    });
    expect(outAgain.data.signedOutAt).toBe(out.data.signedOutAt);
    const after = await call<Presence[]>({ url: `/presence/current?siteId=${siteId}` });
    expect(after.data.some((p) => p.workerId === worker.id)).toBe(false);
    // Gone, the worker signs in again.
    expect((await call({ method: 'POST', url: '/presence', token: reader, payload: { ...payload, id: randomUUID() } })).status).toBe(201);
  });

  it('never loses a sign-out made offline: its sign-in refused or never arrived, the presence arrives closed', async () => {
    const visitor = { siteId: otherSiteId, workerId: null, visitorName: 'Bureau Veritas – M. Caron' };
    const signedInAt = new Date(Date.now() - 3_600_000).toISOString();
    const id = randomUUID();
    const out = await call<Presence>({ method: 'POST', url: `/presence/${id}/sign-out`, token: reader, payload: { ...visitor, signedInAt, signedOutAt: new Date().toISOString() } });
    expect(out.status, out.text).toBe(200);
    expect(out.data).toMatchObject({ id, name: 'Bureau Veritas – M. Caron', signedInAt, companyId: null });
    const history = await call<Presence[]>({ url: `/presence?siteId=${otherSiteId}&from=${addDays(today, -1)}` });
    expect(history.data.some((p) => p.id === id && p.signedOutAt !== null)).toBe(true);
  });

  it('refuses a visitor without a name, a sign-out before its sign-in, an unknown site', async () => {
    const none = await call({ method: 'POST', url: '/presence', token: reader, payload: { id: randomUUID(), siteId, workerId: null, visitorName: '  ' } });
    expect(none.body.message).toBe('thirdParty.companies.who_is_it');
    const before = await call({
      method: 'POST',
      url: `/presence/${randomUUID()}/sign-out`,
      token: reader,
      payload: { siteId, workerId: null, visitorName: 'X', signedInAt: new Date().toISOString(), signedOutAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(before.body.message).toBe('thirdParty.companies.sign_out_before_sign_in');
    const site = await call({ method: 'POST', url: '/presence', token: reader, payload: { id: randomUUID(), siteId: randomUUID(), workerId: null, visitorName: 'X' } });
    expect(site.status).toBe(404);
    expect(site.body.message).toBe('thirdParty.companies.site_not_found');
  });

  it('exports the register, the companies and the workers as CSV', async () => {
    for (const [url, first] of [
      ['/presence/export.csv', 'Arrivée'],
      ['/companies/export.csv', 'Raison sociale'],
      ['/workers/export.csv', 'Habilitations'],
    ] as const) {
      const answer = await call({ url, token: reader });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain('text/csv');
      expect(answer.text.split('\r\n')[0]).toContain(first);
    }
  });
});

describe('rights', () => {
  it('a reader reads, records presence and signs, and manages no company, worker or intervention', async () => {
    expect((await call({ url: '/companies', token: reader })).status).toBe(200);
    expect((await call({ method: 'POST', url: '/companies', token: reader, payload: { id: randomUUID(), name: 'X' } })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/workers', token: reader, payload: { id: randomUUID(), companyId, name: 'X' } })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/interventions', token: reader, payload: { id: randomUUID(), companyId, siteId, title: 'X', startsOn: today, endsOn: today } })).status).toBe(403);
    expect((await call({ url: '/companies?deleted=true', token: reader })).status).toBe(403);
  });

  it('without the right, nothing', async () => {
    await setRights(server, readerId, lyon, ['sites.read']);
    try {
      expect((await call({ url: '/presence/current', token: reader })).status).toBe(403);
      expect((await call({ method: 'POST', url: '/presence', token: reader, payload: { id: randomUUID(), siteId, workerId: null, visitorName: 'X' } })).status).toBe(403);
    } finally {
      await setRights(server, readerId, lyon, ['thirdPartyV2.read', 'sites.read']);
    }
  });

  it('another district’s ids are not found', async () => {
    const worker = await newWorker();
    const intervention = await newIntervention();
    const marseille = await districtId(server, 'Marseille');
    const acme = await server.databases.client('acme');
    const site = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null limit 1', [marseille])).rows[0]!.id;
    const sign = await call({ method: 'POST', url: '/presence', payload: { id: randomUUID(), siteId: site, workerId: worker.id, visitorName: '' } });
    expect(sign.status).toBe(404);
    expect(sign.body.message).toBe('thirdParty.companies.site_not_found');
    expect((await call({ url: `/interventions/${intervention.id}` })).status).toBe(200);
  });
});
