/**
 * The import's work on the device: columns guessed from French and English headers, the first
 * checks of the mapped rows, the encoding and separator of a CSV, the row limit, and the
 * rejected rows' file with its formula cells defused.
 */
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, type ImportFieldInfo } from '../../../../common/modules/importExport/schemas';
import { guessMapping, mapRows, rejectedCsv } from '../../../../src/features/importExport/mapping';
import { decode, parseCsv } from '../../../../src/features/importExport/parse';

const FIELDS: ImportFieldInfo[] = [
  { key: 'name', label: { fr: 'Nom', en: 'Name' }, required: true, type: 'text', aliases: ['nom du site'] },
  { key: 'address', label: { fr: 'Adresse', en: 'Address' }, required: false, type: 'text', aliases: [] },
  { key: 'lat', label: { fr: 'Latitude', en: 'Latitude' }, required: false, type: 'number', aliases: ['lat'] },
];

describe('guessMapping', () => {
  it('maps French and English headers, accents and case aside, each field once', () => {
    expect(guessMapping(['Référence', 'NOM DU SITE', 'adresse', 'Notes', 'Name'], FIELDS)).toEqual(['ref', 'name', 'address', null, null]);
    expect(guessMapping(['External ID', 'Name', 'Address', 'lat'], FIELDS)).toEqual(['ref', 'name', 'address', 'lat']);
  });
});

describe('mapRows', () => {
  it('finds missing references and values, duplicates, formulas and bad numbers, with their line', () => {
    const { rows, errors } = mapRows(
      [
        ['A1', 'Entrepôt', '1 rue X', '45,7'],
        ['A1', '', '=SUM(A1)', 'nord'],
        ['', 'Gymnase', '-12 rue Y', '-4.5'],
      ],
      ['ref', 'name', 'address', 'lat'],
      FIELDS,
    );
    expect(rows[0]).toEqual({ line: 2, cells: { ref: 'A1', name: 'Entrepôt', address: '1 rue X', lat: '45,7' } });
    expect(errors).toEqual([
      { line: 3, field: 'ref', reason: 'importExport.reasons.duplicate_ref' },
      { line: 3, field: 'name', reason: 'importExport.reasons.required' },
      { line: 3, field: 'address', reason: 'importExport.reasons.formula' },
      { line: 3, field: 'lat', reason: 'importExport.reasons.not_a_number' },
      { line: 4, field: 'ref', reason: 'importExport.reasons.ref_required' },
    ]);
  });
});

describe('reading a CSV', () => {
  it('refuses bytes that are not UTF-8 unless Windows-1252 is chosen', () => {
    const latin = new Uint8Array([0x4e, 0x6f, 0x6d, 0x0a, 0x45, 0x6e, 0x74, 0x72, 0x65, 0x70, 0xf4, 0x74]);
    expect(decode(latin, null)).toBeNull();
    expect(decode(latin, 'windows-1252')).toEqual({ text: 'Nom\nEntrepôt', encoding: 'windows-1252' });
  });

  it('detects the separator, and refuses a file over the limit before parsing it', () => {
    const parsed = parseCsv('Nom;Adresse\n"Dépôt; nord";1 rue X\n');
    expect(parsed).toMatchObject({ ok: true, headers: ['Nom', 'Adresse'], rows: [['Dépôt; nord', '1 rue X']], delimiter: ';' });
    expect(parseCsv('a,b\n1,2\n')).toMatchObject({ ok: true, delimiter: ',' });
    const big = `Nom\n${'x\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    expect(parseCsv(big)).toEqual({ ok: false, reason: 'too_many_rows', rows: IMPORT_MAX_ROWS + 1 });
  });
});

describe('rejectedCsv', () => {
  it('lists the rejected rows with their line, column and reason, formulas defused', () => {
    const csv = rejectedCsv(['Ref', 'Nom'], [['A1', 'ok'], ['A2', '=1+1']], [{ line: 3, verdict: 'error', reason: 'r', field: 'name' }, { line: 2, verdict: 'skip' }], () => ({ field: 'Nom', reason: 'formule' }), {
      line: 'Ligne',
      field: 'Colonne',
      reason: 'Raison',
    });
    expect(csv).toBe('\uFEFF"Ref";"Nom";"Ligne";"Colonne";"Raison"\r\n"A2";"\'=1+1";"3";"Nom";"formule"\r\n');
  });
});
