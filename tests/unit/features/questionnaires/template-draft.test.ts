import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../../common/modules/questionnaires/engine';
import { TemplateCreate, TemplateUpdate, type Template, type TemplateFields } from '../../../../common/modules/questionnaires/schemas';
import {
  addOption,
  addQuestion,
  addSection,
  conditionOps,
  conditionsOnLater,
  conditionTargets,
  draftProblems,
  dropOption,
  dropQuestion,
  dropSection,
  duplicateQuestion,
  emptyDraft,
  ensureKeys,
  fromTemplate,
  moveQuestion,
  moveQuestionTo,
  moveSection,
  renameSection,
  settleKeys,
  slugKey,
  toCreate,
  toFields,
  toUpdate,
  updateOption,
  updateQuestion,
  type TemplateDraft,
} from '../../../../src/features/questionnaires/template-draft';

const ID = '0b0c0d0e-0000-4000-8000-000000000001';

/** Two sections: a yes/no, then a text shown when it is "no"; a number in the second. */
function sample(): TemplateDraft {
  let d = emptyDraft();
  d = { ...d, name: ' Visite incendie ', passMark: 80 };
  d = renameSection(d, 0, 'Issues de secours');
  d = addQuestion(d, 0, 'yesNo');
  d = updateQuestion(d, 0, 0, { label: 'Les issues sont-elles dégagées ?', onFail: { photo: false, note: true, action: false } });
  d = ensureKeys(d);
  d = addQuestion(d, 0, 'text');
  d = updateQuestion(d, 0, 1, { label: 'Pourquoi ?', showIf: { question: 'les_issues_sont_elles_degagees', op: 'is', values: ['no'], number: null } });
  d = addSection(d, 'Extincteurs');
  d = addQuestion(d, 1, 'number');
  d = updateQuestion(d, 1, 0, { label: 'Pression', min: 1, max: 15, unit: 'bar' });
  return ensureKeys(d);
}

const keysOf = (d: TemplateDraft) => d.sections.map((s) => s.questions.map((q) => q.key));

describe('keys', () => {
  it('are made from the label: ASCII, lower case, a letter first, at most 40 characters, unique', () => {
    expect(slugKey('Les issues sont-elles dégagées ?', new Set())).toBe('les_issues_sont_elles_degagees');
    expect(slugKey('2e étage', new Set())).toBe('q_2e_etage');
    expect(slugKey('???', new Set())).toBe('q');
    expect(slugKey('Pression', new Set(['pression', 'pression_2']))).toBe('pression_3');
    const long = slugKey('a'.repeat(60), new Set(['a'.repeat(40)]));
    expect(long).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
    expect(long.endsWith('_2')).toBe(true);
  });

  it('follow the label until saved, then are kept across renames (answers are stored under them)', () => {
    let d = sample();
    expect(keysOf(d)).toEqual([['les_issues_sont_elles_degagees', 'pourquoi'], ['pression']]);
    // Not saved yet: the first question's key follows its new label, and so does the condition naming it.
    d = ensureKeys(updateQuestion(d, 0, 0, { label: 'Issues libres ?' }));
    expect(keysOf(d)).toEqual([['issues_libres', 'pourquoi'], ['pression']]);
    expect(d.sections[0]!.questions[1]!.showIf).toMatchObject({ question: 'issues_libres', values: ['no'] });
    // Saved: renames keep the key.
    d = settleKeys(d);
    d = ensureKeys(updateQuestion(d, 0, 0, { label: 'Les sorties sont-elles libres ?' }));
    expect(d.sections[0]!.questions[0]!.key).toBe('issues_libres');
    expect(toFields(d).sections[0]!.questions[0]).toMatchObject({ key: 'issues_libres', label: 'Les sorties sont-elles libres ?' });
    expect(ensureKeys(d)).toBe(d);
  });

  it('made from the first letters typed become the whole label\'s, options and the conditions on them too', () => {
    let d = addQuestion(emptyDraft(), 0, 'choice');
    d = updateQuestion(d, 0, 0, { label: 'Ext' });
    d = updateOption(d, 0, 0, 0, { label: 'C' });
    d = ensureKeys(d);
    d = addQuestion(d, 0, 'text');
    d = ensureKeys(updateQuestion(d, 0, 1, { label: 'Pourquoi ?', showIf: { question: 'ext', op: 'is', values: ['c'], number: null } }));
    d = updateQuestion(d, 0, 0, { label: 'Extincteur présent' });
    d = ensureKeys(updateOption(d, 0, 0, 0, { label: 'CO2' }));
    expect(d.sections[0]!.questions[0]!.key).toBe('extincteur_present');
    expect(d.sections[0]!.questions[0]!.options[0]!.key).toBe('co2');
    expect(d.sections[0]!.questions[1]!.showIf).toMatchObject({ question: 'extincteur_present', values: ['co2'] });
    expect(draftProblems(d).get('sections/0/questions/1/showIf')).toBeUndefined();
  });

  it('of a template loaded from the server are never changed, and a duplicate gets a new one', () => {
    const loaded = fromTemplate({ name: 'T', description: '', passMark: null, sections: [{ key: 'old_s', title: 'Partie', questions: [{ key: 'legacy_key', type: 'yesNo', label: 'Autre libellé', required: true }] }] });
    const d = duplicateQuestion(ensureKeys(loaded), 0, 0);
    expect(keysOf(d)).toEqual([['legacy_key', 'autre_libelle']]);
    expect(d.sections[0]!.key).toBe('old_s');
  });

  it('are unique among options of a question', () => {
    let d = addQuestion(emptyDraft(), 0, 'choice');
    d = updateOption(d, 0, 0, 0, { label: 'Bon' });
    d = updateOption(d, 0, 0, 1, { label: 'Bon' });
    expect(ensureKeys(d).sections[0]!.questions[0]!.options.map((o) => o.key)).toEqual(['bon', 'bon_2']);
  });
});

