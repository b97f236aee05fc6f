/**
 * The filling engine of an inspection: plain TypeScript, no I/O, the same on the device (the
 * live score, the questions appearing as answers change, what still blocks the submit) and on
 * the server (the submit's checks and the score it stores). Its rules, one by one:
 *
 * - Visibility: a question with `showIf` is shown when the answer of the earlier question it
 *   names matches (`is` / `isNot` one of its values (a number question: equal to / other than a number), `answered`, `lessThan` / `greaterThan` a
 *   number); a question hidden, or whose condition's question is hidden, neither counts nor blocks.
 * - Required: a shown required question needs an answer (a value; a photo question a photo).
 * - Scores: a scored question (yes/no, a choice whose options carry scores, a number with an
 *   expected range) is worth its weight (default 1): a yes/no gets it all unless answered with
 *   its `failOn` answer, not applicable leaves it out; a choice gets weight × the option's
 *   score, an option without a score (N/A) leaves it out; a multiple choice weight × the sum of
 *   its chosen options' scores (at most 1); a number all in its range, nothing outside.
 *   Section and total: points got over points possible, as a percentage (one decimal); passed
 *   when the total reaches the template's pass mark and no item failed (a failed item is a
 *   finding, whatever the score).
 * - Exclusive options: a multiple choice's exclusive option ("None") is chosen alone; an
 *   answer combining it with another option is invalid (toggleChoice keeps the form so).
 * - Failed items: a yes/no answered `failOn`, a choice with a `failed` option, a number out of
 *   its range. A failed item may require a photo, a note and an action (`onFail`).
 *
 * `checkTemplate` says what is wrong with a template (the builder shows it; the server refuses
 * it with a 400 naming the path).
 */
import type { Answer, Answers, Condition, Question, Section, TemplateContent, YesNoAnswer } from './schemas';
import { QUESTIONS_MAX } from './limits';
import { isUuid } from '../../uuid';

export interface ScoreFigures {
  score: number;
  max: number;
  percent: number | null;
}

export type ProblemKind = 'missing' | 'invalid' | 'needsPhoto' | 'needsNote' | 'needsAction';

/** What blocks a submit, by question. */
export interface AnswerProblem {
  questionKey: string;
  kind: ProblemKind;
}

export interface EvaluatedFailure {
  sectionKey: string;
  questionKey: string;
  label: string;
  note: string | null;
  action: Answer['action'] | null;
}

