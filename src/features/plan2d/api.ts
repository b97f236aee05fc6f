/**
 * The 2D plans' reads and writes in the app. Reads are queries kept for offline work
 * (`meta: { offline: true }`, persisted by the module's offline declaration): a site's plans
 * and each plan opened, with its pins and zones. Every write goes through the outbox (one kind
 * each, sent with its Idempotency-Key), so it works offline, shows at once as waiting and is
 * delivered once. A plan's upload (a new plan, a new revision) is one item whose file goes
 * first (tus, resumable), then the write naming it.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Calibration, Candidate, Pin, PinKind, Plan, PlanPoint, PlanSheet, ZoneType } from '../../../common/modules/plan2d/schemas';
import { apiGet } from '../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../lib/outbox';

export const PLAN2D_MODULE = 'plan2d';

export const plan2dKeys = {
  all: [PLAN2D_MODULE] as const,
  sitePlans: (siteId: string) => [PLAN2D_MODULE, 'site', siteId] as const,
  candidates: (siteId: string) => [PLAN2D_MODULE, 'candidates', siteId] as const,
  plan: (id: string) => [PLAN2D_MODULE, 'plan', id] as const,
};

const offline = { meta: { offline: true } } as const;

export const sitePlansQuery = (siteId: string) =>
  queryOptions({ queryKey: plan2dKeys.sitePlans(siteId), queryFn: ({ signal }) => apiGet<Plan[]>(`plan2d/sites/${siteId}/plans`, { signal }), ...offline });

export const planQuery = (id: string) => queryOptions({ queryKey: plan2dKeys.plan(id), queryFn: ({ signal }) => apiGet<PlanSheet>(`plan2d/plans/${id}`, { signal }), ...offline });

export const candidatesQuery = (siteId: string) =>
  queryOptions({ queryKey: plan2dKeys.candidates(siteId), queryFn: ({ signal }) => apiGet<Candidate[]>(`plan2d/sites/${siteId}/candidates`, { signal }), staleTime: 60_000, ...offline });

// ---------------------------------------------------------------- writes

export const WRITES = {
  planCreate: 'plan2d.plan.create',
  revision: 'plan2d.plan.revision',
  planUpdate: 'plan2d.plan.update',
  planDelete: 'plan2d.plan.delete',
  pinCreate: 'plan2d.pin.create',
  declarationPin: 'plan2d.pin.declaration',
  pinMove: 'plan2d.pin.move',
  pinDelete: 'plan2d.pin.delete',
  zoneCreate: 'plan2d.zone.create',
  zoneDelete: 'plan2d.zone.delete',
} as const;

/** What a waiting write says of itself (listed without its payload): the plan it changes, and for a pin or zone what it is. */
export interface WriteSummary {
  planId: string;
  siteId?: string;
  name?: string;
  kind?: PinKind;
  recordId?: string;
  x?: number;
  y?: number;
  type?: ZoneType;
  colour?: string;
  points?: PlanPoint[];
  [key: string]: unknown;
}

const typeOf = (file: Blob) => file.type || 'application/octet-stream';

/** A new plan of a site from an image or a PDF (its page). */
export function queuePlanCreate(plan: { id: string; siteId: string; level: string; name: string; file: Blob; fileName: string; page?: number }) {
  const attachmentId = crypto.randomUUID();
  const payload = { id: plan.id, siteId: plan.siteId, level: plan.level, name: plan.name, sourceId: attachmentId, ...(plan.page ? { page: plan.page } : {}) };
  return enqueueWrite({
    kind: WRITES.planCreate,
    module: PLAN2D_MODULE,
    recordId: plan.id,
    baseVersion: null,
    payload,
    attachments: [{ attachmentId, blob: plan.file, name: plan.fileName, type: typeOf(plan.file) }],
    summary: { planId: plan.id, siteId: plan.siteId, name: plan.name } satisfies WriteSummary,
  });
}

/** The plan's next revision: the pins and zones stay. */
export function queueRevision(plan: Pick<Plan, 'id' | 'version' | 'name'>, file: Blob, fileName: string, page?: number) {
  const attachmentId = crypto.randomUUID();
  return enqueueWrite({
    kind: WRITES.revision,
    module: PLAN2D_MODULE,
    recordId: plan.id,
    baseVersion: plan.version,
    payload: { sourceId: attachmentId, ...(page ? { page } : {}) },
    attachments: [{ attachmentId, blob: file, name: fileName, type: typeOf(file) }],
    summary: { planId: plan.id, name: plan.name } satisfies WriteSummary,
  });
}

export const queuePlanUpdate = (plan: Pick<Plan, 'id' | 'version'>, changes: { name?: string; level?: string; calibration?: Calibration | null }) =>
  enqueueWrite({ kind: WRITES.planUpdate, module: PLAN2D_MODULE, recordId: plan.id, baseVersion: plan.version, payload: changes, summary: { planId: plan.id, ...changes } });

export const queuePlanDelete = (plan: Pick<Plan, 'id' | 'version' | 'name'>) =>
  enqueueWrite({ kind: WRITES.planDelete, module: PLAN2D_MODULE, recordId: plan.id, baseVersion: plan.version, payload: {}, summary: { planId: plan.id, name: plan.name } });

