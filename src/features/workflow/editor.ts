/**
 * The definition editor's logic (pure: tests/unit/features/workflow/editor.test.ts): a spec
 * changed one step or transition at a time, as the form does it (keys made from the labels,
 * steps and transitions moved up and down, a removed step leaving its transitions for the
 * checks to point at), and the checks the editor shows next to what they are about, the
 * server's own (common/modules/workflow/engine.ts) first.
 */
import { specProblems, type SpecProblem } from '../../../common/modules/workflow/engine';
import type { Actor, Label, WorkflowSpec, WorkflowStateDef, WorkflowTransitionDef } from '../../../common/modules/workflow/schemas';

const KEY_MAX = 40;

/** A key made of a label (letters and digits, camelCase, starting with a letter), unique among `taken`. */
export function keyOf(label: string, taken: readonly string[], fallback = 'step'): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  let base = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!/^[A-Za-z]/.test(base)) base = `${fallback}${base}`;
  base = base.slice(0, KEY_MAX - 3);
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}${n}`;
  return key;
}

/** The list with the item at `index` moved by `delta` (kept within the list). */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + delta));
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(to, 0, item!);
  return copy;
}

export function addState(spec: WorkflowSpec, label: Label): WorkflowSpec {
  const key = keyOf(label.en || label.fr, spec.states.map((s) => s.key));
  return { ...spec, states: [...spec.states, { key, label }] };
}

export function updateState(spec: WorkflowSpec, index: number, patch: Partial<WorkflowStateDef>): WorkflowSpec {
  const states = spec.states.map((s, i) => {
    if (i !== index) return s;
    const next: WorkflowStateDef = { ...s, ...patch };
    // An optional number cleared is left out (the schema has no nulls).
    for (const field of ['remindHours', 'deadlineHours'] as const) if (next[field] === undefined) delete next[field];
    if (next.escalateTo?.length === 0) delete next.escalateTo;
    if (!next.final) delete next.final;
    return next;
  });
  return { ...spec, states };
}

/** A step removed; its transitions stay for the checks to name (a transition to a missing step). The initial step moves to the first one left. */
export function removeState(spec: WorkflowSpec, index: number): WorkflowSpec {
  const removed = spec.states[index];
  const states = spec.states.filter((_, i) => i !== index);
  return { ...spec, states, initial: removed?.key === spec.initial ? (states[0]?.key ?? spec.initial) : spec.initial };
}

export function addTransition(spec: WorkflowSpec, label: Label): WorkflowSpec {
  const open = spec.states.filter((s) => !s.final);
  const from = open.at(-1)?.key ?? spec.initial;
  const to = spec.states.find((s) => s.key !== from && s.final)?.key ?? spec.states.find((s) => s.key !== from)?.key ?? from;
  const key = keyOf(label.en || label.fr, spec.transitions.filter((t) => t.from === from).map((t) => t.key), 'move');
  const transition: WorkflowTransitionDef = { key, from, to, label, actors: [{ type: 'role', role: 'starter' }] };
  return { ...spec, transitions: [...spec.transitions, transition] };
}

export function updateTransition(spec: WorkflowSpec, index: number, patch: Partial<WorkflowTransitionDef>): WorkflowSpec {
  const transitions = spec.transitions.map((t, i) => {
    if (i !== index) return t;
    const next: WorkflowTransitionDef = { ...t, ...patch };
    if (next.approvals === undefined) delete next.approvals;
    if (next.requiredFields?.length === 0) delete next.requiredFields;
    if (!next.signature) delete next.signature;
    if (!next.reasonRequired) delete next.reasonRequired;
    if (next.notBeforeMinutes === undefined) delete next.notBeforeMinutes;
    return next;
  });
  return { ...spec, transitions };
}

export const removeTransition = (spec: WorkflowSpec, index: number): WorkflowSpec => ({ ...spec, transitions: spec.transitions.filter((_, i) => i !== index) });

/** A required field added to a transition, its key made of its label. */
export function addField(transition: WorkflowTransitionDef, label: Label): WorkflowTransitionDef {
  const fields = transition.requiredFields ?? [];
  return { ...transition, requiredFields: [...fields, { key: keyOf(label.en || label.fr, fields.map((f) => f.key), 'field'), label }] };
}

/** The actors with the named people of `accountIds` (the people actor dropped when none is left). */
export function withPeople(actors: readonly Actor[], accountIds: readonly string[]): Actor[] {
  const others = actors.filter((a) => a.type !== 'people');
  return accountIds.length === 0 ? others : [...others, { type: 'people', accountIds: [...accountIds] }];
}

export const peopleOf = (actors: readonly Actor[]): string[] => actors.flatMap((a) => (a.type === 'people' ? a.accountIds : []));

/** What the editor shows: the server's checks, then the form's own (empty labels, a transition without anyone allowed to make it). */
export function editorProblems(spec: WorkflowSpec): SpecProblem[] {
  const problems = specProblems(spec);
  for (const s of spec.states) if (s.label.fr.trim() === '' || s.label.en.trim() === '') problems.push({ key: 'workflow.label_required', state: s.key });
  for (const t of spec.transitions) {
    if (t.label.fr.trim() === '' || t.label.en.trim() === '') problems.push({ key: 'workflow.label_required', transition: t.key });
    if (t.actors.length === 0) problems.push({ key: 'workflow.actors_required', transition: t.key });
    for (const f of t.requiredFields ?? []) if (f.label.fr.trim() === '' || f.label.en.trim() === '') problems.push({ key: 'workflow.label_required', transition: t.key });
  }
  if (spec.states.length < 2) problems.push({ key: 'workflow.two_states_required' });
  if (spec.transitions.length === 0) problems.push({ key: 'workflow.transition_required' });
  return problems;
}

/** A new definition's first draft: a request and its closure, closed by whoever started it. */
export function firstDraft(labels: { requested: Label; closed: Label; close: Label }): WorkflowSpec {
  return {
    initial: 'requested',
    states: [
      { key: 'requested', label: labels.requested },
      { key: 'closed', label: labels.closed, final: true },
    ],
    transitions: [{ key: 'close', from: 'requested', to: 'closed', label: labels.close, actors: [{ type: 'role', role: 'starter' }] }],
  };
}
