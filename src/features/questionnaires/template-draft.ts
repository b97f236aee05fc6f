/**
 * A template as the builder edits it: plain TypeScript, no React, no I/O (tested directly).
 *
 * The draft keeps what a manager types, including what does not apply to the question's
 * current type (a number's range is kept while it is switched to yes/no and back); only
 * what applies is sent (`toFields`). Each part has a `uid` for the screen; its `key` (the
 * identity answers are stored under, across revisions) comes from its label (`ensureKeys`).
 * Until the part is first saved its key follows the label's renames (a key made from the first
 * letters typed, "ext", becomes "extincteur_accessible", and the conditions naming it follow);
 * from the save on (`settleKeys`), and for every part that came from the server, it never
 * changes again, whatever the renames.
 *
 * Problems are reported by path (`name`, `sections/0/questions/2/label`, …, as the engine's
 * `checkTemplate` names them) so the screen shows each next to its field.
 */
import { checkTemplate } from '../../../common/modules/questionnaires/engine';
import type { Condition, Family, Question, QuestionType, Section, Template, TemplateCreate, TemplateFields } from '../../../common/modules/questionnaires/schemas';
import { HELP_MAX, LABEL_MAX, OPTIONS_MAX, SECTIONS_MAX, TEMPLATE_NAME_MAX, TEXT_MAX, WEIGHT_MAX } from '../../../common/modules/questionnaires/limits';

export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const KEY_MAX = 40;
export const UNIT_MAX = 20;

export interface DraftOption {
  uid: string;
  key: string | null;
  /** The key was made on this device and is not saved yet: it still follows the label. */
  provisional?: boolean;
  label: string;
  /** 0 to 1 of the question's weight; null: not scored (N/A). */
  score: number | null;
  failed: boolean;
  /** A multiple choice's option chosen alone ("None"). */
  exclusive: boolean;
}

export interface DraftCondition {
  /** The earlier question's key ('' while none is chosen). */
  question: string;
  op: Condition['op'];
  values: string[];
  number: number | null;
}

export interface DraftQuestion {
  uid: string;
  key: string | null;
  /** The key was made on this device and is not saved yet: it still follows the label. */
  provisional?: boolean;
  type: QuestionType;
  label: string;
  help: string;
  required: boolean;
  /** null: the default weight (1). */
  weight: number | null;
  failOn: 'yes' | 'no';
  options: DraftOption[];
  min: number | null;
  max: number | null;
  unit: string;
  showIf: DraftCondition | null;
  onFail: { photo: boolean; note: boolean; action: boolean };
}

export interface DraftSection {
  uid: string;
  key: string | null;
  /** The key was made on this device and is not saved yet: it still follows the label. */
  provisional?: boolean;
  title: string;
  questions: DraftQuestion[];
}

export interface TemplateDraft {
  name: string;
  description: string;
  /** Percentage to pass; null: scored, not passed or failed. */
  passMark: number | null;
  sections: DraftSection[];
}

// Screen identities: unique within a page load, and apart from those of a draft kept from an
// earlier one (restored from IndexedDB), hence the load's own prefix.
const UID_PREFIX = `d${Math.random().toString(36).slice(2, 8)}_`;
let uidCounter = 0;
const uid = () => `${UID_PREFIX}${(uidCounter += 1)}`;

export const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(['choice', 'multiChoice']);
/** Types whose answer can fail an item (and so may ask for a follow-up). */
export const FAILING_TYPES: ReadonlySet<QuestionType> = new Set(['yesNo', 'choice', 'multiChoice', 'number']);

// ------------------------------------------------------------------ keys

/** A key from a label: lower case ASCII, words joined by `_`, starting with a letter, unique among `taken`. */
export function slugKey(label: string, taken: ReadonlySet<string>, fallback = 'q'): string {
  let base = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base === '') base = fallback;
  if (!/^[a-z]/.test(base)) base = `${fallback}_${base}`;
  base = base.slice(0, KEY_MAX).replace(/_+$/, '');
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, KEY_MAX - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A part whose key may still change: none yet, or made on this device and not saved. */
const open = (part: { key: string | null; provisional?: boolean }) => part.key === null || part.provisional === true;

