/**
 * An action's status workflow, shared by the server (which enforces it) and the screens (which
 * offer only the allowed moves). Two roles: the assignee (read right, its own action) and a
 * manager (manage right, any action; a manager also has every move of an assignee).
 *
 *   todo ──▶ inProgress ──▶ done ──▶ verified
 *     │          │  ▲         │
 *     └──────────┼──┼─────────┘ (closing: done, with the proof the action requires)
 *                ▼  │
 *            cancelled (managers; reopened to todo)
 *
 * The assignee starts, pauses, closes and reopens its own action until a manager verified it;
 * a manager also verifies, sends a done action back (done → inProgress), cancels, reopens a
 * cancelled or a verified one.
 */
import type { ActionStatus, Proof } from './schemas';

export type WorkflowRole = 'assignee' | 'manager';

const ASSIGNEE_MOVES: Readonly<Record<ActionStatus, readonly ActionStatus[]>> = {
  todo: ['inProgress', 'done'],
  inProgress: ['todo', 'done'],
  done: ['inProgress'],
  verified: [],
  cancelled: [],
};

const MANAGER_ONLY_MOVES: Readonly<Record<ActionStatus, readonly ActionStatus[]>> = {
  todo: ['cancelled'],
  inProgress: ['cancelled'],
  done: ['verified', 'cancelled'],
  verified: ['inProgress'],
  cancelled: ['todo'],
};

/** The statuses a role may move an action to from `from`. */
export function allowedMoves(from: ActionStatus, role: WorkflowRole): readonly ActionStatus[] {
  return role === 'manager' ? [...ASSIGNEE_MOVES[from], ...MANAGER_ONLY_MOVES[from]] : ASSIGNEE_MOVES[from];
}

export const canMove = (from: ActionStatus, to: ActionStatus, role: WorkflowRole): boolean => allowedMoves(from, role).includes(to);

export type MissingProof = keyof Proof;

/** What closing still lacks: a photo on the action, a closing note (empty: it may close). */
export function missingProof(proof: Proof, photoCount: number, note: string | null | undefined): MissingProof[] {
  const missing: MissingProof[] = [];
  if (proof.photo && photoCount === 0) missing.push('photo');
  if (proof.note && (note ?? '').trim() === '') missing.push('note');
  return missing;
}
