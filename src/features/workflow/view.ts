/**
 * What the workflow screens show before the server answers (pure: tests/unit/features/workflow):
 * an instance started on this device (its definition's first step, from the published specs kept
 * on the device) and an instance with its queued moves laid over it (the step they lead to,
 * marked waiting; a move the server refused stays with its reason).
 */
import { movesFor } from '../../../common/modules/workflow/engine';
import type { Instance, Label, WorkflowMeta, WorkflowSpec } from '../../../common/modules/workflow/schemas';

export const labelIn = (label: Label, language: string): string => (language.startsWith('en') ? label.en : label.fr);

export interface QueuedStart {
  id: string;
  definitionId: string;
  title: string;
  recordId?: string;
}

export interface QueuedMove {
  transition: string;
  fromState: string;
  state: 'queued' | 'sending' | 'sent' | 'failed' | 'conflict';
}

/** An instance started offline, as its sheet shows it: the definition's first step, its moves for the starter. */
export function startedHere(start: QueuedStart, meta: WorkflowMeta | undefined, me: { id: string; name: string; rights: readonly string[] }, now = new Date()): Instance | null {
  const def = meta?.definitions.find((d) => d.id === start.definitionId);
  if (!def) return null;
  const at = now.toISOString();
  const spec: WorkflowSpec = def.spec;
  const initial = spec.states.find((s) => s.key === spec.initial)!;
  return {
    id: start.id,
    title: start.title,
    definitionId: def.id,
    definitionName: def.name,
    definitionVersion: def.currentVersion,
    state: spec.initial,
    stateLabel: initial.label,
    status: 'open',
    target: def.target,
    recordId: start.recordId ?? null,
    stateEnteredAt: at,
    updatedAt: at,
    version: 0,
    spec,
    startedByName: me.name,
    waitingOn: [],
    moves: movesFor(spec, spec.initial, [{ accountId: me.id, rights: me.rights }], { assigneeId: null, siteManagerId: null, starterId: me.id }, [], now, now),
    history: [],
  };
}

/**
 * The step the queued moves lead to (those not refused, in order, each from the step the one
 * before led to); a move with approvals moves nothing alone (the server counts them), so the
 * prediction stops there. Null when nothing is queued.
 */
export function predictedState(instance: Pick<Instance, 'state' | 'spec'>, moves: readonly QueuedMove[]): string | null {
  let state = instance.state;
  let moved = false;
  for (const move of moves) {
    if (move.state === 'failed' || move.state === 'conflict' || move.state === 'sent') continue;
    const t = instance.spec.transitions.find((x) => x.key === move.transition && x.from === state && x.from === move.fromState);
    if (!t || t.approvals) break;
    state = t.to;
    moved = true;
  }
  return moved ? state : null;
}
