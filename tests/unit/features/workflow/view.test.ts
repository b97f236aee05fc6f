/**
 * The workflow rules the app and the server share (common/modules/workflow/engine.ts), and what
 * the screens show before the server answers (src/features/workflow/view.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkMove, specProblem } from '../../../../common/modules/workflow/engine';
import type { WorkflowMeta, WorkflowSpec } from '../../../../common/modules/workflow/schemas';
import { predictedState, startedHere } from '../../../../src/features/workflow/view';

const L = (x: string) => ({ fr: x, en: x });
const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const SPEC: WorkflowSpec = {
  initial: 'requested',
  states: [
    { key: 'requested', label: L('Demandé') },
    { key: 'approval', label: L('Approbation') },
    { key: 'work', label: L('Travaux') },
    { key: 'closed', label: L('Clos'), final: true },
  ],
  transitions: [
    { key: 'submit', from: 'requested', to: 'approval', label: L('Transmettre'), actors: [{ type: 'role', role: 'starter' }] },
    { key: 'approve', from: 'approval', to: 'work', label: L('Approuver'), actors: [{ type: 'people', accountIds: [OTHER, ME] }], approvals: { required: 2, sequence: true } },
    { key: 'close', from: 'work', to: 'closed', label: L('Clore'), actors: [{ type: 'right', right: 'district.admin' }], notBeforeMinutes: 120 },
  ],
};
const roles = { assigneeId: null, siteManagerId: null, starterId: ME };
const at = new Date('2026-11-29T08:00:00Z');

describe('the workflow rules', () => {
  it('let a role, named people in their sequence and a right act, each when its time has come', () => {
    const me = { accountId: ME, rights: [] as string[] };
    expect(checkMove(SPEC.transitions[0]!, [me], roles, [], at, at).blocked).toBeNull();
    expect(checkMove(SPEC.transitions[0]!, [me], { ...roles, starterId: OTHER }, [], at, at).blocked).toBe('workflow.not_allowed');
    expect(checkMove(SPEC.transitions[1]!, [me], roles, [], at, at).blocked).toBe('workflow.not_your_turn');
    expect(checkMove(SPEC.transitions[1]!, [me], roles, [{ transition: 'approve', accountId: OTHER }], at, at).blocked).toBeNull();
    // A delegate acts for the person who named it.
    const delegated = checkMove(SPEC.transitions[1]!, [me, { accountId: OTHER, rights: [] }], roles, [], at, at);
    expect(delegated.as?.accountId).toBe(OTHER);
    const admin = { accountId: ME, rights: ['district.admin'] };
    expect(checkMove(SPEC.transitions[2]!, [admin], roles, [], at, new Date(at.getTime() + 60 * 60_000)).blocked).toBe('workflow.too_early');
    expect(checkMove(SPEC.transitions[2]!, [admin], roles, [], at, new Date(at.getTime() + 121 * 60_000)).blocked).toBeNull();
  });

  it('find what does not hold together in a spec', () => {
    expect(specProblem(SPEC)).toBeNull();
    expect(specProblem({ ...SPEC, initial: 'closed' })).toBe('workflow.bad_initial_state');
    expect(specProblem({ ...SPEC, transitions: [{ ...SPEC.transitions[0]!, to: 'nowhere' }] })).toBe('workflow.unknown_state');
    expect(specProblem({ ...SPEC, transitions: [{ ...SPEC.transitions[1]!, approvals: { required: 3 } }] })).toBe('workflow.too_many_approvals');
  });
});

describe('before the server answers', () => {
  it('shows a request started offline at its first step with the starter’s moves', () => {
    const meta: WorkflowMeta = { targets: [], definitions: [{ id: OTHER, name: 'Permis de feu', target: null, currentVersion: 3, spec: SPEC }] };
    const instance = startedHere({ id: ME, definitionId: OTHER, title: 'Soudure quai 3' }, meta, { id: ME, name: 'field@demo', rights: [] }, at)!;
    expect([instance.state, instance.definitionVersion, instance.moves.map((m) => [m.key, m.allowed])]).toEqual(['requested', 3, [['submit', true]]]);
  });

  it('lays queued moves over the instance, leaving out refused ones and stopping at an approval', () => {
    const instance = { state: 'requested', spec: SPEC };
    expect(predictedState(instance, [])).toBeNull();
    expect(predictedState(instance, [{ transition: 'submit', fromState: 'requested', state: 'queued' }])).toBe('approval');
    expect(predictedState(instance, [{ transition: 'submit', fromState: 'requested', state: 'failed' }])).toBeNull();
    expect(predictedState({ state: 'approval', spec: SPEC }, [{ transition: 'approve', fromState: 'approval', state: 'queued' }])).toBeNull();
  });
});
