/**
 * The template builder (new and edit) and its preview. The draft lives in this component's
 * state (template-draft.ts edits it); Save queues a create or a new revision in the outbox
 * (kinds.ts). What the server holds moves on under the draft without replacing it:
 * a revision saved elsewhere while the manager has edits is announced with a way to load it,
 * and a save that changed the same parts as that revision waits in the outbox for the
 * manager's choice (keep mine / take theirs), shown here. Readers see the same screen, read
 * only, with the preview.
 *
 * Save is never disabled for a problem (the rule of every form, RecordForm.tsx): each field
 * shows its problems as it is edited, and a tap on Save with problems left saves nothing, says
 * beside Save how many there are and lists each with where it is ("Question 2, Option 1:
 * Required."), and moves the focus to the first of them on the screen.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { reorderThreeOutline } from 'ionicons/icons';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type Family, type QuestionType, type Template } from '../../../../common/modules/questionnaires/schemas';
import { HELP_MAX, LABEL_MAX, TEMPLATE_NAME_MAX } from '../../../../common/modules/questionnaires/schemas';
import { ModulePage } from '../../../components/module/ModulePage';
import { DraftOffer } from '../../../components/module/RecordForm';
import { deleteDraft, loadDraft, saveDraft } from '../../../lib/drafts';
import { discardWrite, resolveConflict, retryWrite, usePendingWrites, type OutboxItem } from '../../../lib/outbox';
import { showToast } from '../../../lib/toast';
import { showSavedToast } from '../../../lib/saved-toast';
import { describeApiError } from '../../../lib/error-messages';
import { translateIfKnown } from '../../../lib/i18n';
import { questionnairesKeys } from '../api/keys';
import { newFill, type FillState } from '../fill';
import { TEMPLATES_PATH, templateHref } from '../paths';
import {
  addOption,
  addQuestion,
  addSection,
  CHOICE_TYPES,
  conditionOps,
  conditionsOnLater,
  conditionTargets,
  draftProblems,
  dropQuestion,
  dropSection,
  duplicateQuestion,
  emptyDraft,
  ensureKeys,
  FAILING_TYPES,
  fromTemplate,
  dropOption,
  moveOption,
  moveQuestion,
  moveQuestionTo,
  moveSection,
  previewContent,
  problemCount,
  removeOption,
  removeQuestion,
  removeSection,
  renameSection,
  settleKeys,
  sameContent,
  toFields,
  UNIT_MAX,
  updateOption,
  updateQuestion,
  type DraftCondition,
  type DraftProblem,
  type DraftQuestion,
  type TemplateDraft,
} from '../template-draft';
import { queueCreateTemplate, queueUpdateTemplate, TEMPLATES_MODULE } from '../kinds';
import { dropMarks, useDragReorder, type DragSubject, type DropPlace } from './builder-drag';
import { InspectionFill } from './InspectionFill';
import { formatDateTime } from '../../../lib/dates';
import '../../../components/visually-hidden.css';
import './questionnaires.css';

type Problems = ReadonlyMap<string, readonly DraftProblem[]>;
type Edit = (change: (draft: TemplateDraft) => TemplateDraft) => void;

export interface TemplateBuilderProps {
  family: Family;
  /** The revision edited; null: a new template. */
  template: Template | null;
  readOnly: boolean;
  /** Above the form (an older revision's banner). */
  banner?: ReactNode;
  /** Below it (the revisions). */
  footer?: ReactNode;
}

const contentOf = (draft: TemplateDraft) => JSON.stringify(toFields(ensureKeys(draft)));
const EMPTY_CONTENT = contentOf(emptyDraft());
/** The builder's draft kept on the device (lib/drafts.ts, per account and district) until it is saved, with the revision it started from. */
interface KeptDraft {
  draft: TemplateDraft;
  base: Template | null;
}
const KEEP_DEBOUNCE_MS = 500;
/** A question's number in the whole template (1-based), as the screen shows it. */
const questionNumber = (draft: TemplateDraft, s: number, q: number) => draft.sections.slice(0, s).reduce((total, section) => total + section.questions.length, 0) + q + 1;
const numberOrNull = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