/**
 * Gives every labelled part its key from its label: a part without one, and a part whose key is
 * still provisional (made here, not saved) when its label changed; a saved key is never touched.
 * A question's or an option's new key is carried into the conditions that name it. Returns the
 * same draft when nothing changed.
 */
export function ensureKeys(draft: TemplateDraft): TemplateDraft {
  const kept = <T extends { key: string | null; provisional?: boolean }>(parts: readonly T[]) => new Set(parts.flatMap((p) => (open(p) ? [] : [p.key!])));
  const sectionKeys = kept(draft.sections);
  const questionKeys = kept(draft.sections.flatMap((s) => s.questions));
  /** A part's key: its saved one, or one from its label (its provisional one while the label is empty). */
  const keyOf = (part: { key: string | null; provisional?: boolean }, label: string, taken: Set<string>, fallback: string): string | null => {
    if (!open(part)) return part.key;
    const key = label.trim() === '' ? part.key : slugKey(label, taken, fallback);
    if (key !== null) taken.add(key);
    return key;
  };
  /** Keys that changed: questions', and each question's (by its new key) options'. */
  const renamedQuestions = new Map<string, string>();
  const renamedOptions = new Map<string, Map<string, string>>();
  const sections = draft.sections.map((section) => {
    const sectionKey = keyOf(section, section.title, sectionKeys, 's');
    const questions = section.questions.map((question) => {
      const key = keyOf(question, question.label, questionKeys, 'q');
      if (question.key !== null && key !== question.key) renamedQuestions.set(question.key, key!);
      const optionKeys = kept(question.options);
      const options = question.options.map((option) => {
        const optionKey = keyOf(option, option.label, optionKeys, 'o');
        if (optionKey === option.key) return option;
        if (option.key !== null && key !== null) renamedOptions.set(key, (renamedOptions.get(key) ?? new Map<string, string>()).set(option.key, optionKey!));
        return { ...option, key: optionKey, provisional: true };
      });
      return key === question.key && options.every((o, i) => o === question.options[i]) ? question : { ...question, key, provisional: open(question) || undefined, options };
    });
    return sectionKey === section.key && questions.every((q, i) => q === section.questions[i]) ? section : { ...section, key: sectionKey, provisional: open(section) || undefined, questions };
  });
  if (renamedQuestions.size === 0 && renamedOptions.size === 0) return sections.every((section, i) => section === draft.sections[i]) ? draft : { ...draft, sections };
  // The conditions follow the keys they name.
  const follow = (condition: DraftCondition): DraftCondition => {
    const question = renamedQuestions.get(condition.question) ?? condition.question;
    const options = renamedOptions.get(question);
    const values = options ? condition.values.map((value) => options.get(value) ?? value) : condition.values;
    return question === condition.question && values.every((v, i) => v === condition.values[i]) ? condition : { ...condition, question, values };
  };
  return {
    ...draft,
    sections: sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => (question.showIf === null ? question : { ...question, showIf: follow(question.showIf) })),
    })),
  };
}

/** The draft as saved: every key it has is fixed from now on. */
export function settleKeys(draft: TemplateDraft): TemplateDraft {
  const settle = <T extends { provisional?: boolean }>(part: T): T => {
    if (part.provisional === undefined) return part;
    const { provisional: _drop, ...rest } = part;
    return rest as T;
  };
  return {
    ...draft,
    sections: draft.sections.map((section) => settle({ ...section, questions: section.questions.map((question) => settle({ ...question, options: question.options.map(settle) })) })),
  };
}

// ------------------------------------------------------------------ making parts

export function newOption(label = ''): DraftOption {
  return { uid: uid(), key: null, label, score: null, failed: false, exclusive: false };
}

