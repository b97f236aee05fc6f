// The device folds text as the server's vigie_fold does, so an offline record is found by the
// same searches the server would find it by.
import { describe, expect, it } from 'vitest';
import { platformMigrations } from '../../../server/src/modules/_platform/migrations';
import { FOLD_FROM, FOLD_TO, foldText, matchesSearch } from '../../../src/lib/text-fold';

describe('text folding', () => {
  it('uses the letters of the server’s vigie_fold', () => {
    const sql = platformMigrations.map((m) => m.sql).join('\n');
    const translate = /translate\(lower\(coalesce\(value, ''\)\),\s*'([^']+)',\s*'([^']+)'\)/.exec(sql);
    expect(translate?.slice(1)).toEqual([FOLD_FROM, FOLD_TO]);
    expect(sql).toContain("'œ', 'oe'), 'æ', 'ae')");
  });

  it('lowers case, drops accents and spells out ligatures', () => {
    expect(foldText('Entrepôt de VÉNISSIEUX')).toBe('entrepot de venissieux');
    expect(foldText('Ægée Ñandú Çà ÏLE')).toBe('aegee nandu ca ile');
    // As the server's table, one letter off from "ù" on (see text-fold.ts).
    expect(foldText('où')).toBe(foldText('oo'));
    expect(foldText(null)).toBe('');
  });

  it('finds a search anywhere in the fields joined by spaces, trimmed, as the server does', () => {
    expect(matchesSearch('  entrepot  ', ['Entrepôt', '', ''])).toBe(true);
    expect(matchesSearch('VENISSIEUX métropole', ['Dépôt', '12 rue X, Vénissieux', 'Métropole de Lyon'])).toBe(true);
    expect(matchesSearch('lyon', ['Dépôt', 'Vénissieux', null])).toBe(false);
    expect(matchesSearch(undefined, ['x'])).toBe(true);
    expect(matchesSearch('   ', ['x'])).toBe(true);
  });
});
