/**
 * The actions' writes still in the outbox, laid over what the server last said, so what the
 * user did offline shows at once: a new action exists (in the list, first, and as its sheet),
 * an edit shows its new values, a status move its new status (and no longer overdue once
 * closed), a comment is in the thread, each marked "waiting to be sent". The list lays them
 * over its rows with the platform's withPendingList, told here which actions match its search
 * and filters (decided as the server decides them).
 */
import type { Action, ActionCreate, ActionStatus, ActionSummary, ActionTransition, Comment, CommentCreate } from '../../../common/modules/actions/schemas';
import type { PendingWrite, WithPending } from '../../lib/outbox';
import { matchesSearch } from '../../lib/text-fold';
import type { ActionListSearch } from './search';

const OPEN: readonly ActionStatus[] = ['todo', 'inProgress'];
const undelivered = (write: PendingWrite, id?: string) => (id === undefined || write.item.recordId === id) && write.item.state !== 'sent';

/** A comment written here and not yet on the server. */
export type ShownComment = Comment & { waiting?: boolean };
export type ShownAction = Omit<Action, 'comments'> & { comments: ShownComment[] };

/** The day (YYYY-MM-DD) on this device. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A status move makes the action's status, and its overdue mark, what they will be. */
const moved = <T extends { status: ActionStatus; overdue: boolean }>(record: T, status: ActionStatus): T => ({ ...record, status, overdue: OPEN.includes(status) && record.overdue });

export function applyPending(record: Action, writes: readonly PendingWrite[], me: { id: string; name: string }): ShownAction {
  let next: ShownAction = record;
  for (const write of writes) {
    if (!undelivered(write, record.id)) continue;
    const { kind } = write.item;
    if (kind === 'actions.update' && typeof write.payload === 'object' && write.payload !== null) next = { ...next, ...(write.payload as Partial<Action>) };
    else if (kind === 'actions.status') {
      const move = write.payload as ActionTransition;
      next = moved(next, move.status);
      if (move.status === 'done') next = { ...next, closingNote: move.note ?? next.closingNote, doneAt: move.at, doneBy: me };
    } else if (kind === 'actions.comment') {
      const comment = write.payload as CommentCreate;
      if (!next.comments.some((c) => c.id === comment.id)) next = { ...next, comments: [...next.comments, { id: comment.id, text: comment.text, at: comment.at, by: me, waiting: true }] };
    } else if (kind === 'actions.delete') next = { ...next, deletedAt: next.deletedAt ?? new Date().toISOString() };
    else if (kind === 'actions.restore') next = { ...next, deletedAt: null };
  }
  return next;
}

/** An action made on this device and not yet on the server, as its sheet shows it. */
export function pendingAction(id: string, writes: readonly PendingWrite[], me: { id: string; name: string }): ShownAction | undefined {
  const created = writes.find((write) => write.item.kind === 'actions.create' && undelivered(write, id));
  if (created === undefined) return undefined;
  const body = created.payload as ActionCreate;
  const now = new Date().toISOString();
  const action: Action = {
    id,
    districtId: '',
    version: 1,
    createdAt: now,
    createdBy: me,
    updatedAt: now,
    updatedBy: me,
    deletedAt: null,
    title: body.title,
    description: body.description,
    siteId: body.siteId,
    planId: body.planId,
    assigneeId: body.assigneeId,
    dueOn: body.dueOn,
    priority: body.priority,
    proof: body.proof,
    status: 'todo',
    siteName: null,
    planName: null,
    assignee: body.assigneeId === me.id ? me : null,
    templateId: body.templateId ?? null,
    source: null,
    overdue: body.dueOn !== null && body.dueOn < today(),
    closingNote: null,
    doneAt: null,
    doneBy: null,
    verifiedAt: null,
    verifiedBy: null,
    attachments: [],
    comments: [],
    statusChanges: [],
  };
  return applyPending(action, writes, me);
}

export const isWaiting = (id: string, writes: readonly PendingWrite[]) => writes.some((write) => undelivered(write, id));


/**
 * The actions' own writes for a list, a status move shown as the update it amounts to (its new
 * status), so the platform's overlay shows it and takes the row out of a filter it leaves.
 */
export function listWrites(writes: readonly PendingWrite[]): PendingWrite[] {
  return writes.map((write) => {
    if (write.item.kind !== 'actions.status') return write;
    const status = (write.payload as ActionTransition).status;
    return { item: { ...write.item, kind: 'actions.update' }, payload: { status, ...(OPEN.includes(status) ? {} : { overdue: false }) } };
  });
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + days);
  return today(d);
};

/** Whether a due date falls in a period of the list's filter, from `now` (the server counts from its today alike). */
export function inDuePeriod(row: { dueOn: string | null; overdue: boolean; status: ActionStatus }, due: ActionListSearch['due'], now = today()): boolean {
  switch (due) {
    case undefined:
      return true;
    case 'overdue':
      return OPEN.includes(row.status) && row.dueOn !== null && row.dueOn < now;
    case 'today':
      return row.dueOn === now;
    case 'week':
      return row.dueOn !== null && row.dueOn >= now && row.dueOn <= addDays(now, 6);
    case 'month':
      return row.dueOn !== null && row.dueOn >= now && row.dueOn <= addDays(now, 30);
    case 'none':
      return row.dueOn === null;
  }
}

/** Whether an action belongs in the list as the user filtered it, as the server decides it. */
export function actionMatches(search: ActionListSearch, meId: string | null): (row: WithPending<ActionSummary> & { description?: string; assigneeId?: string | null }) => boolean {
  const statuses = search.status?.split(',');
  return (row) => {
    const assigneeId = row.assignee?.id ?? row.assigneeId ?? null;
    return (
      matchesSearch(search.search, [row.title, row.description ?? '', row.siteName ?? '']) &&
      (search.scope === 'all' || assigneeId === meId) &&
      (statuses === undefined || statuses.includes(row.status)) &&
      (search.priority === undefined || row.priority === search.priority) &&
      (search.assignee === undefined || assigneeId === search.assignee) &&
      (search.site === undefined || row.siteId === search.site) &&
      (search.plan === undefined || row.planId === search.plan) &&
      (search.template === undefined || (row as { templateId?: string | null }).templateId === search.template) &&
      (search.source === undefined || (search.source === 'none' ? row.source === null : row.source?.kind === search.source)) &&
      inDuePeriod(row, search.due)
    );
  };
}

/** A list row touched by pending writes made whole: a new action is its payload, with what the server would add. */
export function completeActionRow(me: { id: string; name: string }) {
  return (row: WithPending<ActionSummary> & { assigneeId?: string | null }): WithPending<ActionSummary> => ({
    ...row,
    status: row.status ?? 'todo',
    overdue: row.overdue ?? (row.dueOn !== null && row.dueOn < today()),
    siteName: row.siteName ?? null,
    planName: row.planName ?? null,
    assignee: row.assignee ?? (row.assigneeId === me.id ? me : null),
    source: row.source ?? null,
    photoCount: row.photoCount ?? 0,
    commentCount: row.commentCount ?? 0,
    version: row.version ?? 0,
    updatedAt: row.updatedAt ?? '',
    deletedAt: row.deletedAt ?? null,
  });
}
