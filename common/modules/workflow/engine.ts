/**
 * The workflow rules, without a database: who an actor of a definition is for an instance, which
 * transitions a person may make now and why not, and whether a definition's spec holds together.
 * The service (service.ts) gives it the instance, the approvals of the state's visit and the
 * people the caller acts for (itself, and whoever named it their delegate today).
 */
import type { Actor, Move, WorkflowSpec, WorkflowTransitionDef } from './schemas';

export interface Person {
  accountId: string;
  rights: readonly string[];
}

export interface InstanceRoles {
  assigneeId: string | null;
  siteManagerId: string | null;
  starterId: string;
}

export interface Approval {
  transition: string;
  /** Whose approval it counts as (the delegator when a delegate approved). */
  accountId: string;
}

export function isActor(actor: Actor, person: Person, roles: InstanceRoles): boolean {
  switch (actor.type) {
    case 'right':
      return person.rights.includes(actor.right);
    case 'role':
      return (actor.role === 'assignee' ? roles.assigneeId : actor.role === 'siteManager' ? roles.siteManagerId : roles.starterId) === person.accountId;
    case 'people':
      return actor.accountIds.includes(person.accountId);
  }
}

/** The named people of a transition, in their order (a sequence's order). */
export const namedPeople = (transition: WorkflowTransitionDef): string[] => transition.actors.flatMap((a) => (a.type === 'people' ? a.accountIds : []));

/** For a sequence: the next named person who has not approved yet. */
export function nextInSequence(transition: WorkflowTransitionDef, approvals: readonly Approval[]): string | null {
  const given = new Set(approvals.filter((a) => a.transition === transition.key).map((a) => a.accountId));
  return namedPeople(transition).find((id) => !given.has(id)) ?? null;
}

export interface MoveCheck {
  /** Whom the caller acts as: itself first, then those it stands in for. */
  as: Person | null;
  blocked: string | null;
}

/**
 * May one of `people` (the caller, then its delegators) make `transition` now? Answers whom it
 * acts as, or the i18n key of why not.
 */
export function checkMove(
  transition: WorkflowTransitionDef,
  people: readonly Person[],
  roles: InstanceRoles,
  approvals: readonly Approval[],
  stateEnteredAt: Date,
  now: Date,
): MoveCheck {
  const candidates = people.filter((p) => transition.actors.some((a) => isActor(a, p, roles)));
  if (candidates.length === 0) return { as: null, blocked: 'workflow.not_allowed' };
  if (transition.notBeforeMinutes !== undefined && now.getTime() < stateEnteredAt.getTime() + transition.notBeforeMinutes * 60_000) {
    return { as: candidates[0]!, blocked: 'workflow.too_early' };
  }
  if (transition.approvals) {
    const given = new Set(approvals.filter((a) => a.transition === transition.key).map((a) => a.accountId));
    const open = candidates.filter((p) => !given.has(p.accountId));
    if (open.length === 0) return { as: candidates[0]!, blocked: 'workflow.already_approved' };
    if (transition.approvals.sequence) {
      const next = nextInSequence(transition, approvals);
      const turn = open.find((p) => p.accountId === next);
      return turn ? { as: turn, blocked: null } : { as: open[0]!, blocked: 'workflow.not_your_turn' };
    }
    return { as: open[0]!, blocked: null };
  }
  return { as: candidates[0]!, blocked: null };
}

/** The transitions out of the instance's state as `people` see them. */
export function movesFor(spec: WorkflowSpec, state: string, people: readonly Person[], roles: InstanceRoles, approvals: readonly Approval[], stateEnteredAt: Date, now: Date): Move[] {
  return spec.transitions
    .filter((t) => t.from === state)
    .map((t) => {
      const check = checkMove(t, people, roles, approvals, stateEnteredAt, now);
      return {
        key: t.key,
        label: t.label,
        to: t.to,
        allowed: check.blocked === null,
        blocked: check.blocked,
        approvals: t.approvals ? { required: t.approvals.required, given: approvals.filter((a) => a.transition === t.key).length, sequence: t.approvals.sequence === true } : null,
        requiredFields: t.requiredFields ?? [],
        signature: t.signature === true,
        reasonRequired: t.reasonRequired === true,
        notBefore: t.notBeforeMinutes === undefined ? null : new Date(stateEnteredAt.getTime() + t.notBeforeMinutes * 60_000).toISOString(),
      };
    });
}

/** One thing wrong with a spec: the i18n key of its reason (common.json `workflow.*`), and the step or transition it is about. */
export interface SpecProblem {
  key: string;
  state?: string;
  transition?: string;
}

/**
 * Everything wrong with a spec, in the order the editor shows it: step keys unique; the initial
 * step known and not final; every transition between known steps (a transition to a missing
 * step), its key unique per step, not leaving a final step, N ≤ M for named approvers, a sequence
 * naming people only; every step reachable from the initial one; every step that is not final
 * has a way out; a reminder before its deadline, an escalation only with a deadline.
 */
export function specProblems(spec: WorkflowSpec): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const keys = new Set<string>();
  for (const s of spec.states) {
    if (keys.has(s.key)) problems.push({ key: 'workflow.duplicate_state', state: s.key });
    keys.add(s.key);
  }
  if (!keys.has(spec.initial) || spec.states.find((s) => s.key === spec.initial)?.final) problems.push({ key: 'workflow.bad_initial_state', state: spec.initial });
  const transitionKeys = new Set<string>();
  for (const t of spec.transitions) {
    if (!keys.has(t.from) || !keys.has(t.to)) problems.push({ key: 'workflow.unknown_state', transition: t.key, state: keys.has(t.from) ? t.to : t.from });
    if (transitionKeys.has(`${t.from}:${t.key}`)) problems.push({ key: 'workflow.duplicate_transition', transition: t.key, state: t.from });
    transitionKeys.add(`${t.from}:${t.key}`);
    if (spec.states.find((s) => s.key === t.from)?.final) problems.push({ key: 'workflow.transition_from_final', transition: t.key, state: t.from });
    const people = namedPeople(t);
    const onlyPeople = t.actors.every((a) => a.type === 'people');
    if (t.approvals && onlyPeople && t.approvals.required > people.length) problems.push({ key: 'workflow.too_many_approvals', transition: t.key });
    if (t.approvals?.sequence && !onlyPeople) problems.push({ key: 'workflow.sequence_needs_people', transition: t.key });
  }
  // Reachable from the initial step, through transitions between known steps.
  const reached = new Set<string>(keys.has(spec.initial) ? [spec.initial] : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of spec.transitions) {
      if (reached.has(t.from) && keys.has(t.to) && !reached.has(t.to)) {
        reached.add(t.to);
        grew = true;
      }
    }
  }
  for (const s of spec.states) {
    if (keys.has(spec.initial) && !reached.has(s.key)) problems.push({ key: 'workflow.unreachable_state', state: s.key });
    if (!s.final && !spec.transitions.some((t) => t.from === s.key)) problems.push({ key: 'workflow.dead_end_state', state: s.key });
    if (s.remindHours !== undefined && s.deadlineHours !== undefined && s.remindHours >= s.deadlineHours) problems.push({ key: 'workflow.remind_after_deadline', state: s.key });
    if ((s.escalateTo?.length ?? 0) > 0 && s.deadlineHours === undefined) problems.push({ key: 'workflow.escalation_needs_deadline', state: s.key });
  }
  return problems;
}

/** What is wrong with a spec first (an i18n key), or null. */
export function specProblem(spec: WorkflowSpec): string | null {
  return specProblems(spec)[0]?.key ?? null;
}
