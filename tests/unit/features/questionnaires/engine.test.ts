import { describe, expect, it } from 'vitest';
import { checkTemplate, combinesExclusive, evaluate, shownAnswers, toggleChoice, visibleQuestions } from '../../../../common/modules/questionnaires/engine';
import type { Answer, Answers, Question, TemplateContent } from '../../../../common/modules/questionnaires/schemas';

const AT = '2026-11-25T09:00:00.000Z';
const a = (value: Answer['value'], extra: Partial<Answer> = {}): Answer => ({ value, at: AT, ...extra });
const q = (key: string, type: Question['type'], extra: Partial<Question> = {}): Question => ({ key, type, label: key, required: false, ...extra });
const template = (questions: Question[], passMark: number | null = null): TemplateContent => ({ passMark, sections: [{ key: 's1', title: 'Section', questions }] });

describe('visibility (conditional questions)', () => {
  const t = template([
    q('extinguisher', 'yesNo'),
    q('why', 'text', { showIf: { question: 'extinguisher', op: 'is', values: ['no'] } }),
    q('photo_why', 'photo', { showIf: { question: 'why', op: 'answered' } }),
    q('temp', 'number'),
    q('hot', 'yesNo', { showIf: { question: 'temp', op: 'greaterThan', number: 30 } }),
    q('kinds', 'multiChoice', { options: [{ key: 'co2', label: 'CO2' }, { key: 'water', label: 'Eau' }] }),
    q('not_co2', 'text', { showIf: { question: 'kinds', op: 'isNot', values: ['co2'] } }),
  ]);

  it('shows a conditional question only when the earlier answer matches', () => {
    expect(visibleQuestions(t, {}).has('why')).toBe(false);
    expect(visibleQuestions(t, { extinguisher: a('yes') }).has('why')).toBe(false);
    expect(visibleQuestions(t, { extinguisher: a('no') }).has('why')).toBe(true);
  });

  it('hides a question whose condition names a hidden question, even with an answer', () => {
    const answers: Answers = { extinguisher: a('yes'), why: a('vide') };
    expect(visibleQuestions(t, answers).has('photo_why')).toBe(false);
    expect(visibleQuestions(t, { ...answers, extinguisher: a('no') }).has('photo_why')).toBe(true);
  });

  it('compares numbers and multiple choices', () => {
    expect(visibleQuestions(t, { temp: a(25) }).has('hot')).toBe(false);
    expect(visibleQuestions(t, { temp: a(31) }).has('hot')).toBe(true);
    expect(visibleQuestions(t, { kinds: a(['water']) }).has('not_co2')).toBe(true);
    expect(visibleQuestions(t, { kinds: a(['water', 'co2']) }).has('not_co2')).toBe(false);
    expect(visibleQuestions(t, {}).has('not_co2')).toBe(false);
  });

  it('compares a number with one value: equal to, other than', () => {
    const counted = template([
      q('exits', 'number'),
      q('none_why', 'text', { showIf: { question: 'exits', op: 'is', number: 0 } }),
      q('not_two', 'text', { showIf: { question: 'exits', op: 'isNot', number: 2 } }),
    ]);
    const shown = (answers: Answers) => [...visibleQuestions(counted, answers)].filter((key) => key !== 'exits');
    expect(shown({})).toEqual([]);
    expect(shown({ exits: a(0) })).toEqual(['none_why', 'not_two']);
    expect(shown({ exits: a(2) })).toEqual([]);
    expect(shown({ exits: a(3) })).toEqual(['not_two']);
  });

  it('drops the answers of hidden questions at submit', () => {
    expect(Object.keys(shownAnswers(t, { extinguisher: a('yes'), why: a('vide') }))).toEqual(['extinguisher']);
  });
});

describe('required answers and failed items', () => {
  it('blocks a shown required question without an answer, not a hidden one', () => {
    const t = template([q('ok', 'yesNo'), q('why', 'text', { required: true, showIf: { question: 'ok', op: 'is', values: ['no'] } })]);
    expect(evaluate(t, { ok: a('yes') }).problems).toEqual([]);
    expect(evaluate(t, { ok: a('no') }).problems).toEqual([{ questionKey: 'why', kind: 'missing' }]);
    expect(evaluate(t, { ok: a('no'), why: a('   ') }).problems).toEqual([{ questionKey: 'why', kind: 'missing' }]);
    expect(evaluate(t, { ok: a('no'), why: a('bloqué') }).problems).toEqual([]);
  });

  it('asks a failed item for what its question requires: photo, note, action', () => {
    const t = template([q('exit_clear', 'yesNo', { onFail: { photo: true, note: true, action: true } })]);
    const kinds = (answer: Answer) => evaluate(t, { exit_clear: answer }).problems.map((p) => p.kind);
    expect(kinds(a('yes'))).toEqual([]);
    expect(kinds(a('no'))).toEqual(['needsPhoto', 'needsNote', 'needsAction']);
    const photo = '0b7a0d5e-4a53-4b0a-9d0e-2f1d8d1c9a11';
    const complete = a('no', { photos: [photo], note: 'palette devant la porte', action: { title: 'Dégager l’issue', dueOn: '2026-11-30', assigneeId: null } });
    expect(kinds(complete)).toEqual([]);
    expect(evaluate(t, { exit_clear: complete }).failed).toEqual([
      { sectionKey: 's1', questionKey: 'exit_clear', label: 'exit_clear', note: 'palette devant la porte', action: complete.action },
    ]);
  });

  it('refuses an answer of the wrong shape', () => {
    const t = template([q('n', 'number'), q('d', 'date'), q('c', 'choice', { options: [{ key: 'x', label: 'X' }] })]);
    expect(evaluate(t, { n: a('12') }).problems).toEqual([{ questionKey: 'n', kind: 'invalid' }]);
    expect(evaluate(t, { d: a('2026-02-30') }).problems).toEqual([{ questionKey: 'd', kind: 'invalid' }]);
    expect(evaluate(t, { c: a('y') }).problems).toEqual([{ questionKey: 'c', kind: 'invalid' }]);
    expect(evaluate(t, { n: a(12), d: a('2026-02-28'), c: a('x') }).problems).toEqual([]);
  });
});

