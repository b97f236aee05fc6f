/** How the synthesis's ids read in the user's language (synthesis namespace): fields, measures, values, a month. */
import type { TFunction } from 'i18next';
import type { SynthesisResult } from '../../../common/modules/synthesis/schemas';
import { formatMonth } from '../../lib/dates';

export const fieldLabel = (t: TFunction, field: string): string => t(`fields.${field}`, { defaultValue: field });
export const measureLabel = (t: TFunction, source: string, measure: string): string => t(`measures.${source}.${measure}`, { defaultValue: t(`measures.${measure}`, { defaultValue: measure }) });
export const sourceLabel = (t: TFunction, source: string): string => t(`sources.${source}`, { defaultValue: source });

/** A grouped key as shown: a month in words, a fixed value in the language, a name as it is, "none" for an empty one. */
export function keyLabel(t: TFunction, language: string, field: string, key: { value: string; label: string }): string {
  if (key.value === '') return t('none');
  if (field === 'month') return formatMonth(new Date(`${key.value}-15T12:00:00Z`), language);
  if (key.label !== key.value) return key.label || t('unnamed');
  return t(`values.${field}.${key.value}`, { defaultValue: key.value });
}

/** A measure's value as shown (a rate with %, at most two decimals). */
export function formatValue(language: string, kind: string | undefined, value: number | null): string {
  if (value === null) return '—';
  const text = new Intl.NumberFormat(language, { maximumFractionDigits: kind === 'count' ? 0 : 1 }).format(value);
  return kind === 'rate' ? `${text} %` : text;
}

/** The table as rows of text and numbers (header first, the totals last): what the CSV and XLSX exports write. */
export function tableRows(t: TFunction, language: string, result: SynthesisResult): (string | number | null)[][] {
  const header = [...result.groupBy.map((f) => fieldLabel(t, f)), ...result.measures.map((m) => measureLabel(t, result.source, m))];
  const rows = result.rows.map((row) => [...row.keys.map((k, i) => keyLabel(t, language, result.groupBy[i]!, k)), ...row.values]);
  const totals = [...result.groupBy.map((_, i) => (i === 0 ? t('total') : '')), ...result.totals];
  return [header, ...rows, totals];
}