export function newQuestion(type: QuestionType, label = ''): DraftQuestion {
  return {
    uid: uid(),
    key: null,
    type,
    label,
    help: '',
    required: true,
    weight: null,
    failOn: 'no',
    options: [],
    min: null,
    max: null,
    unit: '',
    showIf: null,
    onFail: { photo: false, note: false, action: false },
  };
}

export function newSection(title = ''): DraftSection {
  return { uid: uid(), key: null, title, questions: [] };
}

export function emptyDraft(): TemplateDraft {
  return { name: '', description: '', passMark: null, sections: [newSection()] };
}

/** The draft of a template revision from the server (its keys kept). */
export function fromTemplate(template: Pick<TemplateFields, 'name' | 'description' | 'passMark' | 'sections'>): TemplateDraft {
  return {
    name: template.name,
    description: template.description,
    passMark: template.passMark,
    sections: template.sections.map((section) => ({
      uid: uid(),
      key: section.key,
      title: section.title,
      questions: section.questions.map(
        (q): DraftQuestion => ({
          uid: uid(),
          key: q.key,
          type: q.type,
          label: q.label,
          help: q.help ?? '',
          required: q.required,
          weight: q.weight ?? null,
          failOn: q.failOn ?? 'no',
          options: (q.options ?? []).map((o) => ({ uid: uid(), key: o.key, label: o.label, score: o.score ?? null, failed: o.failed === true, exclusive: o.exclusive === true })),
          min: q.min ?? null,
          max: q.max ?? null,
          unit: q.unit ?? '',
          showIf: q.showIf ? { question: q.showIf.question, op: q.showIf.op, values: q.showIf.values ?? [], number: q.showIf.number ?? null } : null,
          onFail: { photo: q.onFail?.photo === true, note: q.onFail?.note === true, action: q.onFail?.action === true },
        }),
      ),
    })),
  };
}

// ------------------------------------------------------------------ editing (immutable)

const move = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};
const withSection = (draft: TemplateDraft, s: number, change: (section: DraftSection) => DraftSection): TemplateDraft => ({
  ...draft,
  sections: draft.sections.map((section, i) => (i === s ? change(section) : section)),
});
const withQuestion = (draft: TemplateDraft, s: number, q: number, change: (question: DraftQuestion) => DraftQuestion): TemplateDraft =>
  withSection(draft, s, (section) => ({ ...section, questions: section.questions.map((question, i) => (i === q ? change(question) : question)) }));

export const addSection = (draft: TemplateDraft, title = ''): TemplateDraft => ({ ...draft, sections: [...draft.sections, newSection(title)] });
export const renameSection = (draft: TemplateDraft, s: number, title: string): TemplateDraft => withSection(draft, s, (section) => ({ ...section, title }));
export const removeSection = (draft: TemplateDraft, s: number): TemplateDraft => ({ ...draft, sections: draft.sections.filter((_, i) => i !== s) });
/** Moves a section one place up (-1) or down (+1); nothing at the ends. */
export function moveSection(draft: TemplateDraft, s: number, delta: -1 | 1): TemplateDraft {
  const to = s + delta;
  if (to < 0 || to >= draft.sections.length) return draft;
  return { ...draft, sections: move(draft.sections, s, to) };
}

export function addQuestion(draft: TemplateDraft, s: number, type: QuestionType): TemplateDraft {
  const question = newQuestion(type);
  if (CHOICE_TYPES.has(type)) question.options = [newOption(), newOption()];
  return withSection(draft, s, (section) => ({ ...section, questions: [...section.questions, question] }));
}
export const updateQuestion = (draft: TemplateDraft, s: number, q: number, patch: Partial<Omit<DraftQuestion, 'uid' | 'key'>>): TemplateDraft =>
  withQuestion(draft, s, q, (question) => {
    const next = { ...question, ...patch };
    // A choice needs options: two empty ones when it becomes one without.
    if (patch.type !== undefined && CHOICE_TYPES.has(patch.type) && next.options.length === 0) next.options = [newOption(), newOption()];
    return next;
  });
