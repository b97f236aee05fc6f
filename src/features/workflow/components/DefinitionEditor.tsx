/**
 * The visual editor of a definition's draft (the management right): its steps (added, renamed in
 * both languages, moved up and down, the initial one, the final ones, a deadline with its
 * reminder and escalation), its transitions (from, to, label, who may make each: a right, a role
 * on the record, named people; approvals N of M with an order, required fields, a signature, a
 * reason, "not before"), checked as typed (each reason next to the step or transition it is
 * about), saved through the outbox and published as the next version (running requests keep
 * theirs). A read-only JSON view for those who want it. One column on a phone.
 */
import { IonButton } from '@ionic/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpecProblem } from '../../../../common/modules/workflow/engine';
import { FIELD_REFERENCES, ROLES, WORKFLOW_STATES_MAX, WORKFLOW_TRANSITIONS_MAX, type Actor, type Definition, type Label, type WorkflowSpec, type WorkflowStateDef, type WorkflowTransitionDef } from '../../../../common/modules/workflow/schemas';
import { ALL_RIGHTS } from '../../../../common/rights';
import { showToast } from '../../../lib/toast';
import { queueDefinitionUpdate, queuePublish } from '../api';
import { addField, addState, addTransition, editorProblems, moved, peopleOf, removeState, removeTransition, updateState, updateTransition, withPeople } from '../editor';
import { labelIn } from '../view';

export interface Member {
  id: string;
  name: string;
}

const optionalNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Math.max(1, Math.round(Number(text)) || 1));

function LabelInputs({ id, label, value, onChange }: { id: string; label: string; value: Label; onChange: (value: Label) => void }) {
  const { t } = useTranslation('workflow');
  return (
    <fieldset className="workflow-editor-pair">
      <legend>{label}</legend>
      <label>
        {t('editor.fr')}
        <input id={`${id}-fr`} required maxLength={120} value={value.fr} onChange={(e) => onChange({ ...value, fr: e.target.value })} />
      </label>
      <label>
        {t('editor.en')}
        <input id={`${id}-en`} required maxLength={120} value={value.en} onChange={(e) => onChange({ ...value, en: e.target.value })} />
      </label>
    </fieldset>
  );
}

