/**
 * The senders of the schedule writes (schedule-writes.ts), registered with the outbox by
 * registerQuestionnaireSenders. Registering twice is harmless.
 */
import type { ScheduleCreate } from '../../../common/modules/questionnaires/schemas';
import { registerSender, sendWrite, type OutboxItem, type SendContext, type SenderOptions } from '../../lib/outbox';
import type { ScheduleWriteKind } from './schedule-writes';

const version = (item: OutboxItem): number => item.baseVersion ?? 1;
const path = (item: OutboxItem, rest = '') => `questionnaires/schedules/${encodeURIComponent(item.recordId)}${rest}`;

type ScheduleSender = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

export const SCHEDULE_SENDERS: Record<ScheduleWriteKind, ScheduleSender> = {
  'questionnaires.schedule.create': (_item, ctx) => sendWrite('post', 'questionnaires/schedules', ctx.payload as ScheduleCreate, ctx.idempotencyKey),
  'questionnaires.schedule.update': (item, ctx) => sendWrite('patch', path(item), { baseVersion: version(item), changes: ctx.payload }, ctx.idempotencyKey),
  'questionnaires.schedule.delete': (item, ctx) => sendWrite('delete', path(item), { baseVersion: version(item) }, ctx.idempotencyKey),
  'questionnaires.schedule.restore': (item, ctx) => sendWrite('post', path(item, '/restore'), { baseVersion: version(item) }, ctx.idempotencyKey),
};

const OPTIONS: Record<ScheduleWriteKind, SenderOptions> = {
  'questionnaires.schedule.create': { onConflict: 'fail' },
  'questionnaires.schedule.update': { onConflict: 'merge' },
  'questionnaires.schedule.delete': { onConflict: 'rebase' },
  'questionnaires.schedule.restore': { onConflict: 'rebase' },
};

let registered = false;

export function registerScheduleSenders(): void {
  if (registered) return;
  registered = true;
  for (const [kind, send] of Object.entries(SCHEDULE_SENDERS) as [ScheduleWriteKind, ScheduleSender][]) {
    registerSender(kind, async (item, ctx) => ({ result: await send(item, ctx) }), OPTIONS[kind]);
  }
}