export const removeQuestion = (draft: TemplateDraft, s: number, q: number): TemplateDraft =>
  withSection(draft, s, (section) => ({ ...section, questions: section.questions.filter((_, i) => i !== q) }));

/**
 * Moves a question one place up or down; past the first or last of its section it goes to the
 * end of the previous section or the start of the next one. Returns where it is now.
 */
export function moveQuestion(draft: TemplateDraft, s: number, q: number, delta: -1 | 1): { draft: TemplateDraft; at: [number, number] } {
  const section = draft.sections[s];
  const question = section?.questions[q];
  if (!section || !question) return { draft, at: [s, q] };
  const to = q + delta;
  if (to >= 0 && to < section.questions.length) return { draft: withSection(draft, s, (sec) => ({ ...sec, questions: move(sec.questions, q, to) })), at: [s, to] };
  const target = s + delta;
  if (target < 0 || target >= draft.sections.length) return { draft, at: [s, q] };
  const position = delta < 0 ? draft.sections[target]!.questions.length : 0;
  return { draft: moveQuestionTo(draft, s, q, target, position), at: [target, position] };
}

/** Moves a question into another section, at `position` (default: its end). */
export function moveQuestionTo(draft: TemplateDraft, s: number, q: number, target: number, position?: number): TemplateDraft {
  const question = draft.sections[s]?.questions[q];
  if (!question || !draft.sections[target]) return draft;
  const removed = removeQuestion(draft, s, q);
  return withSection(removed, target, (section) => {
    const questions = [...section.questions];
    questions.splice(position ?? questions.length, 0, question);
    return { ...section, questions };
  });
}

/**
 * A question dragged and dropped: (s, q) goes before the question at `position` of section
 * `target`, positions read as the screen showed them before the move (the section's length: its
 * end). Returns the draft (the same one when the drop puts it back where it was) and where the
 * question is now.
 */
export function dropQuestion(draft: TemplateDraft, s: number, q: number, target: number, position: number): { draft: TemplateDraft; at: [number, number] } {
  const length = draft.sections[target]?.questions.length;
  if (!draft.sections[s]?.questions[q] || length === undefined || position < 0 || position > length) return { draft, at: [s, q] };
  const to = target === s && position > q ? position - 1 : position;
  if (target === s && to === q) return { draft, at: [s, q] };
  return { draft: moveQuestionTo(draft, s, q, target, to), at: [target, to] };
}

/** A section dragged and dropped before the section at `position` (read before the move; the count of sections: the end). */
export function dropSection(draft: TemplateDraft, s: number, position: number): { draft: TemplateDraft; at: number } {
  if (!draft.sections[s] || position < 0 || position > draft.sections.length) return { draft, at: s };
  const to = position > s ? position - 1 : position;
  return to === s ? { draft, at: s } : { draft: { ...draft, sections: move(draft.sections, s, to) }, at: to };
}

/**
 * The questions (their uids) whose condition names a question that is not earlier than them: a
 * move that adds one is announced by the screen, and `draftProblems` reports it on the condition
 * (a save is refused, saying where, until it is fixed or moved back).
 */
export function conditionsOnLater(draft: TemplateDraft): Set<string> {
  const seen = new Set<string>();
  const broken = new Set<string>();
  for (const section of draft.sections)
    for (const question of section.questions) {
      const named = question.showIf?.question ?? '';
      if (named !== '' && !seen.has(named)) broken.add(question.uid);
      if (question.key !== null) seen.add(question.key);
    }
  return broken;
}

/** A copy just after it, with a new key from its label (given by ensureKeys) and new option identities. */
export function duplicateQuestion(draft: TemplateDraft, s: number, q: number): TemplateDraft {
  const question = draft.sections[s]?.questions[q];
  if (!question) return draft;
  const copy: DraftQuestion = { ...question, uid: uid(), key: null, options: question.options.map((o) => ({ ...o, uid: uid() })), onFail: { ...question.onFail } };
  return ensureKeys(
    withSection(draft, s, (section) => {
      const questions = [...section.questions];
      questions.splice(q + 1, 0, copy);
      return { ...section, questions };
    }),
  );
}

