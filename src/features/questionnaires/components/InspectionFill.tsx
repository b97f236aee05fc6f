/**
 * Filling an inspection on site, offline too: the template revision's sections, each shown
 * question answered in place (yes / no / not applicable, choices, text, number with its unit,
 * date, position, photos, signature), a note and photos on any question, a failed item's
 * follow-up (note, photo, action) asked where its question requires it. Every answer is kept
 * in IndexedDB as it is given (fill.ts); the progress, the live score and the questions shown
 * follow the answers (the engine the server runs at the submit). At the end: who signs, the
 * signature, and Submit, which queues the whole filling in the outbox (photos first) and shows
 * the report, marked waiting until it is sent.
 */
import { IonButton, IonSpinner } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { memo, startTransition, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access';
import { evaluate, toggleChoice, type AnswerProblem } from '../../../../common/modules/questionnaires/engine';
import type { ActionDraft, Question } from '../../../../common/modules/questionnaires/schemas';
import { ChoiceSelect } from '../../../components/module/ChoiceSelect';
import { ModulePage } from '../../../components/module/ModulePage';
import { PhotoPicker } from '../../../components/PhotoPicker';
import { SignaturePad } from '../../../components/SignaturePad';
import { currentActor } from '../../../lib/current-actor';
import { useEnvelope } from '../../../lib/envelope-store';
import { describeApiError } from '../../../lib/error-messages';
import { formatCoordinate } from '../../../lib/numbers';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { membersQueryOptions } from '../api/reads';
import { engineAnswers, saveAnswer, saveFill, saveFillHead, submission, type FillState, type LocalAnswer, type LocalPhoto } from '../fill';
import { queueSubmit } from '../writes';
import './questionnaires.css';

/** Sections drawn with the first screen, then in each following frame. */
const FIRST_SECTIONS = 2;
const SECTIONS_PER_FRAME = 2;

export interface InspectionFillProps {
  initial: FillState;
  /** False when `initial` was built from the server's copy: it is written to the device whole before any answer. */
  onDevice: boolean;
  onSubmitted: () => void;
  onBack: () => void;
  /** The template builder's preview: nothing kept on the device, nothing queued. */
  preview?: boolean;
}

export function InspectionFill({ initial, onDevice, onSubmitted, onBack, preview = false }: InspectionFillProps) {
  const { t } = useTranslation('questionnaires');
  const [state, setState] = useState(initial);
  const { template, title } = state;
  const [shownProblems, setShownProblems] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const ids = { signedBy: useId() };
  // Every change is on disk at once (a closed tab loses nothing), each writing only what changed
  // (an answer, or the signer and signature).
  const saving = useRef<Promise<void>>(Promise.resolve());
  const persist = useCallback((write: () => Promise<void>): Promise<void> => {
    if (preview) return Promise.resolve();
    // Started now (IndexedDB runs a store's transactions in the order they start); the chain
    // lets the submit wait for every write before it.
    const written = write().catch(() => {
      showToast({ message: t('fill.not_saved'), kind: 'danger' });
    });
    saving.current = saving.current.then(() => written);
    return written;
  }, [t, preview]);
  // Written whole once, before the first answer can be given (effects run before any input).
  useEffect(() => {
    if (!onDevice) void persist(() => saveFill(initial));
  }, [onDevice, initial, persist]);
  // The filling as last changed, read by the handlers: each change is computed and sent to disk
  // in its event, before React renders it.
  const latest = useRef(initial);
  const update = useCallback(
    (change: (previous: FillState) => FillState) => {
      const next = change(latest.current);
      latest.current = next;
      void persist(() => saveFillHead(next));
      setState(next);
    },
    [persist],
  );
  // Each question reads its own answer from `latest` (useSyncExternalStore): a tap redraws the
  // tapped question only, nothing else of the form in its event.
  const [answerSource] = useState(() => answerStore(initial.answers));
  // The answers the score, the progress and the questions shown are computed from: they follow
  // each answer once its write has committed, in a render React may interrupt (nothing of the
  // page's redraw runs between a tap and its write's commit; a long template's engine run never
  // holds a tap).
  const [settled, setSettled] = useState(initial.answers);
  const setAnswer = useCallback(
    (key: string, change: (previous: LocalAnswer | undefined) => LocalAnswer | null) => {
      const current = latest.current;
      const changed = change(current.answers[key]);
      const answer = changed === null ? null : { ...changed, at: new Date().toISOString() };
      const answers = { ...current.answers };
      if (answer === null) delete answers[key];
      else answers[key] = answer;
      latest.current = { ...current, answers };
      const written = persist(() => saveAnswer(current.inspectionId, key, answer));
      answerSource.set(key, answers);
      void written.then(() => startTransition(() => setSettled(latest.current.answers)));
    },
    [persist, answerSource],
  );

  const onSignature = useCallback((signature: FillState['signature'] | undefined) => update((s) => ({ ...s, signature: signature ?? null })), [update]);

  const result = useMemo(() => evaluate(template, engineAnswers(template.sections, settled)), [template, settled]);
  const problems = useMemo(() => {
    const byQuestion = new Map<string, AnswerProblem['kind'][]>();
    for (const p of result.problems) byQuestion.set(p.questionKey, [...(byQuestion.get(p.questionKey) ?? []), p.kind]);
    return byQuestion;
  }, [result.problems]);
  const failed = useMemo(() => new Set(result.failed.map((f) => f.questionKey)), [result.failed]);

  const submit = async () => {
    setShownProblems(true);
    // The filling as it is now (the shown result may be a frame behind).
    const filling = latest.current;
    const { problems: blocking } = evaluate(template, engineAnswers(template.sections, filling.answers));
    const first = blocking[0];
    if (first) {
      showToast({ message: t('fill.fix_first', { count: blocking.length }), kind: 'danger' });
      document.getElementById(`question-${first.questionKey}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    if (filling.signedBy.trim() === '' || filling.signature === null) {
      showToast({ message: t('fill.sign_first'), kind: 'danger' });
      return;
    }
    if (preview) {
      showToast({ message: t('builder.preview.ready'), kind: 'success' });
      return;
    }
    setSubmitting(true);
    try {
      await saving.current;
      const { payload, attachments } = submission(filling, template.sections, filling.signature);
      await queueSubmit(filling.inspectionId, payload, attachments);
      showSavedToast(t('fill.submitted'));
      onSubmitted();
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setSubmitting(false);
    }
  };

  // A long template is drawn a few sections at a time after the first screen (the first
  // questions answerable at once, the rest following in the next frames).
  const [drawn, setDrawn] = useState(FIRST_SECTIONS);
  useEffect(() => {
    if (drawn >= template.sections.length) return undefined;
    const timer = setTimeout(() => setDrawn((n) => n + SECTIONS_PER_FRAME), 0);
    return () => clearTimeout(timer);
  }, [drawn, template.sections.length]);

  const { answered, total } = result.progress;
  return (
    <ModulePage title={title} onBack={onBack} className="questionnaires-page inspection-fill">
      <div className="inspection-status" role="status" aria-live="polite">
        <progress max={Math.max(total, 1)} value={answered} aria-label={t('fill.progress_label')} />
        <span>{t('fill.progress', { answered, total })}</span>
        {result.total.percent !== null && <span className="inspection-score">{t('fill.score', { percent: result.total.percent })}</span>}
      </div>
      {preview && <p className="inspection-help">{t('builder.preview.note')}</p>}
      {template.sections.slice(0, drawn).map((section) => (
        <FillSection
          key={section.key}
          section={section}
          answers={answerSource}
          visible={result.visible}
          failed={failed}
          problems={shownProblems ? problems : null}
          percent={result.sections.find((s) => s.key === section.key)?.percent ?? null}
          onChange={setAnswer}
        />
      ))}
      <section className="inspection-section inspection-sign" aria-labelledby="inspection-sign">
        <h2 id="inspection-sign">{t('fill.sign_title')}</h2>
        <label htmlFor={ids.signedBy} className="inspection-label">
          {t('fill.signed_by')}
          <input id={ids.signedBy} type="text" value={state.signedBy} maxLength={200} onChange={(event) => update((s) => ({ ...s, signedBy: event.target.value }))} />
        </label>
        <MemoSignaturePad label={t('fill.signature')} value={state.signature ?? undefined} onChange={onSignature} />
        {shownProblems && result.problems.length > 0 && (
          <p className="record-form-error" role="alert">
            {t('fill.fix_first', { count: result.problems.length })}
          </p>
        )}
        <IonButton expand="block" onClick={() => void submit()} disabled={submitting}>
          {submitting ? <IonSpinner name="dots" aria-label={t('fill.submitting')} /> : t(preview ? 'builder.preview.submit' : 'fill.submit')}
        </IonButton>
      </section>
    </ModulePage>
  );
}

/** The signature pad redraws only when its signature changes, not at every answer. */
const MemoSignaturePad = memo(SignaturePad);

/** The answers as each question reads its own: a change tells only the question it changed. */
interface AnswerSource {
  answer: (key: string) => LocalAnswer | undefined;
  subscribe: (key: string, listener: () => void) => () => void;
  /** The answers now, after a change of question `key`'s. */
  set: (key: string, answers: FillState['answers']) => void;
}

function answerStore(initial: FillState['answers']): AnswerSource {
  let current = initial;
  const listeners = new Map<string, Set<() => void>>();
  return {
    answer: (key) => current[key],
    subscribe(key, listener) {
      const own = listeners.get(key) ?? new Set();
      listeners.set(key, own.add(listener));
      return () => own.delete(listener);
    },
    set(key, answers) {
      current = answers;
      listeners.get(key)?.forEach((listener) => listener());
    },
  };
}

interface FillSectionProps {
  section: FillState['template']['sections'][number];
  /** The filling's answers: each question reads and follows its own. */
  answers: AnswerSource;
  visible: ReadonlySet<string>;
  failed: ReadonlySet<string>;
  /** The problems by question, once the submit showed them (null before). */
  problems: ReadonlyMap<string, AnswerProblem['kind'][]> | null;
  percent: number | null;
  onChange: QuestionFieldProps['onChange'];
}

/**
 * Whether a section would draw the same: its own questions' visibility, failure and problems
 * unchanged (each question follows its own answer). When the score follows an answer, the
 * sections whose questions did not change are skipped whole.
 */
function sameSection(before: FillSectionProps, after: FillSectionProps): boolean {
  if (before.section !== after.section || before.percent !== after.percent || before.onChange !== after.onChange || before.answers !== after.answers) return false;
  if ((before.problems === null) !== (after.problems === null)) return false;
  return before.section.questions.every(
    ({ key }) =>
      before.visible.has(key) === after.visible.has(key) &&
      before.failed.has(key) === after.failed.has(key) &&
      before.problems?.get(key) === after.problems?.get(key),
  );
}

const FillSection = memo(function FillSection({ section, answers, visible, failed, problems, percent, onChange }: FillSectionProps) {
  const { t } = useTranslation('questionnaires');
  const shown = section.questions.filter((q) => visible.has(q.key));
  if (shown.length === 0) return null;
  return (
    <section className="inspection-section inspection-fill-section" aria-labelledby={`section-${section.key}`}>
      <h2 id={`section-${section.key}`}>
        {section.title}
        {percent !== null && <span className="inspection-section-score">{t('fill.score', { percent })}</span>}
      </h2>
      {shown.map((question) => (
        <QuestionField key={question.key} question={question} answers={answers} failed={failed.has(question.key)} problems={problems?.get(question.key)} onChange={onChange} />
      ))}
    </section>
  );
}, sameSection);

interface QuestionFieldProps {
  question: Question;
  answers: AnswerSource;
  failed: boolean;
  problems: AnswerProblem['kind'][] | undefined;
  onChange: (key: string, change: (previous: LocalAnswer | undefined) => LocalAnswer | null) => void;
}

const withValue = (previous: LocalAnswer | undefined, value: LocalAnswer['value']): LocalAnswer => ({ ...(previous ?? { at: '' }), value });

/** One question: its answer by type, then what any answer may carry. Memoised: a long template re-renders only the question answered. */
const QuestionField = memo(function QuestionField({ question, answers, failed, problems, onChange }: QuestionFieldProps) {
  const { t } = useTranslation('questionnaires');
  const id = useId();
  const key = question.key;
  const subscribe = useCallback((listener: () => void) => answers.subscribe(key, listener), [answers, key]);
  const answer = useSyncExternalStore(subscribe, () => answers.answer(key));
  const [noteOpen, setNoteOpen] = useState(Boolean(answer?.note));
  // The camera and gallery buttons mount when asked: three hundred of them would slow the form's opening.
  const [photoOpen, setPhotoOpen] = useState(false);
  const set = (value: LocalAnswer['value']) => onChange(key, (previous) => withValue(previous, value));
  const value = answer?.value ?? null;
  const photos = answer?.photos ?? [];
  const needs = question.onFail ?? {};
  const addPhotos = (picked: LocalPhoto[]) => onChange(key, (previous) => ({ ...withValue(previous, previous?.value ?? null), photos: [...(previous?.photos ?? []), ...picked] }));
  const removePhoto = (photoId: string) => onChange(key, (previous) => (previous ? { ...previous, photos: (previous.photos ?? []).filter((p) => p.id !== photoId) } : null));
  const setAction = (action: ActionDraft | undefined) =>
    onChange(key, (previous) => {
      const next = withValue(previous, previous?.value ?? null);
      if (action === undefined) delete next.action;
      else next.action = action;
      return next;
    });

  let input: React.ReactNode;
  switch (question.type) {
    case 'yesNo':
      input = (
        <div className="inspection-choices inspection-yesno" role="radiogroup" aria-labelledby={`${id}-label`}>
          {(['yes', 'no', 'na'] as const).map((choice) => (
            <label key={choice} className={`inspection-choice${value === choice ? ' chosen' : ''}`}>
              <input type="radio" name={id} checked={value === choice} onChange={() => set(choice)} />
              {t(`answer.${choice}`)}
            </label>
          ))}
        </div>
      );
      break;
    case 'choice':
      input = (
        <div className="inspection-choices" role="radiogroup" aria-labelledby={`${id}-label`}>
          {(question.options ?? []).map((option) => (
            <label key={option.key} className={`inspection-choice${value === option.key ? ' chosen' : ''}`}>
              <input type="radio" name={id} checked={value === option.key} onChange={() => set(option.key)} />
              {option.label}
            </label>
          ))}
        </div>
      );
      break;
    case 'multiChoice': {
      const chosen = Array.isArray(value) ? (value) : [];
      input = (
        <div className="inspection-choices" role="group" aria-labelledby={`${id}-label`}>
          {(question.options ?? []).map((option) => (
            <label key={option.key} className={`inspection-choice${chosen.includes(option.key) ? ' chosen' : ''}`}>
              <input
                type="checkbox"
                checked={chosen.includes(option.key)}
                onChange={(event) => set(toggleChoice(question, chosen, option.key, event.target.checked))}
              />
              {option.label}
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'text':
      input = <textarea id={id} aria-labelledby={`${id}-label`} rows={2} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)} />;
      break;
    case 'number':
      input = (
        <span className="inspection-number">
          <input
            id={id}
            aria-labelledby={`${id}-label`}
            type="number"
            inputMode="decimal"
            step="any"
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => set(event.target.value === '' ? null : Number(event.target.value))}
          />
          {question.unit && <span>{question.unit}</span>}
          {(question.min !== undefined || question.max !== undefined) && (
            <span className="inspection-help">{t('fill.expected', { min: question.min ?? '…', max: question.max ?? '…' })}</span>
          )}
        </span>
      );
      break;
    case 'date':
      input = <input id={id} aria-labelledby={`${id}-label`} type="date" value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)} />;
      break;
    case 'position':
      input = <PositionInput value={value} onChange={set} />;
      break;
    case 'signature':
      input = <p className="inspection-help">{t('fill.signature_at_end')}</p>;
      break;
    case 'photo':
      input = null;
      break;
  }

  const className = ['inspection-question', failed ? 'failed' : '', problems ? 'problem' : ''].filter(Boolean).join(' ');
  return (
    <div id={`question-${key}`} className={className}>
      <p id={`${id}-label`} className="inspection-question-label">
        {question.label}
        {question.required && <span className="inspection-required"> {t('fill.required')}</span>}
      </p>
      {question.help && <p className="inspection-help">{question.help}</p>}
      {input}
      {failed && <p className="inspection-failed-mark">{t('fill.failed_item')}</p>}
      {(photos.length > 0 || question.type === 'photo' || (failed && needs.photo)) && <Photos photos={photos} onRemove={removePhoto} />}
      <div className="inspection-question-tools">
        {photoOpen || question.type === 'photo' || (failed && needs.photo) ? (
          <PhotoPicker onPicked={(picked) => addPhotos(picked.map((p) => ({ ...p, id: crypto.randomUUID() })))} />
        ) : (
          <IonButton fill="clear" size="small" onClick={() => setPhotoOpen(true)}>
            {t('fill.add_photo')}
          </IonButton>
        )}
        {!noteOpen && (
          <IonButton fill="clear" size="small" onClick={() => setNoteOpen(true)}>
            {t('fill.add_note')}
          </IonButton>
        )}
      </div>
      {(noteOpen || (failed && needs.note)) && (
        <label className="inspection-label">
          {t('fill.note')}
          <textarea rows={2} value={answer?.note ?? ''} onChange={(event) => onChange(key, (previous) => ({ ...withValue(previous, previous?.value ?? null), note: event.target.value }))} />
        </label>
      )}
      {failed && needs.action && <ActionFields action={answer?.action} onChange={setAction} />}
      {problems && (
        <ul className="record-form-error" role="alert">
          {problems.map((kind) => (
            <li key={kind}>{t(`problem.${kind}`)}</li>
          ))}
        </ul>
      )}
    </div>
  );
});

function Photos({ photos, onRemove }: { photos: readonly LocalPhoto[]; onRemove: (id: string) => void }) {
  const { t } = useTranslation('questionnaires');
  const urls = useMemo(() => photos.map((p) => ({ id: p.id, url: URL.createObjectURL(p.blob), name: p.name })), [photos]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u.url)), [urls]);
  if (urls.length === 0) return <p className="inspection-help">{t('fill.no_photo')}</p>;
  return (
    <ul className="inspection-photos" aria-label={t('fill.photos')}>
      {urls.map((u) => (
        <li key={u.id}>
          <img src={u.url} alt={u.name} width={96} height={72} />
          <IonButton fill="clear" size="small" onClick={() => onRemove(u.id)}>
            {t('fill.remove_photo')}
          </IonButton>
        </li>
      ))}
    </ul>
  );
}

/**
 * A failed item's corrective action: its title, due day and assignee. The inspector is the
 * assignee unless changed: a manager picks among the district's members, anyone else keeps it.
 */
function ActionFields({ action, onChange }: { action: ActionDraft | undefined; onChange: (action: ActionDraft | undefined) => void }) {
  const { t } = useTranslation('questionnaires');
  const me = currentActor();
  const manager = questionnairePowers(useEnvelope((state) => state.rights)).manage.length > 0;
  const members = useQuery({ ...membersQueryOptions(), enabled: manager });
  const current: ActionDraft = action ?? { title: '', dueOn: null, assigneeId: me?.id ?? null };
  const change = (next: Partial<ActionDraft>) => {
    const merged = { ...current, ...next };
    onChange(merged.title.trim() === '' ? undefined : merged);
  };
  const mine = me === null ? [] : [{ id: me.id, name: t('fill.action_me', { name: me.name }) }];
  const choices = [...mine, ...(members.data ?? []).filter((m) => m.id !== me?.id)];
  return (
    <fieldset className="inspection-action">
      <legend>{t('fill.action')}</legend>
      <label className="inspection-label">
        {t('fill.action_title')}
        <input type="text" maxLength={300} value={current.title} onChange={(event) => change({ title: event.target.value })} />
      </label>
      <label className="inspection-label">
        {t('fill.action_due')}
        <input type="date" value={current.dueOn ?? ''} onChange={(event) => change({ dueOn: event.target.value === '' ? null : event.target.value })} />
      </label>
      <ChoiceSelect label={t('fill.action_assignee')} value={current.assigneeId ?? me?.id ?? null} choices={choices} onChange={(assigneeId) => change({ assigneeId })} />
    </fieldset>
  );
}

function PositionInput({ value, onChange }: { value: LocalAnswer['value']; onChange: (value: LocalAnswer['value']) => void }) {
  const { t, i18n } = useTranslation('questionnaires');
  const [state, setState] = useState<'idle' | 'locating' | 'error'>('idle');
  const position = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState('error');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        onChange({ lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)), accuracy: Math.round(p.coords.accuracy) });
        setState('idle');
      },
      () => setState('error'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return (
    <div className="inspection-position">
      <p role="status">{position ? t('fill.position', { lat: formatCoordinate(position.lat, i18n.language), lng: formatCoordinate(position.lng, i18n.language), accuracy: position.accuracy ?? '?' }) : state === 'locating' ? t('fill.locating') : t('fill.no_position')}</p>
      {state === 'error' && <p className="record-form-error">{t('fill.position_error')}</p>}
      <IonButton fill="outline" size="small" onClick={locate} disabled={state === 'locating'}>
        {t('fill.locate')}
      </IonButton>
    </div>
  );
}