export function TemplateBuilder({ family, template, readOnly, banner, footer }: TemplateBuilderProps) {
  const { t, i18n } = useTranslation('questionnaires');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TemplateDraft>(() => (template ? fromTemplate(template) : emptyDraft()));
  /** The revision the draft started from (its version is the save's base). */
  const [base, setBase] = useState<Template | null>(template);
  /** What the last save sent (to know a revision that lands as ours). */
  const [lastSaved, setLastSaved] = useState<string | null>(null);
  /** After a conflict's choice: the revision from which the draft takes the server's (the choice's outcome). */
  const [adoptFrom, setAdoptFrom] = useState<number | null>(null);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [previewFill, setPreviewFill] = useState<FillState | null>(null);
  const [busy, setBusy] = useState(false);
  /** Save was tapped with problems left: they are listed beside Save until fixed. */
  const [tried, setTried] = useState(false);
  const pending = usePendingWrites(TEMPLATES_MODULE, template?.id ?? '~');
  const conflict = pending.find((item) => item.state === 'conflict');
  const failed = pending.find((item) => item.state === 'failed');
  const waiting = pending.length > 0;

  // The draft is kept on the device as it is edited (a reload or a closed tab loses nothing);
  // one kept from an earlier visit is offered first, and nothing is kept before the choice.
  const keepKey = `questionnaires:template-draft:${template?.id ?? `new:${family}`}`;
  const [offer, setOffer] = useState<KeptDraft | null>(null);
  const [looked, setLooked] = useState(readOnly);
  useEffect(() => {
    if (readOnly) return undefined;
    let live = true;
    const start = template ? contentOf(fromTemplate(template)) : EMPTY_CONTENT;
    loadDraft<KeptDraft>(keepKey)
      .then((kept) => {
        if (live && kept && contentOf(kept.draft) !== start) setOffer(kept);
      })
      .catch(() => undefined)
      .finally(() => live && setLooked(true));
    return () => {
      live = false;
    };
    // Once per template: the kept draft is read when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keepKey, readOnly]);

  const edit: Edit = (change) => setDraft((previous) => change(previous));

  // Moves (drag and drop, the up / down buttons, "move to"): each announced in words (read by
  // screen readers, role="status"); one that leaves a condition naming a later question is
  // made, reported on that condition as any such problem (a save refused until fixed), and told at once in
  // a warning with Undo.
  const [moved, setMoved] = useState('');
  const untitled = (text: string) => text.trim() || t('builder.untitled');
  const afterMove = (before: TemplateDraft, after: TemplateDraft, message: string) => {
    if (after === before) return;
    setDraft(after);
    setMoved(message);
    const was = conditionsOnLater(before);
    const broken = after.sections.flatMap((section) => section.questions).filter((question) => conditionsOnLater(after).has(question.uid) && !was.has(question.uid));
    if (broken.length === 0) return;
    showToast({
      kind: 'warning',
      message: t('builder.move_breaks', { count: broken.length, labels: broken.map((question) => t('builder.quoted', { text: untitled(question.label) })).join(', ') }),
      action: { label: t('builder.undo_move'), run: () => setDraft((current) => (current === after ? before : current)) },
    });
  };
  const questionMoved = (d: TemplateDraft, [s, q]: [number, number]) =>
    t('builder.moved_question', { label: untitled(d.sections[s]!.questions[q]!.label), n: questionNumber(d, s, q), section: s + 1 });
  const sectionMoved = (d: TemplateDraft, s: number) => t('builder.moved_section', { title: untitled(d.sections[s]!.title), n: s + 1 });
  const optionMoved = (d: TemplateDraft, s: number, q: number, o: number) =>
    t('builder.moved_option', { label: d.sections[s]!.questions[q]!.options[o]!.label.trim() || t('builder.option_n', { n: o + 1 }), n: o + 1, question: untitled(d.sections[s]!.questions[q]!.label) });
  const moveOptionBy = (s: number, q: number, o: number, delta: -1 | 1) => {
    const next = moveOption(draft, s, q, o, delta);
    afterMove(draft, next, optionMoved(next, s, q, o + delta));
  };
  const moveQuestionBy = (s: number, q: number, delta: -1 | 1) => {
    const result = moveQuestion(draft, s, q, delta);
    afterMove(draft, result.draft, questionMoved(result.draft, result.at));
  };
  const moveQuestionInto = (s: number, q: number, target: number) => {
    const next = moveQuestionTo(draft, s, q, target);
    if (target !== s) afterMove(draft, next, questionMoved(next, [target, next.sections[target]!.questions.length - 1]));
  };
  const moveSectionBy = (s: number, delta: -1 | 1) => {
    const next = moveSection(draft, s, delta);
    afterMove(draft, next, sectionMoved(next, s + delta));
  };
  const dropped = (subject: DragSubject, place: DropPlace) => {
    if (subject.kind === 'question' && place.kind === 'question') {
      const result = dropQuestion(draft, subject.s, subject.q, place.s, place.position);
      afterMove(draft, result.draft, questionMoved(result.draft, result.at));
    } else if (subject.kind === 'section' && place.kind === 'section') {
      const result = dropSection(draft, subject.s, place.position);
      afterMove(draft, result.draft, sectionMoved(result.draft, result.at));
    } else if (subject.kind === 'option' && place.kind === 'option') {
      const result = dropOption(draft, subject.s, subject.q, subject.o, place.position);
      afterMove(draft, result.draft, optionMoved(result.draft, subject.s, subject.q, result.at));
    }
  };
  const { drag, handleProps } = useDragReorder(dropped);
  const marks = dropMarks(
    drag,
    draft.sections.map((section) => section.questions.length),
    (s, q) => draft.sections[s]?.questions[q]?.options.length ?? 0,
  );
  const handle = (subject: DragSubject, title: string) => (
    <span className="builder-drag-handle" aria-hidden="true" title={title} {...handleProps(subject)}>
      <IonIcon icon={reorderThreeOutline} />
    </span>
  );
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const count = problemCount(problems);

  // The server's revision moved on while nothing of this page waits in the outbox. Ours landing
  // (what the last save sent): it becomes the base, the draft untouched. The outcome of a
  // conflict's choice, or a draft without edits: the draft follows the server. Otherwise (a
  // revision saved elsewhere, or merged with ours, while the manager has edits) it is
  // announced below, the edits kept, with a way to load it.
  const newer = template !== null && base !== null && template.version > base.version && !waiting;
  const serverContent = useMemo(() => (template === null ? null : contentOf(fromTemplate(template))), [template]);
  const baseContent = useMemo(() => (base === null ? null : contentOf(fromTemplate(base))), [base]);
  const follow = useMemo((): 'base' | 'draft' | 'announce' | null => {
    if (!newer || template === null) return null;
    if (adoptFrom !== null) return template.version >= adoptFrom ? 'draft' : null;
    if (serverContent === lastSaved) return 'base';
    const mine = contentOf(draft);
    if (mine === serverContent) return 'base';
    return mine === baseContent ? 'draft' : 'announce';
  }, [newer, template, adoptFrom, serverContent, lastSaved, draft, baseContent]);
  useEffect(() => {
    if (template === null || (follow !== 'base' && follow !== 'draft')) return;
    if (follow === 'draft') setDraft(fromTemplate(template));
    setBase(template);
    setLastSaved(null);
    setAdoptFrom(null);
  }, [follow, template]);

  useEffect(() => {
    if (readOnly || !looked || offer !== null) return undefined;
    const timer = setTimeout(() => {
      const mine = contentOf(draft);
      if (mine === (baseContent ?? EMPTY_CONTENT) || mine === lastSaved) void deleteDraft(keepKey).catch(() => undefined);
      else void saveDraft(keepKey, { draft, base } satisfies KeptDraft).catch(() => undefined);
    }, KEEP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [readOnly, looked, offer, draft, base, baseContent, lastSaved, keepKey]);

  const restore = (kept: KeptDraft) => {
    setDraft(kept.draft);
    // Its base: a save of it is checked against the revision it started from (merged or put to the manager if the server moved on).
    if (kept.base !== null && template !== null && kept.base.id === template.id) setBase(kept.base);
    setOffer(null);
  };

  const loadServer = () => {
    if (template === null) return;
    setDraft(fromTemplate(template));
    setBase(template);
    setLastSaved(null);
  };

  const save = async () => {
    if (readOnly || waiting) return;
    if (count > 0) {
      setTried(true);
      focusFirstProblem();
      return;
    }
    // Saved, its keys are fixed: later renames keep them (answers are stored under them).
    const keyed = settleKeys(ensureKeys(draft));
    setDraft(keyed);
    setBusy(true);
    try {
      if (base === null) {
        const id = await queueCreateTemplate(family, keyed);
        await deleteDraft(keepKey).catch(() => undefined);
        showSavedToast(t('builder.saved_device'));
        void router.navigate({ href: templateHref(id), replace: true });
        return;
      }
      if (sameContent(keyed, fromTemplate(base))) {
        showToast({ message: t('builder.nothing_changed'), kind: 'info' });
        return;
      }
      setLastSaved(contentOf(keyed));
      await queueUpdateTemplate(base, keyed);
      showSavedToast(t('builder.saved_device'));
    } catch (error) {
      showToast({ message: describeApiError(error), kind: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const openPreview = () => {
    const content = previewContent(draft);
    setPreviewFill(
      newFill(
        {
          id: 'preview',
          templateId: template?.id ?? 'preview',
          templateVersion: base?.version ?? 1,
          template: { name: content.name || t('builder.untitled'), sections: content.sections, passMark: content.passMark },
          siteName: t('builder.preview.site'),
          startedAt: null,
          startPosition: null,
          answers: {},
        },
        '',
      ),
    );
    setMode('preview');
  };

  if (mode === 'preview' && previewFill !== null) {
    return <InspectionFill key={previewFill.startedAt} preview initial={previewFill} onDevice onBack={() => setMode('edit')} onSubmitted={() => setMode('edit')} />;
  }

  const title = draft.name.trim() || (template ? template.name : t('builder.new_title', { family: t(`builder.family.${family}`) }));
  const at = (path: string) => problems.get(path);
  return (
    <ModulePage
      className="questionnaires-page template-builder"
      title={title}
      onBack={() => void router.navigate({ href: TEMPLATES_PATH })}
      actions={
        <IonButton fill="outline" onClick={openPreview}>
          {t('builder.preview.open')}
        </IonButton>
      }
    >
      <div className="builder-status" role="status">
        {waiting ? (
          <p>{t('builder.waiting')}</p>
        ) : base !== null ? (
          <p>{t('builder.revision_saved', { version: base.version, at: formatDateTime(base.updatedAt, i18n.language) })}</p>
        ) : (
          <p>{t('builder.not_saved_yet')}</p>
        )}
      </div>
      {banner}
      <p className="inspection-help">{readOnly ? t('builder.read_only') : t('builder.revisions_explained')}</p>
      {offer !== null && (
        <DraftOffer
          onRestore={() => restore(offer)}
          onDiscard={() => {
            setOffer(null);
            void deleteDraft(keepKey).catch(() => undefined);
          }}
        />
      )}
      {conflict && (
        <ConflictBanner
          item={conflict}
          onChosen={(choice, theirs) => {
            // Mine: the revision after theirs is the outcome; theirs: theirs is.
            setAdoptFrom(choice === 'mine' ? theirs + 1 : theirs);
            void queryClient.invalidateQueries({ queryKey: questionnairesKeys.templates() });
          }}
        />
      )}
      {failed && <FailedBanner item={failed} />}
      {follow === 'announce' && template !== null && (
        <div className="builder-banner" role="alert">
          <p>{t('builder.newer', { version: template.version })}</p>
          <IonButton fill="outline" onClick={loadServer}>
            {t('builder.load_newer', { version: template.version })}
          </IonButton>
        </div>
      )}

      <fieldset className="builder-card" disabled={readOnly}>
        <legend>{t('builder.general')}</legend>
        <TextInput label={t('builder.name')} value={draft.name} max={TEMPLATE_NAME_MAX} problems={at('name')} onChange={(name) => edit((d) => ({ ...d, name }))} />
        <TextInput label={t('builder.description')} value={draft.description} multiline problems={at('description')} onChange={(description) => edit((d) => ({ ...d, description }))} />
        <NumberInput
          label={t('builder.pass_mark')}
          help={t('builder.pass_mark_help')}
          value={draft.passMark}
          min={0}
          max={100}
          problems={at('passMark')}
          onChange={(passMark) => edit((d) => ({ ...d, passMark }))}
        />
      </fieldset>

      {draft.sections.map((section, s) => (
        <section key={section.uid} className={`builder-section${marks.section(s)}`} aria-labelledby={`builder-section-${section.uid}`} data-drag-section={s}>
          <div className="builder-section-head">
            <h2 id={`builder-section-${section.uid}`}>{t('builder.section_heading', { n: s + 1, title: section.title.trim() || t('builder.untitled') })}</h2>
            {!readOnly && handle({ kind: 'section', s }, t('builder.drag_section', { n: s + 1 }))}
          </div>
          <fieldset className="builder-card" disabled={readOnly} aria-labelledby={`builder-section-${section.uid}`}>
            <TextInput
              label={t('builder.section_title')}
              value={section.title}
              max={LABEL_MAX}
              problems={at(`sections/${s}/title`)}
              onChange={(value) => edit((d) => renameSection(d, s, value))}
              onBlur={() => edit(ensureKeys)}
            />
            {!readOnly && (
              <div className="builder-tools">
                <IonButton fill="outline" disabled={s === 0} onClick={() => moveSectionBy(s, -1)} aria-label={t('builder.section_up', { n: s + 1 })}>
                  {t('builder.up')}
                </IonButton>
                <IonButton fill="outline" disabled={s === draft.sections.length - 1} onClick={() => moveSectionBy(s, 1)} aria-label={t('builder.section_down', { n: s + 1 })}>
                  {t('builder.down')}
                </IonButton>
                <IonButton fill="outline" color="danger" disabled={draft.sections.length === 1} onClick={() => edit((d) => removeSection(d, s))} aria-label={t('builder.section_remove', { n: s + 1 })}>
                  {t('builder.remove')}
                </IonButton>
              </div>
            )}
          </fieldset>
          {section.questions.length === 0 && <p className="inspection-help">{t('builder.no_questions')}</p>}
          <ol className="bare-list builder-questions">
            {section.questions.map((question, q) => (
              <li key={question.uid} data-drag-question={`${s}:${q}`} className={`${marks.question(s, q)}${marks.dragging(s, q) ? ' builder-dragging' : ''}`.trim() || undefined}>
                <QuestionEditor
                  draft={draft}
                  s={s}
                  q={q}
                  question={question}
                  problems={problems}
                  readOnly={readOnly}
                  edit={edit}
                  onMove={(delta) => moveQuestionBy(s, q, delta)}
                  onMoveTo={(target) => moveQuestionInto(s, q, target)}
                  handle={handle({ kind: 'question', s, q }, t('builder.drag_question', { n: questionNumber(draft, s, q) }))}
                  options={{
                    handle: (o, name) => handle({ kind: 'option', s, q, o }, t('builder.drag_option', { name })),
                    mark: (o) => marks.option(s, q, o),
                    onMove: (o, delta) => moveOptionBy(s, q, o, delta),
                  }}
                />
              </li>
            ))}
          </ol>
          {!readOnly && <AddQuestion section={s} onAdd={(type) => edit((d) => addQuestion(d, s, type))} />}
        </section>
      ))}
      <FieldProblems problems={at('sections')} />
      <p className="visually-hidden" role="status">
        {moved}
      </p>
      {!readOnly && (
        <div className="builder-save">
          <IonButton fill="outline" onClick={() => edit((d) => addSection(d))}>
            {t('builder.add_section')}
          </IonButton>
          {tried && count > 0 ? (
            <SaveProblems id="builder-save-state" draft={draft} problems={problems} />
          ) : (
            <p id="builder-save-state" className={count > 0 ? 'record-form-error' : 'inspection-help'}>
              {count > 0 ? t('builder.problems', { count }) : waiting ? t('builder.wait_previous') : t('builder.ready')}
            </p>
          )}
          <IonButton onClick={() => void save()} disabled={waiting || busy} aria-describedby="builder-save-state">
            {t('builder.save')}
          </IonButton>
        </div>
      )}
      {footer}
    </ModulePage>
  );
}

function ConflictBanner({ item, onChosen }: { item: OutboxItem; onChosen: (choice: 'mine' | 'theirs', theirs: number) => void }) {
  const { t } = useTranslation('questionnaires');
  const conflict = item.conflict;
  if (conflict === null) return null;
  const fields = conflict.fields.map((f) => t(`builder.field.${f.field}`, { defaultValue: f.field })).join(', ');
  const choose = async (choice: 'mine' | 'theirs') => {
    await resolveConflict(item.key, Object.fromEntries(conflict.fields.map((f) => [f.field, choice])));
    onChosen(choice, conflict.theirs.version);
  };
  return (
    <div className="builder-banner" role="alert">
      <p>{t('builder.conflict', { version: conflict.theirs.version, fields })}</p>
      <IonButton onClick={() => void choose('mine')}>{t('builder.keep_mine')}</IonButton>
      <IonButton fill="outline" onClick={() => void choose('theirs')}>
        {t('builder.take_theirs', { version: conflict.theirs.version })}
      </IonButton>
    </div>
  );
}

/** A save the server refused (not a conflict): why, and retry or discard. */
export function FailedBanner({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('questionnaires');
  const reason = item.lastError === null ? '' : (translateIfKnown(item.lastError) ?? item.lastError);
  return (
    <div className="builder-banner" role="alert">
      <p>{t('builder.refused', { error: reason })}</p>
      <IonButton onClick={() => void retryWrite(item.key)}>{t('builder.retry')}</IonButton>
      <IonButton fill="outline" color="danger" onClick={() => void discardWrite(item.key)}>
        {t('builder.discard')}
      </IonButton>
    </div>
  );
}

function AddQuestion({ section, onAdd }: { section: number; onAdd: (type: QuestionType) => void }) {
  const { t } = useTranslation('questionnaires');
  const id = useId();
  const [type, setType] = useState<QuestionType>('yesNo');
  return (
    <div className="builder-add">
      <label htmlFor={id} className="builder-field">
        {t('builder.new_question_type', { n: section + 1 })}
      </label>
      <select id={id} value={type} onChange={(event) => setType(event.target.value as QuestionType)}>
        {QUESTION_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(`builder.type.${value}`)}
          </option>
        ))}
      </select>
      <IonButton fill="outline" onClick={() => onAdd(type)} aria-label={t('builder.add_question_to', { n: section + 1 })}>
        {t('builder.add_question')}
      </IonButton>
    </div>
  );
}

interface QuestionEditorProps {
  draft: TemplateDraft;
  s: number;
  q: number;
  question: DraftQuestion;
  problems: Problems;
  readOnly: boolean;
  edit: Edit;
}

interface QuestionCardProps extends QuestionEditorProps {
  onMove: (delta: -1 | 1) => void;
  onMoveTo: (section: number) => void;
  /** The drag handle (none read only). */
  handle: ReactNode;
  options: OptionMoves;
}

/** How a choice's options move: a drag handle each, where a drag would land, the up / down buttons. */
interface OptionMoves {
  handle: (o: number, name: string) => ReactNode;
  mark: (o: number) => string;
  onMove: (o: number, delta: -1 | 1) => void;
}

function QuestionEditor({ draft, s, q, question, problems, readOnly, edit, onMove, onMoveTo, handle, options }: QuestionCardProps) {
  const { t } = useTranslation('questionnaires');
  const ids = { type: useId(), moveTo: useId() };
  const at = `sections/${s}/questions/${q}`;
  const set = (patch: Partial<Omit<DraftQuestion, 'uid' | 'key'>>) => edit((d) => updateQuestion(d, s, q, patch));
  const name = question.label.trim() || t('builder.untitled');
  const n = questionNumber(draft, s, q);
  const first = s === 0 && q === 0;
  const last = s === draft.sections.length - 1 && q === draft.sections[s]!.questions.length - 1;
  const failing = FAILING_TYPES.has(question.type);
  return (
    <fieldset className="builder-card builder-question" disabled={readOnly} id={`builder-question-${question.uid}`}>
      <legend>{t('builder.question_heading', { n, label: name })}</legend>
      {!readOnly && handle}
      <div className="builder-row">
        <label htmlFor={ids.type} className="builder-field">
          {t('builder.answer_type')}
        </label>
        <select id={ids.type} value={question.type} onChange={(event) => set({ type: event.target.value as QuestionType })}>
          {QUESTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`builder.type.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <TextInput label={t('builder.question_label')} value={question.label} max={LABEL_MAX} problems={problems.get(`${at}/label`)} onChange={(label) => set({ label })} onBlur={() => edit(ensureKeys)} />
      <p className="inspection-help">{question.key === null ? t('builder.key_pending') : t('builder.key', { key: question.key })}</p>
      <TextInput label={t('builder.help')} value={question.help} max={HELP_MAX} multiline problems={problems.get(`${at}/help`)} onChange={(help) => set({ help })} />
      <Check label={t('builder.required')} checked={question.required} onChange={(required) => set({ required })} />
      {failing && (
        <NumberInput label={t('builder.weight')} help={t('builder.weight_help')} value={question.weight} min={0} max={100} problems={problems.get(`${at}/weight`)} onChange={(weight) => set({ weight })} />
      )}
      {question.type === 'yesNo' && (
        <Select
          label={t('builder.fail_on')}
          value={question.failOn}
          choices={[
            ['no', t('answer.no')],
            ['yes', t('answer.yes')],
          ]}
          onChange={(failOn) => set({ failOn: failOn as 'yes' | 'no' })}
        />
      )}
      {CHOICE_TYPES.has(question.type) && <OptionsEditor s={s} q={q} question={question} problems={problems} readOnly={readOnly} edit={edit} moves={options} />}
      {question.type === 'number' && (
        <div className="builder-grid">
          <NumberInput label={t('builder.min')} value={question.min} problems={problems.get(`${at}/min`)} onChange={(min) => set({ min })} />
          <NumberInput label={t('builder.max')} value={question.max} problems={problems.get(`${at}/max`)} onChange={(max) => set({ max })} />
          <TextInput label={t('builder.unit')} value={question.unit} max={UNIT_MAX} problems={problems.get(`${at}/unit`)} onChange={(unit) => set({ unit })} />
        </div>
      )}
      {failing && (
        <fieldset className="builder-onfail">
          <legend>{t('builder.on_fail')}</legend>
          {(['photo', 'note', 'action'] as const).map((need) => (
            <Check key={need} label={t(`builder.on_fail_${need}`)} checked={question.onFail[need]} onChange={(value) => set({ onFail: { ...question.onFail, [need]: value } })} />
          ))}
          <FieldProblems problems={problems.get(`${at}/onFail`)} />
        </fieldset>
      )}
      <ConditionEditor draft={draft} s={s} q={q} question={question} problems={problems.get(`${at}/showIf`)} set={set} />
      <FieldProblems problems={problems.get(`${at}/key`)} />
      <FieldProblems problems={problems.get(`${at}/options`)} />
      <FieldProblems problems={problems.get(`${at}/failOn`)} />
      {!readOnly && (
        <div className="builder-tools">
          <IonButton fill="outline" disabled={first} onClick={() => onMove(-1)} aria-label={t('builder.question_up', { n })}>
            {t('builder.up')}
          </IonButton>
          <IonButton fill="outline" disabled={last} onClick={() => onMove(1)} aria-label={t('builder.question_down', { n })}>
            {t('builder.down')}
          </IonButton>
          <IonButton fill="outline" onClick={() => edit((d) => duplicateQuestion(d, s, q))} aria-label={t('builder.question_duplicate', { n })}>
            {t('builder.duplicate')}
          </IonButton>
          <IonButton fill="outline" color="danger" onClick={() => edit((d) => removeQuestion(d, s, q))} aria-label={t('builder.question_remove', { n })}>
            {t('builder.remove')}
          </IonButton>
          {draft.sections.length > 1 && (
            <span className="builder-move-to">
              <label htmlFor={ids.moveTo}>{t('builder.move_to', { n })}</label>
              <select id={ids.moveTo} value={s} onChange={(event) => onMoveTo(Number(event.target.value))}>
                {draft.sections.map((section, i) => (
                  <option key={section.uid} value={i}>
                    {t('builder.section_heading', { n: i + 1, title: section.title.trim() || t('builder.untitled') })}
                  </option>
                ))}
              </select>
            </span>
          )}
        </div>
      )}
    </fieldset>
  );
}

function OptionsEditor({ s, q, question, problems, readOnly, edit, moves }: Omit<QuestionEditorProps, 'draft'> & { moves: OptionMoves }) {
  const { t } = useTranslation('questionnaires');
  const at = `sections/${s}/questions/${q}`;
  return (
    <fieldset className="builder-options">
      <legend>{t('builder.options')}</legend>
      <ol data-drag-options={`${s}:${q}`}>
        {question.options.map((option, o) => {
          const name = option.label.trim() || t('builder.option_n', { n: o + 1 });
          return (
            <li key={option.uid} className={`builder-option${moves.mark(o)}`} data-drag-option={`${s}:${q}:${o}`}>
              {!readOnly && moves.handle(o, name)}
              <TextInput
                label={t('builder.option_label', { n: o + 1 })}
                value={option.label}
                max={LABEL_MAX}
                problems={problems.get(`${at}/options/${o}/label`)}
                onChange={(label) => edit((d) => updateOption(d, s, q, o, { label }))}
                onBlur={() => edit(ensureKeys)}
              />
              <NumberInput
                label={t('builder.option_score', { name })}
                help={t('builder.option_score_help')}
                value={option.score}
                min={0}
                max={1}
                step={0.1}
                problems={problems.get(`${at}/options/${o}/score`)}
                onChange={(score) => edit((d) => updateOption(d, s, q, o, { score }))}
              />
              <Check label={t('builder.option_failed', { name })} checked={option.failed} onChange={(failed) => edit((d) => updateOption(d, s, q, o, { failed }))} />
              {question.type === 'multiChoice' && (
                <Check label={t('builder.option_exclusive', { name })} checked={option.exclusive} onChange={(exclusive) => edit((d) => updateOption(d, s, q, o, { exclusive }))} />
              )}
              {!readOnly && (
                <div className="builder-tools">
                  <IonButton fill="outline" disabled={o === 0} onClick={() => moves.onMove(o, -1)} aria-label={t('builder.option_up', { name })}>
                    {t('builder.up')}
                  </IonButton>
                  <IonButton fill="outline" disabled={o === question.options.length - 1} onClick={() => moves.onMove(o, 1)} aria-label={t('builder.option_down', { name })}>
                    {t('builder.down')}
                  </IonButton>
                  <IonButton fill="outline" color="danger" disabled={question.options.length === 1} onClick={() => edit((d) => removeOption(d, s, q, o))} aria-label={t('builder.option_remove', { name })}>
                    {t('builder.remove')}
                  </IonButton>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <IonButton fill="outline" onClick={() => edit((d) => addOption(d, s, q))}>
          {t('builder.add_option')}
        </IonButton>
      )}
    </fieldset>
  );
}

function ConditionEditor({ draft, s, q, question, problems, set }: { draft: TemplateDraft; s: number; q: number; question: DraftQuestion; problems: readonly DraftProblem[] | undefined; set: (patch: Partial<DraftQuestion>) => void }) {
  const { t } = useTranslation('questionnaires');
  const targets = conditionTargets(draft, s, q);
  const condition = question.showIf;
  const target = condition ? draft.sections.flatMap((section) => section.questions).find((other) => other.key === condition.question) : undefined;
  const change = (patch: Partial<DraftCondition>) => condition && set({ showIf: { ...condition, ...patch } });
  const choose = (key: string) => {
    const next = draft.sections.flatMap((section) => section.questions).find((other) => other.key === key);
    set({ showIf: { question: key, op: next ? conditionOps(next.type)[0]! : 'answered', values: [], number: null } });
  };
  const values: [string, string][] =
    target?.type === 'yesNo'
      ? (['yes', 'no', 'na'] as const).map((v) => [v, t(`answer.${v}`)])
      : target && CHOICE_TYPES.has(target.type)
        ? target.options.flatMap((o) => (o.key === null ? [] : [[o.key, o.label] as [string, string]]))
        : [];
  return (
    <fieldset className="builder-condition">
      <legend>{t('builder.condition')}</legend>
      <Check
        label={t('builder.condition_on')}
        checked={condition !== null}
        onChange={(on) => set({ showIf: on ? { question: '', op: 'answered', values: [], number: null } : null })}
      />
      {condition !== null && targets.length === 0 && <p className="inspection-help">{t('builder.condition_none')}</p>}
      {condition !== null && (
        <>
          <Select
            label={t('builder.condition_question')}
            value={condition.question}
            choices={[
              ['', t('builder.condition_choose')],
              ...targets.map((other): [string, string] => [other.key ?? '', other.label]),
              // A question no longer earlier (moved below, or removed) stays shown, reported.
              ...(condition.question !== '' && !targets.some((other) => other.key === condition.question) ? [[condition.question, target?.label ?? condition.question] as [string, string]] : []),
            ]}
            onChange={choose}
          />
          {target && (
            <Select
              label={t('builder.condition_op')}
              value={condition.op}
              choices={conditionOps(target.type).map((op): [string, string] => [op, t(`builder.op.${target.type === 'number' && (op === 'is' || op === 'isNot') ? `${op}Number` : op}`)])}
              onChange={(op) => change({ op: op as DraftCondition['op'], values: [], number: null })}
            />
          )}
          {(condition.op === 'is' || condition.op === 'isNot') && values.length > 0 && (
            <fieldset className="builder-values">
              <legend>{t('builder.condition_values')}</legend>
              {values.map(([value, label]) => (
                <Check
                  key={value}
                  label={label}
                  checked={condition.values.includes(value)}
                  onChange={(on) => change({ values: on ? [...condition.values, value] : condition.values.filter((v) => v !== value) })}
                />
              ))}
            </fieldset>
          )}
          {(condition.op === 'lessThan' || condition.op === 'greaterThan' || (target?.type === 'number' && condition.op !== 'answered')) && (
            <NumberInput label={t('builder.condition_number')} value={condition.number} onChange={(number) => change({ number })} />
          )}
        </>
      )}
      <FieldProblems problems={problems} />
    </fieldset>
  );
}

/** The first problem on the screen (a field marked invalid, or a part's message) gets the focus, once drawn. */
function focusFirstProblem(): void {
  requestAnimationFrame(() => {
    const first = document.querySelector<HTMLElement>('.template-builder [aria-invalid="true"], .template-builder .builder-problems');
    first?.focus();
  });
}

/** The fields' labels the problems' paths end with (a question's, an option's, a section's or the template's). */
const FIELD_LABELS: Record<string, string> = {
  name: 'builder.name',
  description: 'builder.description',
  passMark: 'builder.pass_mark',
  title: 'builder.section_title',
  key: 'builder.where_key',
  label: 'builder.question_label',
  help: 'builder.help',
  weight: 'builder.weight',
  options: 'builder.options',
  min: 'builder.min',
  max: 'builder.max',
  unit: 'builder.unit',
  showIf: 'builder.condition',
  onFail: 'builder.on_fail',
  failOn: 'builder.fail_on',
};
/** Where each field of a question comes on the screen, top to bottom. */
const FIELD_ORDER = ['label', 'help', 'weight', 'failOn', 'options', 'min', 'max', 'unit', 'onFail', 'showIf', 'key'];

/** A problem's place in the screen's order: the general fields, then each section's title and questions, then the template's own. */
function screenOrder(path: string): number[] {
  const parts = path.split('/');
  if (parts[0] !== 'sections') return [Math.max(0, ['name', 'description', 'passMark'].indexOf(parts[0]!))];
  if (parts.length === 1) return [Number.MAX_SAFE_INTEGER];
  const s = Number(parts[1]);
  if (parts[2] !== 'questions') return [3, s, -1];
  const field = FIELD_ORDER.indexOf(parts[4] ?? '');
  return [3, s, Number(parts[3]), field, Number(parts[5] ?? -1), parts[6] === 'score' ? 1 : 0];
}
const byScreenOrder = (a: string, b: string) => {
  const x = screenOrder(a);
  const y = screenOrder(b);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
};

/** After a tap on Save with problems left: each of them with where it is, in the screen's order (announced). */
function SaveProblems({ id, draft, problems }: { id: string; draft: TemplateDraft; problems: Problems }) {
  const { t } = useTranslation('questionnaires');
  const where = (path: string): string => {
    const parts = path.split('/');
    if (parts[0] !== 'sections') return t(FIELD_LABELS[parts[0]!] ?? 'builder.where_template');
    if (parts.length === 1) return t('builder.where_template');
    const s = Number(parts[1]);
    if (parts[2] !== 'questions') return t('builder.where_in', { place: t('builder.where_section', { n: s + 1 }), field: t(FIELD_LABELS[parts[2]!] ?? 'builder.section_title') });
    const place = t('builder.where_question', { n: questionNumber(draft, s, Number(parts[3])) });
    const field = parts[4] === 'options' && parts[5] !== undefined
      ? parts[6] === 'score'
        ? t('builder.option_score', { name: t('builder.option_n', { n: Number(parts[5]) + 1 }) })
        : t('builder.option_label', { n: Number(parts[5]) + 1 })
      : t(FIELD_LABELS[parts[4] ?? ''] ?? 'builder.question_label');
    return t('builder.where_in', { place, field });
  };
  const listed = [...problems.keys()].sort(byScreenOrder).flatMap((path) => (problems.get(path) ?? []).map((p) => ({ path, p })));
  return (
    <div id={id} className="record-form-error builder-save-problems" role="alert">
      <p>{t('builder.save_blocked', { count: listed.length })}</p>
      <ul>
        {listed.map(({ path, p }) => (
          <li key={`${path}:${p.code}`}>{t('builder.problem_at', { where: where(path), problem: t(`builder.problem.${p.code}`, { min: p.min, max: p.max }) })}</li>
        ))}
      </ul>
    </div>
  );
}

// ------------------------------------------------------------------ fields

function FieldProblems({ problems, id }: { problems: readonly DraftProblem[] | undefined; id?: string }) {
  const { t } = useTranslation('questionnaires');
  if (!problems || problems.length === 0) return null;
  return (
    <ul className="record-form-error builder-problems" id={id} tabIndex={-1}>
      {problems.map((p) => (
        <li key={p.code}>{t(`builder.problem.${p.code}`, { min: p.min, max: p.max })}</li>
      ))}
    </ul>
  );
}

function Field({ id, label, help, problems, children }: { id: string; label: string; help?: string; problems: readonly DraftProblem[] | undefined; children: ReactNode }) {
  return (
    <div className="builder-row">
      <label htmlFor={id} className="builder-field">
        {label}
      </label>
      {children}
      {help && (
        <p className="inspection-help" id={`${id}-help`}>
          {help}
        </p>
      )}
      <FieldProblems problems={problems} id={`${id}-problems`} />
    </div>
  );
}

const describedBy = (id: string, help: string | undefined, problems: readonly DraftProblem[] | undefined) =>
  [help ? `${id}-help` : '', problems?.length ? `${id}-problems` : ''].filter(Boolean).join(' ') || undefined;

function TextInput({ label, value, onChange, onBlur, problems, max, multiline = false }: { label: string; value: string; onChange: (value: string) => void; onBlur?: () => void; problems?: readonly DraftProblem[] | undefined; max?: number; multiline?: boolean }) {
  const id = useId();
  const common = { id, value, onBlur, 'aria-invalid': problems?.length ? true : undefined, 'aria-describedby': describedBy(id, undefined, problems) };
  return (
    <Field id={id} label={label} problems={problems}>
      {multiline ? <textarea rows={2} {...common} onChange={(event) => onChange(event.target.value)} /> : <input type="text" maxLength={max} {...common} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

function NumberInput({ label, help, value, onChange, problems, min, max, step }: { label: string; help?: string; value: number | null; onChange: (value: number | null) => void; problems?: readonly DraftProblem[] | undefined; min?: number; max?: number; step?: number }) {
  const id = useId();
  // The text as typed ("0." on the way to "0.5"), the number kept in the draft.
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    if (numberOrNull(text) !== value) setText(value === null ? '' : String(value));
    // Only when the draft's value changes from outside (a move, a reload).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Field id={id} label={label} help={help} problems={problems}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step ?? 'any'}
        min={min}
        max={max}
        value={text}
        aria-invalid={problems?.length ? true : undefined}
        aria-describedby={describedBy(id, help, problems)}
        onChange={(event) => {
          setText(event.target.value);
          onChange(numberOrNull(event.target.value));
        }}
      />
    </Field>
  );
}

function Select({ label, value, choices, onChange }: { label: string; value: string; choices: readonly [string, string][]; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Field id={id} label={label} problems={undefined}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="builder-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