describe('moving', () => {
  it('a question past the end of its section goes into the next one, and back', () => {
    const d = sample();
    const down = moveQuestion(d, 0, 1, 1);
    expect(down.at).toEqual([1, 0]);
    expect(keysOf(down.draft)).toEqual([['les_issues_sont_elles_degagees'], ['pourquoi', 'pression']]);
    const up = moveQuestion(down.draft, 1, 0, -1);
    expect(keysOf(up.draft)).toEqual(keysOf(d));
    // Nothing above the first question.
    expect(moveQuestion(d, 0, 0, -1).draft).toBe(d);
  });

  it('a question to another section, and sections up and down', () => {
    const d = moveQuestionTo(sample(), 1, 0, 0);
    expect(keysOf(d)).toEqual([['les_issues_sont_elles_degagees', 'pourquoi', 'pression'], []]);
    const swapped = moveSection(sample(), 1, -1);
    expect(swapped.sections.map((s) => s.key)).toEqual(['extincteurs', 'issues_de_secours']);
    expect(moveSection(swapped, 0, -1)).toBe(swapped);
  });
});

describe('dragging and dropping', () => {
  it('drops a question before another of its section, at its end, or into another section, positions read as shown before the move', () => {
    const d = sample();
    // The first question dropped below the second (before position 2 = the end of section 1).
    const down = dropQuestion(d, 0, 0, 0, 2);
    expect(down.at).toEqual([0, 1]);
    expect(keysOf(down.draft)).toEqual([['pourquoi', 'les_issues_sont_elles_degagees'], ['pression']]);
    // The number dropped at the top of section 1.
    const across = dropQuestion(d, 1, 0, 0, 0);
    expect(across.at).toEqual([0, 0]);
    expect(keysOf(across.draft)).toEqual([['pression', 'les_issues_sont_elles_degagees', 'pourquoi'], []]);
    // The second question dropped at the end of section 2.
    const end = dropQuestion(d, 0, 1, 1, 1);
    expect(end.at).toEqual([1, 1]);
    expect(keysOf(end.draft)).toEqual([['les_issues_sont_elles_degagees'], ['pression', 'pourquoi']]);
  });

  it('a drop where the question already is, or out of the draft, changes nothing', () => {
    const d = sample();
    expect(dropQuestion(d, 0, 1, 0, 1).draft).toBe(d);
    expect(dropQuestion(d, 0, 1, 0, 2).draft).toBe(d);
    expect(dropQuestion(d, 0, 0, 0, 0).draft).toBe(d);
    expect(dropQuestion(d, 0, 0, 5, 0).draft).toBe(d);
    expect(dropQuestion(d, 0, 0, 1, 9).draft).toBe(d);
    expect(dropQuestion(d, 3, 0, 0, 0).draft).toBe(d);
  });

  it('drops a section before another or at the end, its questions with it', () => {
    const d = addSection(sample(), 'Éclairage');
    const first = dropSection(d, 2, 0);
    expect(first.at).toBe(0);
    expect(first.draft.sections.map((s) => s.title)).toEqual(['Éclairage', 'Issues de secours', 'Extincteurs']);
    const last = dropSection(d, 0, 3);
    expect(last.at).toBe(2);
    expect(last.draft.sections.map((s) => s.title)).toEqual(['Extincteurs', 'Éclairage', 'Issues de secours']);
    expect(keysOf(last.draft)[2]).toEqual(['les_issues_sont_elles_degagees', 'pourquoi']);
    expect(dropSection(d, 1, 1).draft).toBe(d);
    expect(dropSection(d, 1, 2).draft).toBe(d);
  });

  it('a drop that puts a conditional question above the one it depends on is allowed, found by conditionsOnLater and reported on the condition', () => {
    const d = sample();
    expect(conditionsOnLater(d).size).toBe(0);
    const pourquoi = d.sections[0]!.questions[1]!;
    // The conditional question dropped at the top; or the one it depends on dropped into section 2.
    for (const moved of [dropQuestion(d, 0, 1, 0, 0), dropQuestion(d, 0, 0, 1, 1)]) {
      expect([...conditionsOnLater(moved.draft)]).toEqual([pourquoi.uid]);
      expect([...draftProblems(moved.draft).values()].flat()).toEqual([{ code: 'condition_earlier' }]);
    }
    // A section moved above the one its condition's question is in: the same.
    const inSecond = dropQuestion(d, 0, 1, 1, 1).draft;
    expect(conditionsOnLater(inSecond).size).toBe(0);
    expect([...conditionsOnLater(dropSection(inSecond, 1, 0).draft)]).toEqual([pourquoi.uid]);
    // Moved back: nothing to fix.
    const back = dropQuestion(dropQuestion(d, 0, 1, 0, 0).draft, 0, 0, 0, 2);
    expect(conditionsOnLater(back.draft).size).toBe(0);
    expect(draftProblems(back.draft).size).toBe(0);
  });
});