export const addOption = (draft: TemplateDraft, s: number, q: number): TemplateDraft => withQuestion(draft, s, q, (question) => ({ ...question, options: [...question.options, newOption()] }));
export const updateOption = (draft: TemplateDraft, s: number, q: number, o: number, patch: Partial<Omit<DraftOption, 'uid' | 'key'>>): TemplateDraft =>
  withQuestion(draft, s, q, (question) => ({ ...question, options: question.options.map((option, i) => (i === o ? { ...option, ...patch } : option)) }));
export const removeOption = (draft: TemplateDraft, s: number, q: number, o: number): TemplateDraft =>
  withQuestion(draft, s, q, (question) => ({ ...question, options: question.options.filter((_, i) => i !== o) }));
export function moveOption(draft: TemplateDraft, s: number, q: number, o: number, delta: -1 | 1): TemplateDraft {
  return withQuestion(draft, s, q, (question) => {
    const to = o + delta;
    return to < 0 || to >= question.options.length ? question : { ...question, options: move(question.options, o, to) };
  });
}

/**
 * An option dragged and dropped among its question's options: option o of question (s, q) goes
 * before the option at `position` (read before the move; the count of options: the end). Its
 * key does not change, so the conditions naming it by value still do. Returns the draft (the
 * same one when it lands where it was) and where the option is now.
 */
export function dropOption(draft: TemplateDraft, s: number, q: number, o: number, position: number): { draft: TemplateDraft; at: number } {
  const options = draft.sections[s]?.questions[q]?.options;
  if (!options?.[o] || position < 0 || position > options.length) return { draft, at: o };
  const to = position > o ? position - 1 : position;
  return to === o ? { draft, at: o } : { draft: withQuestion(draft, s, q, (question) => ({ ...question, options: move(question.options, o, to) })), at: to };
}

// ------------------------------------------------------------------ conditions

/** The comparisons a condition on a question of this type offers. */
export function conditionOps(type: QuestionType): Condition['op'][] {
  if (type === 'yesNo' || CHOICE_TYPES.has(type)) return ['is', 'isNot', 'answered'];
  if (type === 'number') return ['is', 'isNot', 'lessThan', 'greaterThan', 'answered'];
  return ['answered'];
}

/** The questions a condition of question (s, q) may name: the earlier ones with a key (a signature is answered only at the end). */
export function conditionTargets(draft: TemplateDraft, s: number, q: number): DraftQuestion[] {
  const earlier: DraftQuestion[] = [];
  draft.sections.forEach((section, i) =>
    section.questions.forEach((question, j) => {
      if (i < s || (i === s && j < q)) if (question.key !== null && question.type !== 'signature') earlier.push(question);
    }),
  );
  return earlier;
}

// ------------------------------------------------------------------ the contract's shape

const trimmed = (text: string) => text.trim();

function toQuestion(question: DraftQuestion): Question {
  const out: Question = { key: question.key ?? '', type: question.type, label: trimmed(question.label), required: question.required };
  if (question.help.trim() !== '') out.help = question.help.trim();
  if (question.weight !== null) out.weight = question.weight;
  if (question.type === 'yesNo' && question.failOn === 'yes') out.failOn = 'yes';
  if (CHOICE_TYPES.has(question.type)) {
    out.options = question.options.map((o) => ({
      key: o.key ?? '',
      label: trimmed(o.label),
      ...(o.score === null ? {} : { score: o.score }),
      ...(o.failed ? { failed: true } : {}),
      ...(o.exclusive && question.type === 'multiChoice' ? { exclusive: true } : {}),
    }));
  }
  if (question.type === 'number') {
    if (question.min !== null) out.min = question.min;
    if (question.max !== null) out.max = question.max;
    if (question.unit.trim() !== '') out.unit = question.unit.trim();
  }
  const condition = question.showIf;
  if (condition && condition.question !== '') {
    const showIf: Condition = { question: condition.question, op: condition.op };
    // A number is compared with `number` (equal, other, less, greater); a choice with `values`.
    if (condition.number !== null) showIf.number = condition.number;
    else if (condition.op === 'is' || condition.op === 'isNot') showIf.values = condition.values;
    out.showIf = showIf;
  }
  const { photo, note, action } = question.onFail;
  if (FAILING_TYPES.has(question.type) && (photo || note || action)) out.onFail = { ...(photo ? { photo } : {}), ...(note ? { note } : {}), ...(action ? { action } : {}) };
  return out;
}

