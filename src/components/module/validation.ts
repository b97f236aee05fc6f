/**
 * A form's problems from the module's TypeBox schema (the API contract's, so the app refuses
 * exactly what the server would), as one message key per field path ('name', 'gps.lat').
 *
 * Only typebox/value's Check and Errors are used: they walk the schema without generating
 * code. Compiling (typebox/compile) would try `new Function`, which the CSP (no 'unsafe-eval')
 * refuses and reports as a violation; acceleration is switched off below as well, so that
 * nothing in the app reaches that path by accident.
 */
import type { TSchema } from 'typebox';
import { Settings } from 'typebox/system';
import { Value } from 'typebox/value';

Settings.Set({ useAcceleration: false });

export interface FieldProblem {
  /** A key of the `components` namespace (module.error.*). */
  key: string;
  values?: Record<string, unknown>;
}
export type Problems = Record<string, FieldProblem>;

/** The more precise keywords win over the vaguer ones for the same field. */
const RANK: Record<string, number> = { required: 0, minLength: 1, pattern: 1, maxLength: 2, minimum: 3, maximum: 3, format: 4, type: 5 };

function problemOf(keyword: string, params: Record<string, unknown>): FieldProblem {
  switch (keyword) {
    case 'required':
      return { key: 'module.error.required' };
    case 'minLength':
      return Number(params.limit) <= 1 ? { key: 'module.error.required' } : { key: 'module.error.too_short', values: { min: params.limit } };
    case 'pattern':
      return { key: 'module.error.required' };
    case 'maxLength':
      return { key: 'module.error.too_long', values: { max: params.limit } };
    case 'minimum':
      return { key: 'module.error.too_small', values: { min: Number(params.limit) } };
    case 'maximum':
      return { key: 'module.error.too_large', values: { max: Number(params.limit) } };
    default:
      return { key: 'module.error.invalid' };
  }
}

export function schemaProblems(schema: TSchema, value: unknown): Problems {
  if (Value.Check(schema, value)) return {};
  const found = new Map<string, { rank: number; problem: FieldProblem }>();
  for (const error of Value.Errors(schema, value)) {
    const params = error.params as Record<string, unknown>;
    const base = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const paths =
      error.keyword === 'required'
        ? ((params.requiredProperties as string[] | undefined) ?? []).map((p) => (base === '' ? p : `${base}.${p}`))
        : [base];
    const rank = RANK[error.keyword] ?? 9;
    for (const path of paths) {
      const known = found.get(path);
      if (known === undefined || rank < known.rank) found.set(path, { rank, problem: problemOf(error.keyword, params) });
    }
  }
  const problems: Problems = {};
  for (const [path, { problem }] of found) {
    // A union's "matches none" at 'gps' says less than 'gps.lat' is too large: keep the precise one.
    const hasChild = [...found.keys()].some((other) => other.startsWith(`${path}.`));
    if (!hasChild && path !== '') problems[path] = problem;
  }
  return problems;
}
