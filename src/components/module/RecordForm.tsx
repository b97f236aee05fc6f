/**
 * The form helpers of every module: a value object edited field by field, its problems
 * computed on every change (the module passes a check, normally schemaProblems with its
 * TypeBox schema), shown per field once the field was touched and announced (role="alert"),
 * and a draft: the value is saved (debounced) with
 * saveDraft while it differs from the start, offered back when the same form is reopened, and
 * deleted once saved or discarded.
 *
 * Save is never disabled for a problem: a disabled Save says nothing of what is missing. A tap
 * with problems left (attemptSave) shows every field's message, says how many fields need
 * attention beside Save (SaveProblems) and moves the focus to the first of them. Required
 * fields carry a marker (TextField's `required`, explained by RequiredNote).
 */
import { IonButton, IonInput, IonTextarea } from '@ionic/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteDraft, loadDraft, saveDraft } from '../../lib/drafts';
import type { FieldProblem, Problems } from './validation';
import './module.css';

export const DRAFT_DEBOUNCE_MS = 500;

export interface RecordFormOptions<S> {
  initial: S;
  check: (state: S) => Problems;
  /** Where the draft is kept (e.g. 'sites:edit:<id>'); none: no draft. */
  draftKey?: string;
}

export interface RecordForm<S> {
  state: S;
  set: <K extends keyof S>(name: K, value: S[K]) => void;
  problems: Problems;
  /** The problem to show for a field path: only once the field was touched (or after a submit). */
  shown: (path: string) => FieldProblem | undefined;
  valid: boolean;
  dirty: boolean;
  touchAll: () => void;
  /**
   * A tap on Save: every problem shown; true when there is none (then save). Otherwise the focus
   * goes to the first field with a problem and `blocked` holds until the problems are fixed.
   */
  attemptSave: () => boolean;
  /** Save was tapped and problems remain. */
  blocked: boolean;
  /** A draft of an earlier visit, not yet restored or discarded. */
  draft: S | null;
  restoreDraft: () => void;
  discardDraft: () => void;
  /** After a successful save: forget the draft. */
  clearDraft: () => Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useRecordForm<S extends object>({ initial, check, draftKey }: RecordFormOptions<S>): RecordForm<S> {
  const [state, setState] = useState<S>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [draft, setDraft] = useState<S | null>(null);
  const [start] = useState(initial);
  const problems = useMemo(() => check(state), [check, state]);
  const dirty = !same(state, start);

  useEffect(() => {
    if (draftKey === undefined) return undefined;
    let live = true;
    void loadDraft<S>(draftKey).then((found) => {
      if (live && found !== undefined && !same(found, start)) setDraft(found);
    });
    return () => {
      live = false;
    };
  }, [draftKey, start]);

  // The draft follows the edits (not before the offer is answered: it would overwrite it).
  useEffect(() => {
    if (draftKey === undefined || !dirty || draft !== null) return undefined;
    const timer = setTimeout(() => void saveDraft(draftKey, state), DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draftKey, dirty, draft, state]);

  const set = useCallback(<K extends keyof S>(name: K, value: S[K]) => {
    setState((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(String(name)));
  }, []);

  const shown = (path: string): FieldProblem | undefined => {
    const problem = problems[path];
    if (problem === undefined) return undefined;
    const field = path.split('.')[0] ?? path;
    return all || touched.has(path) || touched.has(field) ? problem : undefined;
  };

  return {
    state,
    set,
    problems,
    shown,
    valid: Object.keys(problems).length === 0,
    dirty,
    touchAll: () => setAll(true),
    attemptSave: () => {
      setAll(true);
      setAttempted(true);
      const valid = Object.keys(problems).length === 0;
      if (!valid) focusFirstProblem();
      return valid;
    },
    blocked: attempted && Object.keys(problems).length > 0,
    draft,
    restoreDraft: () => {
      if (draft === null) return;
      setState(draft);
      setAll(true);
      setDraft(null);
    },
    discardDraft: () => {
      setDraft(null);
      if (draftKey !== undefined) void deleteDraft(draftKey);
    },
    clearDraft: async () => {
      if (draftKey !== undefined) await deleteDraft(draftKey);
    },
  };
}

/** The first field marked invalid in the form on screen gets the focus, once its message is drawn. */
function focusFirstProblem(): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('form.record-form [aria-invalid="true"]');
    if (field === null) return;
    const ionic = field as HTMLElement & { setFocus?: () => Promise<void> };
    if (typeof ionic.setFocus === 'function') void ionic.setFocus();
    else field.focus();
  });
}