export interface Evaluation {
  /** The keys of the questions shown now. */
  visible: ReadonlySet<string>;
  sections: (ScoreFigures & { key: string; title: string })[];
  total: ScoreFigures;
  /** null without a pass mark or without anything scored. */
  passed: boolean | null;
  failed: EvaluatedFailure[];
  problems: AnswerProblem[];
  /** Shown questions answered, of the shown questions. */
  progress: { answered: number; total: number };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YES_NO: readonly string[] = ['yes', 'no', 'na'];
const SCORED_TYPES: ReadonlySet<Question['type']> = new Set(['yesNo', 'choice', 'multiChoice', 'number']);

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
const figures = (score: number, max: number): ScoreFigures => ({ score: round(score, 2), max: round(max, 2), percent: max > 0 ? round((score / max) * 100, 1) : null });

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** An answer that says nothing (no value, blank text, no choice, no photo). */
export function isEmptyAnswer(answer: Answer | undefined | null): boolean {
  if (!answer) return true;
  const value = answer.value;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** Whether an answer's value has the shape its question's type takes (empty answers are valid). */
export function isValidAnswer(question: Question, answer: Answer): boolean {
  const value = answer.value;
  if (value === null) return true;
  switch (question.type) {
    case 'yesNo':
      return typeof value === 'string' && YES_NO.includes(value);
    case 'choice':
      return typeof value === 'string' && (value === '' || (question.options ?? []).some((o) => o.key === value));
    case 'multiChoice':
      return Array.isArray(value) && new Set(value).size === value.length && value.every((v) => (question.options ?? []).some((o) => o.key === v)) && !combinesExclusive(question, value);
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return typeof value === 'string' && (value === '' || isDate(value));
    case 'photo':
      return Array.isArray(value) && new Set(value).size === value.length && value.every((v) => isUuid(v));
    case 'signature':
      return typeof value === 'string' && (value === '' || isUuid(value));
    case 'position':
      return typeof value === 'object' && !Array.isArray(value) && typeof value.lat === 'number' && typeof value.lng === 'number';
  }
}

/** Whether a multiple choice's chosen keys hold an exclusive option together with another option. */
export function combinesExclusive(question: Pick<Question, 'type' | 'options'>, chosen: readonly string[]): boolean {
  if (question.type !== 'multiChoice' || chosen.length < 2) return false;
  return (question.options ?? []).some((o) => o.exclusive === true && chosen.includes(o.key));
}

/**
 * A multiple choice's chosen keys once the user ticks (`checked`) or unticks option `key`:
 * ticking an exclusive option leaves it alone; ticking another option drops the exclusive ones.
 */
export function toggleChoice(question: Pick<Question, 'options'>, chosen: readonly string[], key: string, checked: boolean): string[] {
  if (!checked) return chosen.filter((k) => k !== key);
  const options = question.options ?? [];
  if (options.find((o) => o.key === key)?.exclusive === true) return [key];
  const exclusive = new Set(options.filter((o) => o.exclusive === true).map((o) => o.key));
  return [...chosen.filter((k) => k !== key && !exclusive.has(k)), key];
}

function matches(condition: Condition, question: Question | undefined, answer: Answer | undefined): boolean {
  if (!question || isEmptyAnswer(answer)) return false;
  const value = answer!.value;
  const among = (values: readonly string[] | undefined) => {
    const wanted = values ?? [];
    if (Array.isArray(value)) return value.some((v) => wanted.includes(v));
    return wanted.includes(typeof value === 'number' ? String(value) : (value as string));
  };
  switch (condition.op) {
    case 'answered':
      return true;
    case 'is':
      return question.type === 'number' ? typeof value === 'number' && value === condition.number : among(condition.values);
    case 'isNot':
      return question.type === 'number' ? typeof value === 'number' && condition.number !== undefined && value !== condition.number : !among(condition.values);
    case 'lessThan':
      return typeof value === 'number' && condition.number !== undefined && value < condition.number;
    case 'greaterThan':
      return typeof value === 'number' && condition.number !== undefined && value > condition.number;
  }
}

/** The questions shown for these answers, in template order (a condition names an earlier question). */
export function visibleQuestions(template: TemplateContent, answers: Answers): Set<string> {
  const visible = new Set<string>();
  const byKey = new Map<string, Question>();
  for (const section of template.sections) {
    for (const question of section.questions) {
      byKey.set(question.key, question);
      const condition = question.showIf;
      if (!condition || (visible.has(condition.question) && matches(condition, byKey.get(condition.question), answers[condition.question]))) visible.add(question.key);
    }
  }
  return visible;
}

/** A question's points (got, possible) and whether it fails; null when it is not scored or not answered so. */
function scoreOf(question: Question, answer: Answer): { got: number; possible: number; failed: boolean } | null {
  const weight = question.weight ?? 1;
  const value = answer.value;
  switch (question.type) {
    case 'yesNo': {
      if (value === 'na' || typeof value !== 'string') return null;
      const failed = value === (question.failOn ?? 'no');
      return { got: failed ? 0 : weight, possible: weight, failed };
    }
    case 'choice': {
      const option = (question.options ?? []).find((o) => o.key === value);
      if (!option) return null;
      const failed = option.failed === true;
      if (option.score === undefined || option.score === null) return failed ? { got: 0, possible: 0, failed } : null;
      return { got: weight * option.score, possible: weight, failed };
    }
    case 'multiChoice': {
      if (!Array.isArray(value)) return null;
      const chosen = (question.options ?? []).filter((o) => value.includes(o.key));
      const failed = chosen.some((o) => o.failed === true);
      const scored = chosen.filter((o) => typeof o.score === 'number');
      if (scored.length === 0) return failed ? { got: 0, possible: 0, failed } : null;
      const sum = scored.reduce((total, o) => total + (o.score ?? 0), 0);
      return { got: weight * Math.min(1, sum), possible: weight, failed };
    }
    case 'number': {
      if (typeof value !== 'number' || (question.min === undefined && question.max === undefined)) return null;
      const failed = (question.min !== undefined && value < question.min) || (question.max !== undefined && value > question.max);
      return { got: failed ? 0 : weight, possible: weight, failed };
    }
    default:
      return null;
  }
}

/** Everything the filling screen and the submit need, for a template revision and its answers. */
export function evaluate(template: TemplateContent, answers: Answers): Evaluation {
  const visible = visibleQuestions(template, answers);
  const sections: Evaluation['sections'] = [];
  const failed: EvaluatedFailure[] = [];
  const problems: AnswerProblem[] = [];
  let got = 0;
  let possible = 0;
  let shown = 0;
  let answered = 0;
  for (const section of template.sections) {
    let sectionGot = 0;
    let sectionPossible = 0;
    for (const question of section.questions) {
      if (!visible.has(question.key)) continue;
      shown += 1;
      const answer = answers[question.key];
      if (answer && !isValidAnswer(question, answer)) {
        problems.push({ questionKey: question.key, kind: 'invalid' });
        continue;
      }
      if (isEmptyAnswer(answer)) {
        if (question.required) problems.push({ questionKey: question.key, kind: 'missing' });
        continue;
      }
      answered += 1;
      const scored = question.weight === 0 ? null : scoreOf(question, answer!);
      if (!scored) continue;
      sectionGot += scored.got;
      sectionPossible += scored.possible;
      if (!scored.failed) continue;
      const note = answer!.note?.trim() ? answer!.note : null;
      failed.push({ sectionKey: section.key, questionKey: question.key, label: question.label, note, action: answer!.action ?? null });
      if (question.onFail?.photo && (answer!.photos?.length ?? 0) === 0) problems.push({ questionKey: question.key, kind: 'needsPhoto' });
      if (question.onFail?.note && note === null) problems.push({ questionKey: question.key, kind: 'needsNote' });
      if (question.onFail?.action && !answer!.action) problems.push({ questionKey: question.key, kind: 'needsAction' });
    }
    sections.push({ key: section.key, title: section.title, ...figures(sectionGot, sectionPossible) });
    got += sectionGot;
    possible += sectionPossible;
  }
  const total = figures(got, possible);
  const passed = template.passMark === null || total.percent === null ? null : total.percent >= template.passMark && failed.length === 0;
  return { visible, sections, total, passed, failed, problems, progress: { answered, total: shown } };
}

/** The answers that count: those of questions shown (a hidden question's answer is dropped at submit). */
export function shownAnswers(template: TemplateContent, answers: Answers): Answers {
  const visible = visibleQuestions(template, answers);
  return Object.fromEntries(Object.entries(answers).filter(([key]) => visible.has(key)));
}

/** Every question of a template, in order, with its section. */
export function questionsOf(template: Pick<TemplateContent, 'sections'>): { section: Section; question: Question }[] {
  return template.sections.flatMap((section) => section.questions.map((question) => ({ section, question })));
}

/** A problem of a template: where (sections/i/questions/j/…) and what. */
export interface TemplateProblem {
  path: string;
  message: string;
}

/** What is wrong with a template (empty: nothing). */
export function checkTemplate(template: Pick<TemplateContent, 'sections'>): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const sectionKeys = new Set<string>();
  const earlier = new Map<string, Question>();
  let count = 0;
  template.sections.forEach((section, s) => {
    if (sectionKeys.has(section.key)) problems.push({ path: `sections/${s}/key`, message: 'section key used twice' });
    sectionKeys.add(section.key);
    section.questions.forEach((question, q) => {
      const at = `sections/${s}/questions/${q}`;
      const problem = (field: string, message: string) => problems.push({ path: `${at}/${field}`, message });
      count += 1;
      if (earlier.has(question.key)) problem('key', 'question key used twice');
      const choice = question.type === 'choice' || question.type === 'multiChoice';
      if (choice && (question.options?.length ?? 0) === 0) problem('options', 'a choice needs options');
      if (!choice && question.options !== undefined) problem('options', 'options only for choices');
      if (choice && question.options && new Set(question.options.map((o) => o.key)).size !== question.options.length) problem('options', 'option key used twice');
      if (question.type !== 'number' && (question.min !== undefined || question.max !== undefined || question.unit !== undefined)) problem('min', 'a range only for numbers');
      if (question.min !== undefined && question.max !== undefined && question.min > question.max) problem('min', 'min above max');
      if (question.type !== 'yesNo' && question.failOn !== undefined) problem('failOn', 'failOn only for yes/no');
      if (question.onFail && !SCORED_TYPES.has(question.type)) problem('onFail', 'only an answer that can fail asks for a follow-up');
      const condition = question.showIf;
      if (condition) {
        const target = earlier.get(condition.question);
        if (!target) problem('showIf', 'a condition names an earlier question');
        else if ((condition.op === 'lessThan' || condition.op === 'greaterThan') && (target.type !== 'number' || condition.number === undefined)) problem('showIf', 'compares a number question with a number');
        else if ((condition.op === 'is' || condition.op === 'isNot') && target.type === 'number' && (condition.number === undefined || condition.values !== undefined)) problem('showIf', 'compares a number question with a number');
        else if ((condition.op === 'is' || condition.op === 'isNot') && target.type !== 'number' && !validConditionValues(target, condition.values)) problem('showIf', 'values the question can take');
      }
      earlier.set(question.key, question);
    });
  });
  if (count > QUESTIONS_MAX) problems.push({ path: 'sections', message: `at most ${QUESTIONS_MAX} questions` });
  return problems;
}

function validConditionValues(target: Question, values: readonly string[] | undefined): boolean {
  if (!values || values.length === 0) return false;
  if (target.type === 'yesNo') return values.every((v) => YES_NO.includes(v as YesNoAnswer));
  if (target.type === 'choice' || target.type === 'multiChoice') return values.every((v) => (target.options ?? []).some((o) => o.key === v));
  return target.type === 'number' ? values.every((v) => v.trim() !== '' && Number.isFinite(Number(v))) : true;
}
