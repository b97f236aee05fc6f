/**
 * A table as CSV on the device (it is on screen, perhaps offline): semicolons and a byte order
 * mark as the product's other exports (a French spreadsheet opens it as it is), and every cell
 * that a spreadsheet would take for a formula (= + - @, a tab or a return first) defused with a
 * leading quote (CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** A text cell of an XLSX sheet defused the same way (a spreadsheet runs a formula typed as text too when edited). */
export const xlsxText = (value: string): string => (FORMULA.test(value) ? `'${value}` : value);
