/**
 * The workflows' demo data: the ready-made definitions (definitions.ts) in every district,
 * published as version 1; on Lyon, instances in every state of the hot-work permit, a work
 * permit for an outside company waiting for approval, a purchase request from the low stock, a
 * declaration's closure and a contract's approval half way through its committee.
 */
import { randomUUID } from 'node:crypto';
import type { WorkflowSpec } from '../../../../common/modules/workflow/schemas.js';
import type { Queryable } from '../../db/types.js';
import type { DistrictSeed } from '../_platform/module.js';
import { READY_MADE } from './definitions.js';
import { waitingAccounts, type InstanceRow } from './service.js';
import type { Approval } from '../../../../common/modules/workflow/engine.js';

const HOUR = 3_600_000;

interface Demo {
  title: string;
  /** The transitions made, in order, each with its fields or reason. */
  path: { key: string; fields?: Record<string, string>; refs?: Record<string, string>; reason?: string }[];
  recordId?: string | null;
  /** How long ago it started. */
  hoursAgo: number;
}

export async function seedInstance(tx: Queryable, districtId: string, actorId: string, definitionId: string, target: string | null, spec: WorkflowSpec, demo: Demo, now = new Date()): Promise<string> {
  const id = randomUUID();
  let at = new Date(now.getTime() - demo.hoursAgo * HOUR);
  const stepGap = (demo.hoursAgo * HOUR) / (demo.path.length + 1);
  let state = spec.initial;
  let seq = 1;
  let enteredAt = at;
  const steps: unknown[][] = [[randomUUID(), id, districtId, at, 'start', null, null, spec.initial, 1, actorId, null, '{}', '{}']];
  const approvals: Approval[] = [];
  for (const move of demo.path) {
    at = new Date(at.getTime() + stepGap);
    const t = spec.transitions.find((x) => x.key === move.key && x.from === state);
    if (!t) throw new Error(`demo workflow: no ${move.key} from ${state}`);
    if (t.approvals) {
      steps.push([randomUUID(), id, districtId, at, 'approval', t.key, state, null, seq, actorId, move.reason ?? null, JSON.stringify(move.fields ?? {}), JSON.stringify(move.refs ?? {})]);
      approvals.push({ transition: t.key, accountId: actorId });
      if (approvals.length < t.approvals.required) continue;
    }
    steps.push([randomUUID(), id, districtId, at, 'transition', t.key, state, t.to, seq, actorId, move.reason ?? null, JSON.stringify(move.fields ?? {}), JSON.stringify(move.refs ?? {})]);
    state = t.to;
    seq += 1;
    enteredAt = at;
    approvals.length = 0;
  }
  const final = spec.states.find((s) => s.key === state)?.final === true;
  const def = spec.states.find((s) => s.key === state);
  const later = (h: number | undefined) => (h === undefined || final ? null : new Date(enteredAt.getTime() + h * HOUR));
  // Deadlines already past in the demo count as sent: the job would have told about them.
  const remindAt = later(def?.remindHours);
  const deadlineAt = later(def?.deadlineHours);
  await tx.query(
    `insert into workflow_instances (id, district_id, definition_id, definition_version, title, target, record_id, state, state_seq, state_entered_at, status,
       remind_at, deadline_at, reminded_at, escalated_at, created_by, updated_by, created_at, updated_at)
     values ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $9)`,
    [id, districtId, definitionId, demo.title, target, demo.recordId ?? null, state, seq, enteredAt, final ? 'done' : 'open', remindAt, deadlineAt,
      remindAt && remindAt < now ? now : null, deadlineAt && deadlineAt < now ? now : null, actorId, new Date(now.getTime() - demo.hoursAgo * HOUR)],
  );
  for (const step of steps) {
    await tx.query(
      `insert into workflow_steps (id, instance_id, district_id, at, kind, transition, from_state, to_state, state_seq, actor_id, reason, fields, refs) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      step,
    );
  }
  if (!final) {
    const row = { id, spec, state, assignee_id: null, site_manager_id: null, created_by: actorId } as unknown as InstanceRow;
    const wanted = await waitingAccounts(tx, districtId, row, approvals);
    if (wanted.length > 0) {
      await tx.query('insert into workflow_waits (instance_id, district_id, account_id, entered_at) select $1, $2, unnest($3::uuid[]), $4', [id, districtId, wanted, enteredAt]);
    }
  }
  return id;
}

export async function seedDefinitions(tx: Queryable, districtId: string, actorId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const def of READY_MADE) {
    const id = randomUUID();
    ids.set(def.key, id);
    await tx.query(`insert into workflow_definitions (id, district_id, name, target, draft, current_version, created_by, updated_by) values ($1, $2, $3, $4, $5, 1, $6, $6)`, [
      id,
      districtId,
      def.name,
      def.target,
      JSON.stringify(def.spec),
      actorId,
    ]);
    await tx.query('insert into workflow_versions (definition_id, number, spec, published_by) values ($1, 1, $2, $3)', [id, JSON.stringify(def.spec), actorId]);
  }
  return ids;
}

const HOT_WORK_FIELDS = { location: 'Atelier maintenance – poste de soudure 2', risks: 'Projections incandescentes : zone balisée, extincteur CO2 à 5 m, bâche ignifugée' };

export async function seedWorkflow({ tx, districtId, districtName, actorId }: DistrictSeed): Promise<void> {
  const ids = await seedDefinitions(tx, districtId, actorId);
  if (districtName !== 'Lyon') return;
  const spec = (key: string) => READY_MADE.find((d) => d.key === key)!;
  const add = (key: string, demo: Demo) => seedInstance(tx, districtId, actorId, ids.get(key)!, spec(key).target, spec(key).spec, demo);
  await add('hotWork', { title: 'Permis de feu – découpe de gaine en toiture', path: [], hoursAgo: 1 });
  await add('hotWork', { title: 'Permis de feu – soudure de la rampe quai 3', path: [{ key: 'submit', fields: HOT_WORK_FIELDS }], hoursAgo: 3 });
  await add('hotWork', { title: 'Permis de feu – meulage charpente entrepôt B', path: [{ key: 'submit', fields: HOT_WORK_FIELDS }, { key: 'approve' }], hoursAgo: 5 });
  await add('hotWork', { title: 'Permis de feu – brasage réseau frigorifique', path: [{ key: 'submit', fields: HOT_WORK_FIELDS }, { key: 'approve' }, { key: 'endWork' }], hoursAgo: 6 });
  await add('hotWork', {
    title: 'Permis de feu – reprise de soudure portail nord',
    path: [{ key: 'submit', fields: HOT_WORK_FIELDS }, { key: 'approve' }, { key: 'endWork' }, { key: 'check', fields: { checkNote: 'Aucun point chaud constaté, zone rendue propre' } }],
    hoursAgo: 30,
  });
  await add('hotWork', {
    title: 'Permis de feu – chalumeau en local archives',
    path: [{ key: 'submit', fields: HOT_WORK_FIELDS }, { key: 'refuse', reason: 'Local archives : travaux par point chaud interdits, prévoir une découpe à froid' }],
    hoursAgo: 48,
  });
  // The outside company is one of the district's register (third parties V2, seeded before).
  const { rows: companies } = await tx.query<{ id: string; name: string }>('select id, name from tp_companies where district_id = $1 and deleted_at is null order by vigie_fold(name), id limit 1', [districtId]);
  if (companies[0]) {
    await add('workPermit', {
      title: `Intervention ${companies[0].name} – remplacement de la passerelle`,
      path: [{ key: 'submit', fields: { company: companies[0].name, preventionPlan: 'Plan de prévention PP-2026-014 signé le 12/11' }, refs: { company: companies[0].id } }],
      hoursAgo: 20,
    });
  }
  await add('purchaseRequest', { title: 'Gants anti-coupure taille 9 – stock bas (4 paires)', path: [], hoursAgo: 10 });
  await add('purchaseRequest', { title: 'Absorbant hydrocarbures – stock bas', path: [{ key: 'order', fields: { orderRef: 'CMD-2026-0412' } }], hoursAgo: 70 });
  const { rows: declarations } = await tx.query<{ id: string; title: string }>('select id, title from declarations where district_id = $1 and deleted_at is null order by created_at limit 1', [districtId]);
  if (declarations[0]) await add('declarationClosure', { title: `Clôture – ${declarations[0].title}`, recordId: declarations[0].id, path: [], hoursAgo: 12 });
  const { rows: contracts } = await tx.query<{ id: string; name: string }>('select id, name from contracts where district_id = $1 and deleted_at is null order by created_at limit 1', [districtId]);
  if (contracts[0]) await add('contractApproval', { title: `Approbation – ${contracts[0].name}`, recordId: contracts[0].id, path: [{ key: 'approve' }], hoursAgo: 26 });
}