describe('scores', () => {
  it('yes/no: all its weight unless answered failOn; not applicable left out', () => {
    const t = template([q('a', 'yesNo', { weight: 2 }), q('b', 'yesNo'), q('c', 'yesNo', { failOn: 'yes' }), q('d', 'yesNo', { weight: 5 })]);
    const result = evaluate(t, { a: a('yes'), b: a('no'), c: a('no'), d: a('na') });
    expect(result.total).toEqual({ score: 3, max: 4, percent: 75 });
    expect(result.failed.map((f) => f.questionKey)).toEqual(['b']);
  });

  it('choice: the weight times the option’s score; an option without score (N/A) leaves it out', () => {
    const options = [
      { key: 'good', label: 'Bon', score: 1 },
      { key: 'fair', label: 'Moyen', score: 0.5 },
      { key: 'bad', label: 'Mauvais', score: 0, failed: true },
      { key: 'na', label: 'N/A' },
    ];
    const t = template([q('x', 'choice', { weight: 4, options }), q('y', 'choice', { weight: 4, options })]);
    expect(evaluate(t, { x: a('fair'), y: a('na') }).total).toEqual({ score: 2, max: 4, percent: 50 });
    const bad = evaluate(t, { x: a('good'), y: a('bad') });
    expect(bad.total).toEqual({ score: 4, max: 8, percent: 50 });
    expect(bad.failed.map((f) => f.questionKey)).toEqual(['y']);
  });

  it('multiple choice: the sum of its chosen options’ scores, at most the weight', () => {
    const t = template([
      q('m', 'multiChoice', { weight: 10, options: [{ key: 'a', label: 'A', score: 0.6 }, { key: 'b', label: 'B', score: 0.6 }, { key: 'c', label: 'C', score: 0, failed: true }] }),
    ]);
    expect(evaluate(t, { m: a(['a']) }).total).toEqual({ score: 6, max: 10, percent: 60 });
    expect(evaluate(t, { m: a(['a', 'b']) }).total).toEqual({ score: 10, max: 10, percent: 100 });
    expect(evaluate(t, { m: a(['c']) }).failed).toHaveLength(1);
  });

  it('number: in its expected range all, outside nothing and failed; without a range not scored', () => {
    const t = template([q('temp', 'number', { min: 2, max: 8, weight: 3 }), q('count', 'number')]);
    expect(evaluate(t, { temp: a(5), count: a(40) }).total).toEqual({ score: 3, max: 3, percent: 100 });
    const hot = evaluate(t, { temp: a(9) });
    expect(hot.total).toEqual({ score: 0, max: 3, percent: 0 });
    expect(hot.failed.map((f) => f.questionKey)).toEqual(['temp']);
  });

  it('sections and total, hidden questions left out, and the pass mark', () => {
    const t: TemplateContent = {
      passMark: 80,
      sections: [
        { key: 'fire', title: 'Incendie', questions: [q('a', 'yesNo'), q('b', 'yesNo')] },
        { key: 'exits', title: 'Issues', questions: [q('c', 'yesNo'), q('d', 'yesNo', { weight: 3, showIf: { question: 'c', op: 'is', values: ['no'] } })] },
      ],
    };
    const fine = evaluate(t, { a: a('yes'), b: a('yes'), c: a('yes'), d: a('no') });
    expect(fine.sections.map((s) => [s.key, s.percent])).toEqual([
      ['fire', 100],
      ['exits', 100],
    ]);
    expect(fine.total.percent).toBe(100);
    expect(fine.passed).toBe(true);
    const poor = evaluate(t, { a: a('yes'), b: a('no'), c: a('yes') });
    expect(poor.total).toEqual({ score: 2, max: 3, percent: 66.7 });
    expect(poor.passed).toBe(false);
    expect(evaluate({ ...t, passMark: null }, { a: a('yes') }).passed).toBeNull();
    expect(evaluate(t, {}).passed).toBeNull();
  });

  it('counts the shown questions answered', () => {
    const t = template([q('a', 'yesNo'), q('b', 'text', { showIf: { question: 'a', op: 'is', values: ['no'] } }), q('c', 'date')]);
    expect(evaluate(t, {}).progress).toEqual({ answered: 0, total: 2 });
    expect(evaluate(t, { a: a('no') }).progress).toEqual({ answered: 1, total: 3 });
  });

  it('a weight of 0 leaves a question out of the score', () => {
    const t = template([q('a', 'yesNo', { weight: 0 }), q('b', 'yesNo')]);
    expect(evaluate(t, { a: a('no'), b: a('yes') }).total).toEqual({ score: 1, max: 1, percent: 100 });
  });
});

