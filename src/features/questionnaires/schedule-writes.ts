/**
 * The planners' schedule writes, queued in the outbox (never sent from a screen): create, a
 * change (its changed fields only, with the values the user started from as `base`: a conflict
 * merges field by field), delete and restore (sent again on the current version when the
 * schedule moved on). Their own outbox module (the schedules' history module, as the server's
 * `records:changed` names it), so the field user's waiting count never counts them.
 */
import type { ScheduleCreate, ScheduleFields } from '../../../common/modules/questionnaires/schemas';
import { enqueueWrite } from '../../lib/outbox';

export const SCHEDULES_MODULE = 'inspection_schedules';
export const SCHEDULE_WRITE_KINDS = ['questionnaires.schedule.create', 'questionnaires.schedule.update', 'questionnaires.schedule.delete', 'questionnaires.schedule.restore'] as const;
export type ScheduleWriteKind = (typeof SCHEDULE_WRITE_KINDS)[number];

const queue = (kind: ScheduleWriteKind, recordId: string, baseVersion: number | null, payload: unknown, base?: unknown) =>
  enqueueWrite({ kind, module: SCHEDULES_MODULE, recordId, baseVersion, payload, ...(base === undefined ? {} : { base }) });

/** Queues a new schedule; resolves with its id once on disk. */
export async function queueCreateSchedule(templateId: string, fields: ScheduleFields): Promise<string> {
  const id = crypto.randomUUID();
  await queue('questionnaires.schedule.create', id, null, { id, templateId, ...fields } satisfies ScheduleCreate);
  return id;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Queues the changed fields only; false when nothing changed. */
export async function queueUpdateSchedule(schedule: { id: string; version: number } & ScheduleFields, next: ScheduleFields): Promise<boolean> {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const field of Object.keys(next) as (keyof ScheduleFields)[]) {
    if (same(schedule[field], next[field])) continue;
    changes[field] = next[field];
    base[field] = schedule[field];
  }
  if (Object.keys(changes).length === 0) return false;
  await queue('questionnaires.schedule.update', schedule.id, schedule.version, changes, base);
  return true;
}

export const queueDeleteSchedule = (schedule: { id: string; version: number }) => queue('questionnaires.schedule.delete', schedule.id, schedule.version, null);
export const queueRestoreSchedule = (schedule: { id: string; version: number }) => queue('questionnaires.schedule.restore', schedule.id, schedule.version, null);
