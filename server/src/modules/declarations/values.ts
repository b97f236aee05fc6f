/**
 * The checks of what a template says and what a declaration answers, beyond the contract's
 * schemas (which check shapes): a template's field keys are unique and its choices have
 * options; a declaration's values match the kinds, options and required fields of the
 * template revision its form was built from (docs/declarations.md, "Template revisions").
 * Plain functions: the repository calls them inside its transaction, the tests through the
 * routes. A refusal is a 400 whose message key the app translates and whose details name
 * the field's key.
 */
import type { FieldValues, TemplateField } from '../../../../common/modules/declarations/schemas.js';
import { ApiError } from '../../lib/errors.js';
import { isUuid } from '../../../../common/uuid.js';

export const INVALID_VALUE = 'declarations.invalid_value';
export const MISSING_VALUE = 'declarations.missing_value';
export const INVALID_TEMPLATE = 'declarations.invalid_template';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** A template's fields: keys unique, options where (and only where) the kind takes them. */
export function checkTemplateFields(fields: readonly TemplateField[]): void {
  const keys = new Set<string>();
  for (const field of fields) {
    if (keys.has(field.key)) throw ApiError.badRequest(INVALID_TEMPLATE, `fields/${field.key}: key used twice`);
    keys.add(field.key);
    const choice = field.kind === 'choice' || field.kind === 'multiChoice';
    if (choice && (field.options?.length ?? 0) === 0) throw ApiError.badRequest(INVALID_TEMPLATE, `fields/${field.key}: options required`);
    if (!choice && field.options !== undefined) throw ApiError.badRequest(INVALID_TEMPLATE, `fields/${field.key}: options only for choices`);
    if (choice && new Set(field.options).size !== field.options!.length) throw ApiError.badRequest(INVALID_TEMPLATE, `fields/${field.key}: option used twice`);
  }
}

const empty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * Checks `values` against a revision's fields; returns the attachment ids they name (photo and
 * signature fields), which the caller checks are the declaration's own uploads.
 */
export function checkValues(fields: readonly TemplateField[], values: FieldValues): string[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const attachments: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const field = byKey.get(key);
    const invalid = () => ApiError.badRequest(INVALID_VALUE, key);
    if (!field) throw invalid();
    switch (field.kind) {
      case 'text':
      case 'longText':
        if (typeof value !== 'string') throw invalid();
        if (field.kind === 'text' && value.length > 1000) throw invalid();
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid();
        break;
      case 'date':
        if (typeof value !== 'string' || !isDate(value)) throw invalid();
        break;
      case 'choice':
        if (typeof value !== 'string' || !field.options?.includes(value)) throw invalid();
        break;
      case 'multiChoice':
        if (!Array.isArray(value) || new Set(value).size !== value.length || value.some((v) => !field.options?.includes(v))) throw invalid();
        break;
      case 'yesNo':
        if (typeof value !== 'boolean') throw invalid();
        break;
      case 'photo':
        if (!Array.isArray(value) || value.some((v) => !isUuid(v)) || new Set(value).size !== value.length) throw invalid();
        attachments.push(...value.map((v) => v.toLowerCase()));
        break;
      case 'signature':
        if (typeof value !== 'string' || !isUuid(value)) throw invalid();
        attachments.push(value.toLowerCase());
        break;
    }
  }
  for (const field of fields) {
    if (field.required && empty(values[field.key])) throw ApiError.badRequest(MISSING_VALUE, field.key);
  }
  return attachments;
}