/** Beside Save, after a tap that found problems: how many fields need attention (announced). */
export function SaveProblems({ form }: { form: Pick<RecordForm<unknown>, 'blocked' | 'problems'> }) {
  const { t } = useTranslation('components');
  if (!form.blocked) return null;
  return (
    <p className="record-form-error record-form-blocked" role="alert">
      {t('module.save_blocked', { count: Object.keys(form.problems).length })}
    </p>
  );
}

/** What the required fields' marker means, once at the top of a form that has some. */
export function RequiredNote() {
  const { t } = useTranslation('components');
  return <p className="record-form-note">{t('module.required_note')}</p>;
}

export function FieldError({ id, problem }: { id: string; problem: FieldProblem | undefined }) {
  const { t } = useTranslation('components');
  if (problem === undefined) return null;
  return (
    <p id={id} className="record-form-error" role="alert">
      {t(problem.key, problem.values ?? {})}
    </p>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: FieldProblem | undefined;
  multiline?: boolean;
  type?: 'text' | 'number' | 'search';
  inputMode?: 'decimal' | 'text';
  maxlength?: number;
  /** Marked as required (a * after the label, which the field's name leaves out; `required` for assistive technology). */
  required?: boolean;
}

/** A labelled text input (or textarea) with its problem below it, tied by aria-describedby. */
export function TextField({ label, value, onChange, problem, multiline = false, type = 'text', inputMode, maxlength, required = false }: TextFieldProps) {
  const errorId = useId();
  const aria = { 'aria-invalid': problem !== undefined, ...(problem === undefined ? {} : { 'aria-describedby': errorId }) };
  const marking = required ? { required: true, className: 'record-form-required' } : {};
  return (
    <div className="record-form-field">
      {multiline ? (
        <IonTextarea
          label={label}
          labelPlacement="stacked"
          fill="outline"
          autoGrow
          value={value}
          maxlength={maxlength}
          onIonInput={(event) => onChange(String(event.detail.value ?? ''))}
          {...marking}
          {...aria}
        />
      ) : (
        <IonInput
          label={label}
          labelPlacement="stacked"
          fill="outline"
          type={type}
          inputmode={inputMode}
          value={value}
          maxlength={maxlength}
          onIonInput={(event) => onChange(String(event.detail.value ?? ''))}
          {...marking}
          {...aria}
        />
      )}
      <FieldError id={errorId} problem={problem} />
    </div>
  );
}

/** The offer of an earlier visit's draft. */
/** A record's form: named for assistive technology, checked by the app (no browser validation), Enter saves. */
/**
 * A record's form element: saved on submit (Enter included), named for assistive technology;
 * given the `form` it edits, it opens with the offer of a kept draft and the required-fields
 * note.
 */
export function RecordFormElement({
  label,
  onSave,
  form,
  children,
}: {
  label: string;
  onSave: () => void;
  form?: { draft: unknown; restoreDraft: () => void; discardDraft: () => void };
  children: ReactNode;
}) {
  return (
    <form
      className="record-form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {form !== undefined && form.draft !== null && <DraftOffer onRestore={form.restoreDraft} onDiscard={form.discardDraft} />}
      {form !== undefined && <RequiredNote />}
      {children}
    </form>
  );
}

export function DraftOffer({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('components');
  return (
    <div className="record-form-draft" role="status">
      <p>{t('module.draft_found')}</p>
      <IonButton size="small" onClick={onRestore}>
        {t('module.draft_restore')}
      </IonButton>
      <IonButton size="small" fill="outline" onClick={onDiscard}>
        {t('module.draft_discard')}
      </IonButton>
    </div>
  );
}
