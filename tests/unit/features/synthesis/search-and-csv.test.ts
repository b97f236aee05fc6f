import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, xlsxText } from '../../../../src/features/synthesis/csv';
import { validateTableSearch } from '../../../../src/features/synthesis/search';

describe('a table kept in its address', () => {
  it('keeps a well-formed definition as it is', () => {
    const search = { source: 'declarations', groupBy: ['severity', 'month'], measures: ['count'], from: '2026-01-01', to: '2026-06-30' };
    expect(validateTableSearch(search)).toMatchObject(search);
  });

  it('drops what is malformed instead of failing the page: a third grouping, an injected name, a date that is not one', () => {
    const search = validateTableSearch({ source: 'declarations; drop table x', groupBy: ['site', 'month', 'type'], measures: ['count'], from: 'yesterday' });
    expect(search.source).toBeUndefined();
    expect(search.groupBy).toBeUndefined();
    expect(search.from).toBeUndefined();
    expect(search.measures).toEqual(['count']);
  });
});

describe('a table exported on the device', () => {
  it('defuses every cell a spreadsheet would run as a formula, in CSV and XLSX', () => {
    for (const formula of ['=1+1', '+33 6', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula)).toBe(`"'${formula}"`);
      expect(xlsxText(formula)).toBe(`'${formula}`);
    }
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('Lyon "Part-Dieu"')).toBe('"Lyon ""Part-Dieu"""');
  });

  it('writes semicolons, a byte order mark and CRLF lines, as the product’s other exports', () => {
    expect(toCsv([['Site', 'Nombre'], ['Lyon', 3]])).toBe('\uFEFF"Site";"Nombre"\r\n"Lyon";3\r\n');
  });
});
