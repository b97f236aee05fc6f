import { beforeAll, describe, expect, it } from 'vitest';
import { formatChanges, type HistoryFields } from '../../../src/components/module/history-format';
import { answerFieldOf, DECLARATION_HISTORY_FIELDS } from '../../../src/features/declarations/history-fields';
import { ACTION_HISTORY_FIELDS } from '../../../src/features/actions/history-fields';
import { SITE_HISTORY_FIELDS } from '../../../src/features/sites/history-fields';
import { i18n } from '../../../src/lib/i18n';
import { initTestI18n } from '../../../src/testing/i18n';
import type { HistoryEntry } from '../../../common/schemas/platform';
import type { TemplateField } from '../../../common/modules/declarations/schemas';

const SITE = 'a4d1c7e2-5b6f-4c3d-9e8f-0a1b2c3d4e5f';
const TEMPLATE = 'ee3b1f00-2c4d-4e6f-8a9b-0c1d2e3f4a5b';
const ASSIGNEE = '5f0e9d8c-7b6a-4c5d-8e9f-a0b1c2d3e4f5';
const PHOTOS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

const QUESTIONS: TemplateField[] = [
  { key: 'nature', label: 'Nature', kind: 'choice', required: true, options: ['Chute', 'Coupure'] },
  { key: 'injured', label: 'Blessés', kind: 'yesNo', required: true },
];

/** A declaration's creation as the server answers it: ids, a date, answers, photos, and the names of its ids. */
const created: Pick<HistoryEntry, 'changes' | 'names'> = {
  changes: [
    { field: 'template', before: null, after: { id: TEMPLATE, version: 1 } },
    { field: 'siteId', before: null, after: SITE },
    { field: 'occurredAt', before: null, after: '2026-12-05T12:00:00.000Z' },
    { field: 'severity', before: null, after: 'high' },
    { field: 'values', before: null, after: { nature: 'Chute', injured: true } },
    { field: 'photos', before: null, after: PHOTOS },
    { field: 'assigneeId', before: null, after: ASSIGNEE },
    { field: 'position', before: null, after: { lat: 45.764043, lng: 4.835659, accuracy: 12, source: 'device' } },
  ],
  names: { [TEMPLATE]: 'Incident', [SITE]: 'Entrepôt Gerland', [ASSIGNEE]: 'operator@demo.vigie.test' },
};

const shown = (entry: Pick<HistoryEntry, 'changes' | 'names'>, fields: HistoryFields, language: string) =>
  formatChanges(entry, { t: i18n.getFixedT(language), language, fields, answerField: answerFieldOf(QUESTIONS) }).map(
    (change) => `${change.label}: ${change.before} → ${change.after}`,
  );

beforeAll(async () => {
  await initTestI18n('en');
});

describe('a history entry as a person reads it', () => {
  it('in French: names for ids, translated keys, the day first, answers as lines, photos counted', () => {
    expect(shown(created, DECLARATION_HISTORY_FIELDS, 'fr')).toEqual([
      'Type: — → Incident',
      'Site: — → Entrepôt Gerland',
      expect.stringMatching(/^Survenu le: — → 05\/12\/2026 \d{1,2}:00$/),
      'Gravité: — → Élevée',
      'Réponses: — → Nature: Chute\nBlessés: Oui',
      'Photos: — → 2 photos',
      'Suivi par: — → operator@demo.vigie.test',
      'Position: — → 45,764043\u202f; 4,835659',
    ]);
  });

  it('in English: the month first, Yes/No, a dot as the decimal mark', () => {
    const lines = shown(created, DECLARATION_HISTORY_FIELDS, 'en');
    expect(lines[0]).toBe('Type: — → Incident');
    expect(lines[2]).toMatch(/^Occurred at: — → 12\/05\/2026 \d{1,2}:00\s[AP]M$/);
    expect(lines[3]).toBe('Severity: — → High');
    expect(lines[4]).toBe('Answers: — → Nature: Chute\nBlessés: Yes');
    expect(lines[5]).toBe('Photos: — → 2 photos');
    expect(lines[7]).toBe('Position: — → 45.764043, 4.835659');
  });

  it('translates a status and writes a due day in the language’s order', () => {
    const moved = { changes: [{ field: 'status', before: 'todo', after: 'inProgress' }, { field: 'dueOn', before: '2026-11-28', after: '2026-12-05' }] };
    expect(shown(moved, ACTION_HISTORY_FIELDS, 'en')).toEqual(['Status: To do → In progress', 'Due on: 11/28/2026 → 12/05/2026']);
    expect(shown(moved, ACTION_HISTORY_FIELDS, 'fr')[1]).toMatch(/: 28\/11\/2026 → 05\/12\/2026$/);
  });

  it('never shows a raw id, even one the server could not name, nor an undescribed field’s JSON', () => {
    const odd = { changes: [{ field: 'siteTypeId', before: SITE, after: null }, { field: 'deletedAt', before: null, after: '2026-12-05T12:00:00.000Z' }] };
    const lines = shown(odd, SITE_HISTORY_FIELDS, 'en');
    expect(lines[0]).toBe('Site type: (unknown) → —');
    expect(lines[1]).toMatch(/^Deleted on: — → 12\/05\/2026 /);
    expect(lines.join('\n')).not.toMatch(/[0-9a-f]{8}-|[{"]/);
  });
});
