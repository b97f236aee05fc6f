/**
 * The definition editor's logic (src/features/workflow/editor.ts): keys made of labels, steps
 * and transitions changed as the form does, and the checks it shows next to what they are about
 * (an unreachable step, a transition to a missing step, a dead end, a reminder after its deadline).
 */
import { describe, expect, it } from 'vitest';
import type { WorkflowSpec } from '../../../../common/modules/workflow/schemas';
import { addField, addState, addTransition, editorProblems, firstDraft, keyOf, moved, removeState, updateState, updateTransition, withPeople } from '../../../../src/features/workflow/editor';

const L = (x: string) => ({ fr: x, en: x });
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const draft = (): WorkflowSpec => firstDraft({ requested: L('Demandé'), closed: L('Clos'), close: L('Clore') });

describe('the definition editor', () => {
  it('makes keys of labels, unique and valid', () => {
    expect(keyOf('Contrôle de fin de travaux', [])).toBe('controleDeFinDeTravaux');
    expect(keyOf('Approval', ['approval'])).toBe('approval2');
    expect(keyOf('2e visite', [])).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    expect(keyOf('', [], 'step')).toBe('step');
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('finds a new step unreachable and a dead end until a transition links it', () => {
    const spec = addState(draft(), L('Approbation'));
    const key = spec.states[2]!.key;
    expect(editorProblems(spec)).toEqual(expect.arrayContaining([{ key: 'workflow.unreachable_state', state: key }, { key: 'workflow.dead_end_state', state: key }]));
    // requested → approval → closed.
    let linked = updateTransition(spec, 0, { to: key });
    linked = addTransition(linked, L('Approuver'));
    const added = linked.transitions.length - 1;
    linked = updateTransition(linked, added, { from: key, to: 'closed' });
    expect(editorProblems(linked)).toEqual([]);
  });

  it('names a transition to a missing step once its step is removed, and moves the initial step', () => {
    const spec = removeState(draft(), 0);
    expect(spec.initial).toBe('closed');
    const problems = editorProblems(spec);
    expect(problems).toContainEqual({ key: 'workflow.unknown_state', transition: 'close', state: 'requested' });
    expect(problems.map((p) => p.key)).toContain('workflow.bad_initial_state');
  });

  it('checks deadlines, approvals, labels and who may act', () => {
    let spec = updateState(draft(), 0, { remindHours: 8, deadlineHours: 4 });
    expect(editorProblems(spec)).toContainEqual({ key: 'workflow.remind_after_deadline', state: 'requested' });
    spec = updateState(spec, 0, { remindHours: undefined, deadlineHours: undefined, escalateTo: [{ type: 'role', role: 'starter' }] });
    expect(spec.states[0]).not.toHaveProperty('remindHours');
    expect(editorProblems(spec)).toContainEqual({ key: 'workflow.escalation_needs_deadline', state: 'requested' });
    spec = updateState(spec, 0, { escalateTo: [] });
    const t = spec.transitions[0]!;
    spec = updateTransition(spec, 0, { actors: withPeople([], [A, B]), approvals: { required: 3, sequence: true } });
    expect(editorProblems(spec)).toContainEqual({ key: 'workflow.too_many_approvals', transition: 'close' });
    spec = updateTransition(spec, 0, { approvals: { required: 2, sequence: true } });
    expect(editorProblems(spec)).toEqual([]);
    spec = updateTransition(spec, 0, { actors: withPeople(spec.transitions[0]!.actors, []) });
    expect(editorProblems(spec).map((p) => p.key)).toContain('workflow.actors_required');
    spec = updateTransition(spec, 0, { ...addField(t, L('')), actors: t.actors, approvals: undefined });
    expect(spec.transitions[0]!.requiredFields?.[0]?.key).toBe('field');
    expect(spec.transitions[0]).not.toHaveProperty('approvals');
    expect(editorProblems(spec)).toContainEqual({ key: 'workflow.label_required', transition: 'close' });
  });
});