describe('dragging an option', () => {
  /** A choice (Bon, Moyen, Mauvais: saved keys), then a text shown when it is "Mauvais". */
  function choiceSample(): TemplateDraft {
    let d = { ...emptyDraft(), name: 'Contrôle des extincteurs' };
    d = renameSection(d, 0, 'Extincteurs');
    d = addQuestion(d, 0, 'choice');
    d = updateQuestion(d, 0, 0, { label: 'État' });
    d = addOption(d, 0, 0);
    ['Bon', 'Moyen', 'Mauvais'].forEach((label, o) => (d = updateOption(d, 0, 0, o, { label, score: 1 - o / 2, failed: o === 2 })));
    d = ensureKeys(d);
    d = addQuestion(d, 0, 'text');
    d = updateQuestion(d, 0, 1, { label: 'Quel défaut ?', showIf: { question: 'etat', op: 'is', values: ['mauvais'], number: null } });
    return fromTemplate(toFields(settleKeys(ensureKeys(d))));
  }
  const optionKeys = (d: TemplateDraft) => d.sections[0]!.questions[0]!.options.map((o) => o.key);

  it('drops an option before another or at the end of its question’s options, positions read as shown before the move', () => {
    const d = choiceSample();
    const top = dropOption(d, 0, 0, 2, 0);
    expect(top.at).toBe(0);
    expect(optionKeys(top.draft)).toEqual(['mauvais', 'bon', 'moyen']);
    const end = dropOption(d, 0, 0, 0, 3);
    expect(end.at).toBe(2);
    expect(optionKeys(end.draft)).toEqual(['moyen', 'mauvais', 'bon']);
    // Where it already is, or out of the draft: nothing changes.
    for (const [o, position] of [[1, 1], [1, 2], [0, 4], [5, 0], [0, -1]] as const) expect(dropOption(d, 0, 0, o, position).draft).toBe(d);
    expect(dropOption(d, 0, 1, 0, 0).draft).toBe(d);
  });

  it('the condition naming the moved option by value still shows its question, and the option keeps its score and failure', () => {
    const moved = dropOption(choiceSample(), 0, 0, 2, 0).draft;
    expect(draftProblems(moved).size).toBe(0);
    const fields = toFields(ensureKeys(moved));
    expect(fields.sections[0]!.questions[0]!.options!.map((o) => [o.key, o.label, o.score, o.failed ?? false])).toEqual([
      ['mauvais', 'Mauvais', 0, true],
      ['bon', 'Bon', 1, false],
      ['moyen', 'Moyen', 0.5, false],
    ]);
    expect(fields.sections[0]!.questions[1]!.showIf).toEqual({ question: 'etat', op: 'is', values: ['mauvais'] });
    // As the filling screen and the server read it: "Mauvais" shows the question, "Bon" hides it.
    expect(evaluate(fields, { etat: { value: 'mauvais', at: '' } }).visible.has('quel_defaut')).toBe(true);
    expect(evaluate(fields, { etat: { value: 'bon', at: '' } }).visible.has('quel_defaut')).toBe(false);
  });

  it('options made here with one label (keys not saved yet): the condition follows the option it named, not its place', () => {
    let d = renameSection({ ...emptyDraft(), name: 'Visite' }, 0, 'Accès');
    d = addQuestion(d, 0, 'choice');
    d = updateQuestion(d, 0, 0, { label: 'Accès' });
    d = updateOption(d, 0, 0, 0, { label: 'Libre' });
    d = updateOption(d, 0, 0, 1, { label: 'Libre' });
    d = ensureKeys(d);
    const second = d.sections[0]!.questions[0]!.options[1]!;
    expect(second.key).toBe('libre_2');
    d = addQuestion(d, 0, 'text');
    d = updateQuestion(d, 0, 1, { label: 'Pourquoi ?', showIf: { question: 'acces', op: 'is', values: ['libre_2'], number: null } });
    const moved = ensureKeys(dropOption(ensureKeys(d), 0, 0, 1, 0).draft);
    const after = moved.sections[0]!.questions[0]!.options.find((o) => o.uid === second.uid)!;
    expect(moved.sections[0]!.questions[1]!.showIf!.values).toEqual([after.key]);
    expect(draftProblems(moved).size).toBe(0);
  });
});

