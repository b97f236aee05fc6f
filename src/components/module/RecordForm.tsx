/**
 * The form helpers of every module: a value object edited field by field, its problems
 * computed on every change (the module passes a check, normally schemaProblems with its
 * TypeBox schema), shown per field once the field was touched and announced (role="alert"),
 * Save disabled while a problem remains, and a draft: the value is saved (debounced) with
 * saveDraft while it differs from the start, offered back when the same form is reopened, and
 * deleted once saved or discarded.
 */
import { IonButton, IonInput, IonTextarea } from '@ionic/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
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
}

/** A labelled text input (or textarea) with its problem below it, tied by aria-describedby. */
export function TextField({ label, value, onChange, problem, multiline = false, type = 'text', inputMode, maxlength }: TextFieldProps) {
  const errorId = useId();
  const aria = { 'aria-invalid': problem !== undefined, ...(problem === undefined ? {} : { 'aria-describedby': errorId }) };
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
          {...aria}
        />
      )}
      <FieldError id={errorId} problem={problem} />
    </div>
  );
}

/** The offer of an earlier visit's draft. */
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
