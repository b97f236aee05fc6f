/**
 * The CSV exports of every module: columns in French (the product's language; spreadsheet users
 * in France open them as they are), separated by semicolons (what a French spreadsheet
 * expects), a byte order mark so accents survive, and cells that a spreadsheet would take for
 * a formula neutralised.
 */

/** A cell, quoted, with a leading formula character defused (CSV injection). */
export function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The document: its header line, then a line per row (numbers as they are, text quoted). */
export function csvDocument(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [headers.map(cell).join(';'), ...rows.map((row) => row.map((v) => (typeof v === 'number' ? String(v) : cell(v))).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