describe('conditions', () => {
  it('may name only an earlier question, with the comparisons its type offers', () => {
    const d = sample();
    expect(conditionTargets(d, 0, 1).map((q) => q.key)).toEqual(['les_issues_sont_elles_degagees']);
    expect(conditionTargets(d, 1, 0).map((q) => q.key)).toEqual(['les_issues_sont_elles_degagees', 'pourquoi']);
    expect(conditionTargets(d, 0, 0)).toEqual([]);
    expect(conditionOps('yesNo')).toEqual(['is', 'isNot', 'answered']);
    expect(conditionOps('number')).toEqual(['is', 'isNot', 'lessThan', 'greaterThan', 'answered']);
    expect(conditionOps('text')).toEqual(['answered']);
  });

  it('moving a question above the one it depends on is reported on its condition', () => {
    const d = sample();
    expect(draftProblems(d).size).toBe(0);
    const moved = moveQuestion(d, 0, 1, -1).draft;
    expect(draftProblems(moved).get('sections/0/questions/0/showIf')).toEqual([{ code: 'condition_earlier' }]);
    // Moving the question it depends on below it: the same.
    const after = moveQuestionTo(d, 0, 0, 1);
    expect(draftProblems(after).get('sections/0/questions/0/showIf')).toEqual([{ code: 'condition_earlier' }]);
  });

  it('a condition on a number question compares with one number ("equals", "differs from")', () => {
    let d = addQuestion(sample(), 1, 'text');
    d = updateQuestion(d, 1, 1, { label: 'Recharger', showIf: { question: 'pression', op: 'isNot', values: [], number: null } });
    expect(draftProblems(d).get('sections/1/questions/1/showIf')).toEqual([{ code: 'condition_number' }]);
    d = updateQuestion(d, 1, 1, { showIf: { question: 'pression', op: 'isNot', values: [], number: 12 } });
    expect(draftProblems(d).size).toBe(0);
    expect(toFields(ensureKeys(d)).sections[1]!.questions[1]!.showIf).toEqual({ question: 'pression', op: 'isNot', number: 12 });
  });

  it('an unfinished condition, a choice without options and the contract limits are reported by field', () => {
    let d = sample();
    d = updateQuestion(d, 1, 0, { showIf: { question: '', op: 'answered', values: [], number: null }, min: 20 });
    d = { ...d, name: '', passMark: 120 };
    d = addQuestion(d, 1, 'choice');
    d = updateQuestion(d, 1, 1, { label: 'x'.repeat(301), options: [] });
    const problems = draftProblems(d);
    expect(problems.get('name')).toEqual([{ code: 'required' }]);
    expect(problems.get('passMark')).toEqual([{ code: 'range', min: 0, max: 100 }]);
    expect(problems.get('sections/1/questions/0/showIf')).toEqual([{ code: 'condition_question' }]);
    expect(problems.get('sections/1/questions/0/min')).toEqual([{ code: 'min_above_max' }]);
    expect(problems.get('sections/1/questions/1/label')).toEqual([{ code: 'too_long', max: 300 }]);
    expect(problems.get('sections/1/questions/1/options')).toEqual([{ code: 'options_needed' }]);
  });
});