/** What the draft sends: only what applies to each question's type. Keys must have been given (ensureKeys). */
export function toFields(draft: TemplateDraft): TemplateFields {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    passMark: draft.passMark,
    sections: draft.sections.map((section): Section => ({ key: section.key ?? '', title: trimmed(section.title), questions: section.questions.map(toQuestion) })),
  };
}

/** POST /templates: a new template of `family` (keys given on the way). */
export function toCreate(id: string, family: Family, draft: TemplateDraft): TemplateCreate {
  return { id, family, ...toFields(ensureKeys(draft)) };
}

const FIELD_NAMES = ['name', 'description', 'passMark', 'sections'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

/**
 * PATCH /templates/:id: the fields that differ from the revision the draft started from, and
 * that revision's values of them (the outbox's merge base when the server moved on). Empty
 * `changes`: nothing to save.
 */
export function toUpdate(base: Template, draft: TemplateDraft): { baseVersion: number; changes: Partial<TemplateFields>; base: Partial<TemplateFields> } {
  const mine = toFields(ensureKeys(draft));
  const started = toFields(fromTemplate(base));
  const changes: Partial<Record<FieldName, unknown>> = {};
  const before: Partial<Record<FieldName, unknown>> = {};
  for (const field of FIELD_NAMES) {
    if (JSON.stringify(mine[field]) === JSON.stringify(started[field])) continue;
    changes[field] = mine[field];
    before[field] = base[field];
  }
  return { baseVersion: base.version, changes: changes as Partial<TemplateFields>, base: before as Partial<TemplateFields> };
}

/** Whether two drafts send the same template. */
export const sameContent = (a: TemplateDraft, b: TemplateDraft): boolean => JSON.stringify(toFields(ensureKeys(a))) === JSON.stringify(toFields(ensureKeys(b)));

/**
 * The draft as the filling screen (the preview) and the engine read it: keys given, and a part
 * still without one (unlabelled) a stand-in that collides with nothing.
 */
export function previewContent(draft: TemplateDraft): TemplateFields {
  const keyed = ensureKeys(draft);
  const content = toFields(keyed);
  keyed.sections.forEach((section, s) => {
    content.sections[s]!.key ||= `~${section.uid}`;
    section.questions.forEach((question, q) => {
      const out = content.sections[s]!.questions[q]!;
      out.key ||= `~${question.uid}`;
      out.options?.forEach((option, o) => (option.key ||= `~${question.options[o]!.uid}`));
    });
  });
  return content;
}

// ------------------------------------------------------------------ problems

/** A problem's code (translated by the screen as builder.problem.<code>) and its figure. */
export interface DraftProblem {
  code:
    | 'required'
    | 'too_long'
    | 'range'
    | 'too_many'
    | 'sections_needed'
    | 'questions_needed'
    | 'options_needed'
    | 'key_twice'
    | 'min_above_max'
    | 'condition_question'
    | 'condition_earlier'
    | 'condition_number'
    | 'condition_values'
    | 'too_many_questions'
    | 'invalid';
  min?: number;
  max?: number;
}

/** The engine's messages (checkTemplate) as codes. */
const ENGINE_CODES: Record<string, DraftProblem['code']> = {
  'section key used twice': 'key_twice',
  'question key used twice': 'key_twice',
  'option key used twice': 'key_twice',
  'a choice needs options': 'options_needed',
  'min above max': 'min_above_max',
  'a condition names an earlier question': 'condition_earlier',
  'compares a number question with a number': 'condition_number',
  'values the question can take': 'condition_values',
};

/** Every problem of the draft, by path; empty: it can be saved. */
export function draftProblems(draft: TemplateDraft): Map<string, DraftProblem[]> {
  const problems = new Map<string, DraftProblem[]>();
  const add = (path: string, problem: DraftProblem) => problems.set(path, [...(problems.get(path) ?? []), problem]);
  const text = (path: string, value: string, max: number, required = true) => {
    if (required && value.trim() === '') add(path, { code: 'required' });
    else if (value.trim().length > max) add(path, { code: 'too_long', max });
  };
  const range = (path: string, value: number | null, min: number, max: number) => {
    if (value !== null && (!Number.isFinite(value) || value < min || value > max)) add(path, { code: 'range', min, max });
  };
  text('name', draft.name, TEMPLATE_NAME_MAX);
  text('description', draft.description, TEXT_MAX, false);
  range('passMark', draft.passMark, 0, 100);
  if (draft.sections.length === 0) add('sections', { code: 'sections_needed' });
  if (draft.sections.length > SECTIONS_MAX) add('sections', { code: 'too_many', max: SECTIONS_MAX });
  // A template without a question has nothing to inspect.
  if (draft.sections.length > 0 && draft.sections.every((section) => section.questions.length === 0)) add('sections', { code: 'questions_needed' });
  const typeOf = new Map(draft.sections.flatMap((section) => section.questions.flatMap((question) => (question.key === null ? [] : [[question.key, question.type] as const]))));
  draft.sections.forEach((section, s) => {
    text(`sections/${s}/title`, section.title, LABEL_MAX);
    section.questions.forEach((question, q) => {
      const at = `sections/${s}/questions/${q}`;
      text(`${at}/label`, question.label, LABEL_MAX);
      text(`${at}/help`, question.help, HELP_MAX, false);
      range(`${at}/weight`, question.weight, 0, WEIGHT_MAX);
      if (CHOICE_TYPES.has(question.type)) {
        if (question.options.length > OPTIONS_MAX) add(`${at}/options`, { code: 'too_many', max: OPTIONS_MAX });
        question.options.forEach((option, o) => {
          text(`${at}/options/${o}/label`, option.label, LABEL_MAX);
          range(`${at}/options/${o}/score`, option.score, 0, 1);
        });
      }
      if (question.type === 'number') text(`${at}/unit`, question.unit, UNIT_MAX, false);
      const condition = question.showIf;
      if (condition) {
        const numeric = condition.op === 'lessThan' || condition.op === 'greaterThan' || (condition.op !== 'answered' && typeOf.get(condition.question) === 'number');
        if (condition.question === '') add(`${at}/showIf`, { code: 'condition_question' });
        else if (numeric && condition.number === null) add(`${at}/showIf`, { code: 'condition_number' });
        else if (!numeric && (condition.op === 'is' || condition.op === 'isNot') && condition.values.length === 0) add(`${at}/showIf`, { code: 'condition_values' });
      }
    });
  });
  // The engine's structural checks, on the draft as it would be sent.
  for (const problem of checkTemplate(previewContent(draft))) {
    const path = problem.path;
    const code = ENGINE_CODES[problem.message] ?? (problem.message.startsWith('at most') ? 'too_many_questions' : 'invalid');
    if (!(problems.get(path) ?? []).some((p) => p.code === code)) add(path, { code });
  }
  return problems;
}

/** The number of problems, all paths together. */
export const problemCount = (problems: ReadonlyMap<string, readonly DraftProblem[]>): number => [...problems.values()].reduce((n, list) => n + list.length, 0);
