/**
 * The schedule form as a planner sees it: its recurrence in words (English and French), the
 * preview of the next due dates (the same dates the server's scheduler makes: months clamp to
 * the month's last day, in UTC), and the messages shown before anything is queued.
 */
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { occurrencesFrom } from '../../../../common/modules/questionnaires/recurrence';
import { emptyScheduleForm, previewOccurrences, recurrenceWords, scheduleFieldsOf, scheduleFormProblems, type ScheduleFormValues } from '../../../../src/features/questionnaires/schedule-form';

const strings = (lang: string) => JSON.parse(readFileSync(`public/locales/${lang}/questionnaires.json`, 'utf8')) as Record<string, unknown>;

async function translator(lang: 'en' | 'fr') {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, resources: { [lang]: { questionnaires: strings(lang) } }, ns: ['questionnaires'], defaultNS: 'questionnaires', interpolation: { escapeValue: false } });
  return (key: string, options?: Record<string, unknown>) => instance.t(key, options);
}

describe('a recurrence in words', () => {
  it('English', async () => {
    const t = await translator('en');
    expect(recurrenceWords(t, 'weekly', 2)).toBe('Every 2 weeks');
    expect(recurrenceWords(t, 'weekly', 1)).toBe('Every week');
    expect(recurrenceWords(t, 'monthly', 3)).toBe('Every 3 months');
    expect(recurrenceWords(t, 'yearly', 1)).toBe('Every year');
    expect(recurrenceWords(t, 'once', 1)).toBe('Once');
  });
  it('French', async () => {
    const t = await translator('fr');
    expect(recurrenceWords(t, 'weekly', 2)).toBe('Toutes les 2 semaines');
    expect(recurrenceWords(t, 'monthly', 1)).toBe('Tous les mois');
    expect(recurrenceWords(t, 'yearly', 5)).toBe('Tous les 5 ans');
  });
});

const form = (values: Partial<ScheduleFormValues>): ScheduleFormValues => ({ ...emptyScheduleForm('7d7f5a0e-3d6b-4c43-9a55-0a4f4f0c1d11'), assigneeIds: ['0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d'], ...values });

describe('the next due dates', () => {
  const now = new Date(2027, 0, 1, 8, 0);

  it('every 2 weeks: five dates a fortnight apart from the first', () => {
    const dates = previewOccurrences(form({ recurrence: 'weekly', interval: '2', firstDue: '2027-01-04T09:30', until: '' }), now);
    expect(dates).toHaveLength(5);
    expect(dates[0]!.getTime()).toBe(new Date(2027, 0, 4, 9, 30).getTime());
    for (let k = 1; k < 5; k++) expect(dates[k]!.getTime() - dates[k - 1]!.getTime()).toBe(14 * 86_400_000);
  });

  it('stops at the end day (an occurrence that day included)', () => {
    const dates = previewOccurrences(form({ recurrence: 'weekly', interval: '1', firstDue: '2027-01-04T09:30', until: '2027-01-18' }), now);
    expect(dates.map((d) => d.getDate())).toEqual([4, 11, 18]);
  });

  it('from now on: past occurrences are not previewed; a single one is its date', () => {
    const later = new Date(2027, 0, 20, 12, 0);
    const weekly = previewOccurrences(form({ recurrence: 'weekly', interval: '1', firstDue: '2027-01-04T09:30', until: '' }), later, 1);
    expect(weekly[0]!.getTime()).toBe(new Date(2027, 0, 25, 9, 30).getTime());
    expect(previewOccurrences(form({ recurrence: 'once', firstDue: '2027-01-04T09:30' }), later)).toHaveLength(1);
  });

  it('monthly on the 31st falls on the month’s last day, then back on the 31st (as the server makes them)', () => {
    const dates = occurrencesFrom({ firstDueAt: new Date('2027-01-31T16:00:00.000Z'), recurrence: 'monthly', interval: 1, until: null }, new Date('2027-01-01T00:00:00.000Z'), 4);
    expect(dates.map((d) => d.toISOString())).toEqual(['2027-01-31T16:00:00.000Z', '2027-02-28T16:00:00.000Z', '2027-03-31T16:00:00.000Z', '2027-04-30T16:00:00.000Z']);
  });

  it('nothing while the first due time is missing', () => {
    expect(previewOccurrences(form({ firstDue: '' }), now)).toEqual([]);
  });
});

describe('the form’s messages', () => {
  it('a complete form has none', () => {
    expect(scheduleFormProblems(form({}))).toEqual({});
  });
  it('at least one person, a template, an interval of 1 to 52, reminder days of 0 to 60', () => {
    expect(scheduleFormProblems(form({ assigneeIds: [], templateId: '', interval: '0', remindDays: '61' }))).toEqual({
      assigneeIds: 'people_required',
      templateId: 'template_required',
      interval: 'interval_range',
      remindDays: 'remind_range',
    });
  });
  it('the end after the first due date', () => {
    expect(scheduleFormProblems(form({ firstDue: '2027-03-10T09:00', until: '2027-03-09' })).until).toBe('until_before_first');
    expect(scheduleFormProblems(form({ firstDue: '2027-03-10T09:00', until: '2027-03-10' })).until).toBeUndefined();
    // A single one has no end: an end left from a recurring choice is neither checked nor sent.
    expect(scheduleFormProblems(form({ recurrence: 'once', firstDue: '2027-03-10T09:00', until: '2027-03-09' })).until).toBeUndefined();
    expect(scheduleFieldsOf(form({ recurrence: 'once', firstDue: '2027-03-10T09:00', until: '2027-03-09' })).until).toBeNull();
  });
  it('what is queued: times as instants, the end day whole', () => {
    const fields = scheduleFieldsOf(form({ recurrence: 'weekly', interval: '2', firstDue: '2027-03-10T09:00', until: '2027-06-30', remindDays: '3' }));
    expect(fields.firstDueAt).toBe(new Date(2027, 2, 10, 9, 0).toISOString());
    expect(fields.until).toBe(new Date(2027, 5, 30, 23, 59, 59, 999).toISOString());
    expect(fields).toMatchObject({ recurrence: 'weekly', interval: 2, remindDays: 3 });
  });
});