describe('checkTemplate', () => {
  const paths = (questions: Question[]) => checkTemplate(template(questions)).map((p) => p.path);

  it('accepts a sound template', () => {
    expect(paths([q('a', 'yesNo'), q('b', 'text', { showIf: { question: 'a', op: 'is', values: ['no'] } })])).toEqual([]);
  });

  it('refuses keys used twice, choices without options, options elsewhere and ranges upside down', () => {
    expect(paths([q('a', 'yesNo'), q('a', 'text')])).toEqual(['sections/0/questions/1/key']);
    expect(paths([q('c', 'choice')])).toEqual(['sections/0/questions/0/options']);
    expect(paths([q('t', 'text', { options: [{ key: 'x', label: 'X' }] })])).toEqual(['sections/0/questions/0/options']);
    expect(paths([q('n', 'number', { min: 5, max: 1 })])).toEqual(['sections/0/questions/0/min']);
    expect(paths([q('t', 'text', { onFail: { note: true } })])).toEqual(['sections/0/questions/0/onFail']);
  });

  it('refuses a condition on a later or unknown question, or on values it cannot take', () => {
    expect(paths([q('b', 'text', { showIf: { question: 'a', op: 'answered' } }), q('a', 'yesNo')])).toEqual(['sections/0/questions/0/showIf']);
    expect(paths([q('a', 'yesNo'), q('b', 'text', { showIf: { question: 'a', op: 'is', values: ['maybe'] } })])).toEqual(['sections/0/questions/1/showIf']);
    expect(paths([q('a', 'yesNo'), q('b', 'text', { showIf: { question: 'a', op: 'lessThan', number: 3 } })])).toEqual(['sections/0/questions/1/showIf']);
    // A number is compared with a number, not with option values.
    expect(paths([q('n', 'number'), q('b', 'text', { showIf: { question: 'n', op: 'is', values: ['3'] } })])).toEqual(['sections/0/questions/1/showIf']);
    expect(paths([q('n', 'number'), q('b', 'text', { showIf: { question: 'n', op: 'isNot', number: 3 } })])).toEqual([]);
  });
});

describe('an exclusive choice ("None") and a failed item', () => {
  const epi = q('epi', 'multiChoice', {
    weight: 3,
    options: [
      { key: 'casque', label: 'Casque', score: 0.4 },
      { key: 'chaussures', label: 'Chaussures', score: 0.4 },
      { key: 'gilet', label: 'Gilet', score: 0.2 },
      { key: 'aucun', label: 'Aucun', score: 0, failed: true, exclusive: true },
    ],
  });

  it('ticking the exclusive option clears the others, ticking another clears it', () => {
    expect(toggleChoice(epi, ['casque', 'gilet'], 'aucun', true)).toEqual(['aucun']);
    expect(toggleChoice(epi, ['aucun'], 'casque', true)).toEqual(['casque']);
    expect(toggleChoice(epi, ['casque'], 'gilet', true)).toEqual(['casque', 'gilet']);
    expect(toggleChoice(epi, ['casque', 'gilet'], 'casque', false)).toEqual(['gilet']);
  });

  it('an answer combining the exclusive option with another is invalid, not scored', () => {
    const t = template([epi], 80);
    expect(combinesExclusive(epi, ['casque', 'aucun'])).toBe(true);
    expect(combinesExclusive(epi, ['aucun'])).toBe(false);
    expect(combinesExclusive(epi, ['casque', 'gilet'])).toBe(false);
    const combined = evaluate(t, { epi: a(['casque', 'chaussures', 'gilet', 'aucun']) });
    expect(combined.problems).toEqual([{ questionKey: 'epi', kind: 'invalid' }]);
    expect(combined.passed).toBeNull();
  });

  it('a failed item never gives Passed, whatever the score', () => {
    // Worth nothing, failing: the score stays at 100 % and the pass mark is reached.
    const t = template([q('ok', 'yesNo', { weight: 4 }), q('tidy', 'choice', { options: [{ key: 'yes', label: 'Oui' }, { key: 'no', label: 'Non', failed: true }] })], 80);
    const result = evaluate(t, { ok: a('yes'), tidy: a('no') });
    expect(result.total.percent).toBe(100);
    expect(result.failed.map((f) => f.questionKey)).toEqual(['tidy']);
    expect(result.passed).toBe(false);
    expect(evaluate(t, { ok: a('yes'), tidy: a('yes') }).passed).toBe(true);
  });
});