/** Who may make a transition (or whom an escalation goes to): rights, roles, named people in their order. */
function ActorsEditor({ legend, actors, members, onChange }: { legend: string; actors: readonly Actor[]; members: readonly Member[]; onChange: (actors: Actor[]) => void }) {
  const { t } = useTranslation('workflow');
  const people = peopleOf(actors);
  const name = (id: string) => members.find((m) => m.id === id)?.name ?? id;
  return (
    <fieldset className="workflow-editor-actors">
      <legend>{legend}</legend>
      <ul className="workflow-list">
        {actors.flatMap((actor, index) =>
          actor.type === 'people'
            ? []
            : [
                <li key={`${actor.type}-${index}`} className="workflow-row">
                  <span className="workflow-row-link">{actor.type === 'right' ? t('editor.actor_right', { right: actor.right }) : t(`editor.role_${actor.role}`)}</span>
                  <IonButton fill="outline" color="danger" onClick={() => onChange(actors.filter((_, i) => i !== index))}>
                    {t('editor.remove')}
                  </IonButton>
                </li>,
              ],
        )}
        {people.map((id, index) => (
          <li key={id} className="workflow-row">
            <span className="workflow-row-link">
              {index + 1}. {name(id)}
            </span>
            <IonButton fill="outline" aria-label={t('editor.up_named', { name: name(id) })} disabled={index === 0} onClick={() => onChange(withPeople(actors, moved(people, index, -1)))}>
              ↑
            </IonButton>
            <IonButton fill="outline" color="danger" onClick={() => onChange(withPeople(actors, people.filter((p) => p !== id)))}>
              {t('editor.remove')}
            </IonButton>
          </li>
        ))}
      </ul>
      <div className="workflow-editor-grid">
        <label>
          {t('editor.add_right')}
          <select
            value=""
            onChange={(e) => {
              const right = e.target.value;
              if (right && !actors.some((a) => a.type === 'right' && a.right === right)) onChange([...actors, { type: 'right', right }]);
            }}
          >
            <option value="">{t('editor.choose')}</option>
            {ALL_RIGHTS.map((right) => (
              <option key={right} value={right}>
                {right}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('editor.add_role')}
          <select
            value=""
            onChange={(e) => {
              const role = e.target.value as (typeof ROLES)[number];
              if (ROLES.includes(role) && !actors.some((a) => a.type === 'role' && a.role === role)) onChange([...actors, { type: 'role', role }]);
            }}
          >
            <option value="">{t('editor.choose')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`editor.role_${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('editor.add_person')}
          <select
            value=""
            onChange={(e) => {
              if (e.target.value) onChange(withPeople(actors, [...people, e.target.value]));
            }}
          >
            <option value="">{t('editor.choose')}</option>
            {members
              .filter((m) => !people.includes(m.id))
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
          </select>
        </label>
      </div>
    </fieldset>
  );
}

function Problems({ problems }: { problems: readonly SpecProblem[] }) {
  const { t } = useTranslation('common');
  if (problems.length === 0) return null;
  return (
    <div role="alert">
      <ul className="workflow-editor-problems">
        {problems.map((p, i) => (
          <li key={i}>{t(p.key)}</li>
        ))}
      </ul>
    </div>
  );
}

function Card({ title, actions, children, problems }: { title: string; actions: ReactNode; children: ReactNode; problems: readonly SpecProblem[] }) {
  return (
    <li className={problems.length > 0 ? 'workflow-editor-card workflow-editor-card-bad' : 'workflow-editor-card'}>
      <div className="workflow-editor-head">
        <h3>{title}</h3>
        <div className="workflow-moves">{actions}</div>
      </div>
      <Problems problems={problems} />
      {children}
    </li>
  );
}

function StateCard({ spec, index, members, onChange }: { spec: WorkflowSpec; index: number; members: readonly Member[]; onChange: (spec: WorkflowSpec) => void }) {
  const { t, i18n } = useTranslation('workflow');
  const state = spec.states[index]!;
  const set = (patch: Partial<WorkflowStateDef>) => onChange(updateState(spec, index, patch));
  const title = labelIn(state.label, i18n.language) || state.key;
  const problems = editorProblems(spec).filter((p) => p.state === state.key && p.transition === undefined);
  const id = `wf-state-${index}`;
  return (
    <Card
      title={`${index + 1}. ${title}`}
      problems={problems}
      actions={
        <>
          <IonButton fill="outline" aria-label={t('editor.up_named', { name: title })} disabled={index === 0} onClick={() => onChange({ ...spec, states: moved(spec.states, index, -1) })}>
            ↑
          </IonButton>
          <IonButton fill="outline" aria-label={t('editor.down_named', { name: title })} disabled={index === spec.states.length - 1} onClick={() => onChange({ ...spec, states: moved(spec.states, index, 1) })}>
            ↓
          </IonButton>
          <IonButton fill="outline" color="danger" aria-label={t('editor.remove_named', { name: title })} onClick={() => onChange(removeState(spec, index))}>
            {t('editor.remove')}
          </IonButton>
        </>
      }
    >
      <LabelInputs id={id} label={t('editor.state_name')} value={state.label} onChange={(label) => set({ label })} />
      <p className="workflow-muted">{t('editor.key', { key: state.key })}</p>
      <div className="workflow-editor-grid">
        <label className="workflow-editor-check">
          <input type="radio" name="workflow-initial" checked={spec.initial === state.key} onChange={() => onChange({ ...spec, initial: state.key })} />
          {t('editor.initial')}
        </label>
        <label className="workflow-editor-check">
          <input type="checkbox" checked={state.final === true} onChange={(e) => set({ final: e.target.checked })} />
          {t('editor.final')}
        </label>
      </div>
      {!state.final && (
        <>
          <div className="workflow-editor-grid">
            <label>
              {t('editor.remind_hours')}
              <input type="number" inputMode="numeric" min={1} value={state.remindHours ?? ''} onChange={(e) => set({ remindHours: optionalNumber(e.target.value) })} />
            </label>
            <label>
              {t('editor.deadline_hours')}
              <input type="number" inputMode="numeric" min={1} value={state.deadlineHours ?? ''} onChange={(e) => set({ deadlineHours: optionalNumber(e.target.value) })} />
            </label>
          </div>
          {state.deadlineHours !== undefined && <ActorsEditor legend={t('editor.escalate_to')} actors={state.escalateTo ?? []} members={members} onChange={(escalateTo) => set({ escalateTo })} />}
        </>
      )}
    </Card>
  );
}

function TransitionCard({ spec, index, members, onChange }: { spec: WorkflowSpec; index: number; members: readonly Member[]; onChange: (spec: WorkflowSpec) => void }) {
  const { t, i18n } = useTranslation('workflow');
  const transition = spec.transitions[index]!;
  const set = (patch: Partial<WorkflowTransitionDef>) => onChange(updateTransition(spec, index, patch));
  const lang = i18n.language;
  const stateName = (key: string) => {
    const s = spec.states.find((x) => x.key === key);
    return s ? labelIn(s.label, lang) || key : t('editor.missing_state', { key });
  };
  const title = `${labelIn(transition.label, lang) || transition.key} (${stateName(transition.from)} → ${stateName(transition.to)})`;
  const problems = editorProblems(spec).filter((p) => p.transition === transition.key && (p.state === undefined || p.state === transition.from || p.state === transition.to));
  const id = `wf-transition-${index}`;
  const stateOptions = (current: string) => (
    <>
      {!spec.states.some((s) => s.key === current) && <option value={current}>{t('editor.missing_state', { key: current })}</option>}
      {spec.states.map((s) => (
        <option key={s.key} value={s.key}>
          {labelIn(s.label, lang) || s.key}
        </option>
      ))}
    </>
  );
  const fields = transition.requiredFields ?? [];
  return (
    <Card
      title={title}
      problems={problems}
      actions={
        <>
          <IonButton fill="outline" aria-label={t('editor.up_named', { name: title })} disabled={index === 0} onClick={() => onChange({ ...spec, transitions: moved(spec.transitions, index, -1) })}>
            ↑
          </IonButton>
          <IonButton fill="outline" color="danger" aria-label={t('editor.remove_named', { name: title })} onClick={() => onChange(removeTransition(spec, index))}>
            {t('editor.remove')}
          </IonButton>
        </>
      }
    >
      <div className="workflow-editor-grid">
        <label>
          {t('editor.from')}
          <select value={transition.from} onChange={(e) => set({ from: e.target.value })}>
            {stateOptions(transition.from)}
          </select>
        </label>
        <label>
          {t('editor.to')}
          <select value={transition.to} onChange={(e) => set({ to: e.target.value })}>
            {stateOptions(transition.to)}
          </select>
        </label>
      </div>
      <LabelInputs id={id} label={t('editor.transition_label')} value={transition.label} onChange={(label) => set({ label })} />
      <ActorsEditor legend={t('editor.who')} actors={transition.actors} members={members} onChange={(actors) => set({ actors })} />
      <fieldset className="workflow-editor-pair">
        <legend>{t('editor.approvals')}</legend>
        <label className="workflow-editor-check">
          <input type="checkbox" checked={transition.approvals !== undefined} onChange={(e) => set({ approvals: e.target.checked ? { required: 1 } : undefined })} />
          {t('editor.approvals_on')}
        </label>
        {transition.approvals && (
          <div className="workflow-editor-grid">
            <label>
              {t('editor.approvals_required')}
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={30}
                value={transition.approvals.required}
                onChange={(e) => set({ approvals: { ...transition.approvals, required: Math.min(30, optionalNumber(e.target.value) ?? 1) } })}
              />
            </label>
            <label className="workflow-editor-check">
              <input
                type="checkbox"
                checked={transition.approvals.sequence === true}
                onChange={(e) => set({ approvals: e.target.checked ? { required: transition.approvals!.required, sequence: true } : { required: transition.approvals!.required } })}
              />
              {t('editor.sequence')}
            </label>
          </div>
        )}
      </fieldset>
      <fieldset className="workflow-editor-pair">
        <legend>{t('editor.required_fields')}</legend>
        {fields.map((field, i) => (
          <div key={field.key} className="workflow-editor-field">
            <LabelInputs
              id={`${id}-field-${i}`}
              label={t('editor.field_n', { n: i + 1 })}
              value={field.label}
              onChange={(label) => set({ requiredFields: fields.map((f, j) => (j === i ? { ...f, label } : f)) })}
            />
            <label>
              {t('editor.field_kind')}
              <select
                value={field.ref ?? ''}
                onChange={(e) => {
                  const ref = FIELD_REFERENCES.find((r) => r === e.target.value);
                  set({ requiredFields: fields.map((f, j) => (j === i ? (ref ? { ...f, ref } : { key: f.key, label: f.label }) : f)) });
                }}
              >
                <option value="">{t('editor.field_text')}</option>
                {FIELD_REFERENCES.map((r) => (
                  <option key={r} value={r}>
                    {t(`editor.field_ref.${r.replace('.', '_')}`)}
                  </option>
                ))}
              </select>
            </label>
            <IonButton fill="outline" color="danger" onClick={() => set({ requiredFields: fields.filter((_, j) => j !== i) })}>
              {t('editor.remove_field', { n: i + 1 })}
            </IonButton>
          </div>
        ))}
        <IonButton fill="outline" disabled={fields.length >= 10} onClick={() => onChange(updateTransition(spec, index, addField(transition, { fr: t('editor.new_field_fr'), en: t('editor.new_field_en') })))}>
          {t('editor.add_field')}
        </IonButton>
      </fieldset>
      <div className="workflow-editor-grid">
        <label className="workflow-editor-check">
          <input type="checkbox" checked={transition.signature === true} onChange={(e) => set({ signature: e.target.checked })} />
          {t('editor.signature')}
        </label>
        <label className="workflow-editor-check">
          <input type="checkbox" checked={transition.reasonRequired === true} onChange={(e) => set({ reasonRequired: e.target.checked })} />
          {t('editor.reason')}
        </label>
        <label>
          {t('editor.not_before')}
          <input type="number" inputMode="numeric" min={1} value={transition.notBeforeMinutes ?? ''} onChange={(e) => set({ notBeforeMinutes: optionalNumber(e.target.value) })} />
        </label>
      </div>
    </Card>
  );
}

export function DefinitionEditor({ definition, members, onDone }: { definition: Definition; members: readonly Member[]; onDone: () => void }) {
  const { t } = useTranslation('workflow');
  const [spec, setSpec] = useState<WorkflowSpec>(definition.draft);
  const [name, setName] = useState(definition.name);
  const [json, setJson] = useState(false);
  const problems = editorProblems(spec);
  const general = problems.filter((p) => p.state === undefined && p.transition === undefined);
  const save = async (publish: boolean) => {
    if (problems.length > 0 || name.trim() === '') return;
    await queueDefinitionUpdate(definition.id, { name: name.trim(), draft: spec });
    if (publish) await queuePublish(definition.id);
    showToast({ kind: 'success', message: publish ? t('definitions.published') : t('definitions.saved') });
    onDone();
  };
  return (
    <form
      className="workflow-form workflow-editor"
      aria-label={t('editor.title', { name: definition.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <label>
        {t('definitions.name')}
        <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <h2>{t('editor.states')}</h2>
      <ol className="workflow-list">
        {spec.states.map((s, index) => (
          <StateCard key={`${s.key}-${index}`} spec={spec} index={index} members={members} onChange={setSpec} />
        ))}
      </ol>
      <IonButton fill="outline" disabled={spec.states.length >= WORKFLOW_STATES_MAX} onClick={() => setSpec(addState(spec, { fr: t('editor.new_state_fr'), en: t('editor.new_state_en') }))}>
        {t('editor.add_state')}
      </IonButton>
      <h2>{t('editor.transitions')}</h2>
      <ol className="workflow-list">
        {spec.transitions.map((tr, index) => (
          <TransitionCard key={`${tr.from}-${tr.key}-${index}`} spec={spec} index={index} members={members} onChange={setSpec} />
        ))}
      </ol>
      <IonButton
        fill="outline"
        disabled={spec.transitions.length >= WORKFLOW_TRANSITIONS_MAX}
        onClick={() => setSpec(addTransition(spec, { fr: t('editor.new_transition_fr'), en: t('editor.new_transition_en') }))}
      >
        {t('editor.add_transition')}
      </IonButton>
      <Problems problems={general} />
      {problems.length > 0 ? (
        <p className="workflow-refused" role="status">
          {t('editor.fix_first', { count: problems.length })}
        </p>
      ) : (
        <p className="workflow-muted">{t('editor.publish_hint', { version: definition.currentVersion + 1, count: definition.running })}</p>
      )}
      <div className="workflow-moves">
        <IonButton type="submit" disabled={problems.length > 0}>
          {t('definitions.save')}
        </IonButton>
        <IonButton disabled={problems.length > 0} onClick={() => void save(true)}>
          {t('definitions.publish')}
        </IonButton>
        <IonButton fill="outline" onClick={onDone}>
          {t('form.cancel')}
        </IonButton>
        <IonButton fill="clear" aria-expanded={json} onClick={() => setJson(!json)}>
          {json ? t('editor.hide_json') : t('editor.show_json')}
        </IonButton>
      </div>
      {json && (
        <pre className="workflow-spec" aria-label={t('editor.json')}>
          {JSON.stringify(spec, null, 2)}
        </pre>
      )}
    </form>
  );
}