describe('payloads', () => {
  it('a new template: what applies to each type only, valid against the contract', () => {
    let d = sample();
    // A range typed while the question was a number is kept in the draft, not sent for a yes/no.
    d = updateQuestion(d, 0, 0, { min: 3, unit: 'x' });
    const body = toCreate(ID, 'questionnary', d);
    expect(Value.Check(TemplateCreate, body)).toBe(true);
    expect(body).toEqual({
      id: ID,
      family: 'questionnary',
      name: 'Visite incendie',
      description: '',
      passMark: 80,
      sections: [
        {
          key: 'issues_de_secours',
          title: 'Issues de secours',
          questions: [
            { key: 'les_issues_sont_elles_degagees', type: 'yesNo', label: 'Les issues sont-elles dégagées ?', required: true, onFail: { note: true } },
            { key: 'pourquoi', type: 'text', label: 'Pourquoi ?', required: true, showIf: { question: 'les_issues_sont_elles_degagees', op: 'is', values: ['no'] } },
          ],
        },
        { key: 'extincteurs', title: 'Extincteurs', questions: [{ key: 'pression', type: 'number', label: 'Pression', required: true, min: 1, max: 15, unit: 'bar' }] },
      ],
    });
  });

  it('a revision: only the changed fields, the started-from values as the merge base, on its version', () => {
    const fields: TemplateFields = toFields(sample());
    const template: Template = {
      ...fields,
      id: ID,
      family: 'questionnary',
      questionCount: 3,
      version: 4,
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
      createdBy: null,
      updatedBy: null,
      deletedAt: null,
    } as unknown as Template;
    const loaded = fromTemplate(template);
    expect(toUpdate(template, loaded).changes).toEqual({});
    const edited = updateQuestion({ ...loaded, passMark: null }, 1, 0, { label: 'Pression lue' });
    const update = toUpdate(template, edited);
    expect(update.baseVersion).toBe(4);
    expect(Object.keys(update.changes).sort()).toEqual(['passMark', 'sections']);
    expect(update.base).toEqual({ passMark: 80, sections: fields.sections });
    expect(update.changes.sections![1]!.questions[0]).toMatchObject({ key: 'pression', label: 'Pression lue' });
    expect(Value.Check(TemplateUpdate, { baseVersion: update.baseVersion, changes: update.changes })).toBe(true);
  });
});

describe('an exclusive option', () => {
  const sections = (type: 'choice' | 'multiChoice') => [
    {
      key: 'epi',
      title: 'EPI',
      questions: [{ key: 'worn', type, label: 'EPI portés', required: true, options: [{ key: 'casque', label: 'Casque', score: 1 }, { key: 'aucun', label: 'Aucun', score: 0, failed: true, exclusive: true }] }],
    },
  ];

  it('of a multiple choice is loaded, edited and saved', () => {
    const draft = fromTemplate({ name: 'Visite', description: '', passMark: 80, sections: sections('multiChoice') });
    expect(draft.sections[0]!.questions[0]!.options.map((o) => o.exclusive)).toEqual([false, true]);
    expect(toFields(draft).sections[0]!.questions[0]!.options).toEqual([
      { key: 'casque', label: 'Casque', score: 1 },
      { key: 'aucun', label: 'Aucun', score: 0, failed: true, exclusive: true },
    ]);
    const edited = updateOption(updateOption(draft, 0, 0, 1, { exclusive: false }), 0, 0, 0, { exclusive: true });
    expect(toFields(edited).sections[0]!.questions[0]!.options!.map((o) => o.exclusive ?? false)).toEqual([true, false]);
  });

  it('means nothing for a single choice: not saved', () => {
    const draft = fromTemplate({ name: 'Visite', description: '', passMark: 80, sections: sections('choice') });
    expect(toFields(draft).sections[0]!.questions[0]!.options!.some((o) => 'exclusive' in o)).toBe(false);
  });
});