export function queuePin(planId: string, pin: { kind: PinKind; recordId: string; x: number; y: number; title?: string }) {
  const id = crypto.randomUUID();
  const summary: WriteSummary = { planId, kind: pin.kind, recordId: pin.recordId, x: pin.x, y: pin.y, name: pin.title ?? '' };
  return enqueueWrite({ kind: WRITES.pinCreate, module: PLAN2D_MODULE, recordId: id, baseVersion: null, payload: { planId, id, kind: pin.kind, recordId: pin.recordId, x: pin.x, y: pin.y }, summary });
}

/** The pin of the declaration the user just reported from the plan (queued after the declaration). */
export function queueDeclarationPin(planId: string, declarationId: string, at: PlanPoint, title = '') {
  const id = crypto.randomUUID();
  const summary: WriteSummary = { planId, kind: 'declaration', recordId: declarationId, x: at.x, y: at.y, name: title };
  return enqueueWrite({ kind: WRITES.declarationPin, module: PLAN2D_MODULE, recordId: id, baseVersion: null, payload: { planId, id, recordId: declarationId, x: at.x, y: at.y }, summary });
}

export const queuePinMove = (pin: Pick<Pin, 'id' | 'version' | 'planId'>, at: PlanPoint) =>
  enqueueWrite({ kind: WRITES.pinMove, module: PLAN2D_MODULE, recordId: pin.id, baseVersion: pin.version, payload: { x: at.x, y: at.y }, summary: { planId: pin.planId, x: at.x, y: at.y } });

export const queuePinDelete = (pin: Pick<Pin, 'id' | 'version' | 'planId'>) =>
  enqueueWrite({ kind: WRITES.pinDelete, module: PLAN2D_MODULE, recordId: pin.id, baseVersion: pin.version, payload: {}, summary: { planId: pin.planId } });

export function queueZone(planId: string, zone: { type: ZoneType; name: string; colour: string; points: PlanPoint[] }) {
  const id = crypto.randomUUID();
  return enqueueWrite({ kind: WRITES.zoneCreate, module: PLAN2D_MODULE, recordId: id, baseVersion: null, payload: { planId, id, ...zone }, summary: { planId, ...zone } satisfies WriteSummary });
}

export const queueZoneDelete = (zone: { id: string; version: number; planId: string }) =>
  enqueueWrite({ kind: WRITES.zoneDelete, module: PLAN2D_MODULE, recordId: zone.id, baseVersion: zone.version, payload: {}, summary: { planId: zone.planId } });

let registered = false;

/** The senders of every write of the module, once. */
export function registerPlan2dSenders(): void {
  if (registered) return;
  registered = true;
  const id = (value: string) => encodeURIComponent(value);
  const withPlan = (payload: unknown) => {
    const { planId, ...rest } = payload as { planId: string } & Record<string, unknown>;
    return { planId, rest };
  };
  // The file first: the write names an upload the server holds whole.
  registerSender(WRITES.planCreate, async (_item, ctx) => ({ result: await sendWrite('post', 'plan2d/plans', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail', attachmentsFirst: true });
  registerSender(
    WRITES.revision,
    async (item, ctx) => ({ result: await sendWrite('post', `plan2d/plans/${id(item.recordId)}/revisions`, { baseVersion: item.baseVersion ?? 1, ...(ctx.payload as object) }, ctx.idempotencyKey) }),
    { onConflict: 'rebase', attachmentsFirst: true },
  );
  registerSender(
    WRITES.planUpdate,
    async (item, ctx) => ({ result: await sendWrite('patch', `plan2d/plans/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1, changes: ctx.payload }, ctx.idempotencyKey) }),
    { onConflict: 'merge' },
  );
  registerSender(WRITES.planDelete, async (item, ctx) => ({ result: await sendWrite('delete', `plan2d/plans/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1 }, ctx.idempotencyKey) }), {
    onConflict: 'rebase',
  });
  registerSender(
    WRITES.pinCreate,
    async (_item, ctx) => {
      const { planId, rest } = withPlan(ctx.payload);
      return { result: await sendWrite('post', `plan2d/plans/${id(planId)}/pins`, rest, ctx.idempotencyKey) };
    },
    { onConflict: 'fail' },
  );
  registerSender(
    WRITES.declarationPin,
    async (_item, ctx) => {
      const { planId, rest } = withPlan(ctx.payload);
      return { result: await sendWrite('post', `plan2d/plans/${id(planId)}/declaration-pins`, rest, ctx.idempotencyKey) };
    },
    { onConflict: 'fail' },
  );
  registerSender(WRITES.pinMove, async (item, ctx) => ({ result: await sendWrite('patch', `plan2d/pins/${id(item.recordId)}`, { baseVersion: item.baseVersion ?? 1, ...(ctx.payload as object) }, ctx.idempotencyKey) }), {
    onConflict: 'rebase',
  });
  registerSender(WRITES.pinDelete, async (item, ctx) => ({ result: await sendWrite('delete', `plan2d/pins/${id(item.recordId)}`, undefined, ctx.idempotencyKey) }), { onConflict: 'rebase' });
  registerSender(
    WRITES.zoneCreate,
    async (_item, ctx) => {
      const { planId, rest } = withPlan(ctx.payload);
      return { result: await sendWrite('post', `plan2d/plans/${id(planId)}/zones`, rest, ctx.idempotencyKey) };
    },
    { onConflict: 'fail' },
  );
  registerSender(WRITES.zoneDelete, async (item, ctx) => ({ result: await sendWrite('delete', `plan2d/zones/${id(item.recordId)}`, undefined, ctx.idempotencyKey) }), { onConflict: 'rebase' });
}
