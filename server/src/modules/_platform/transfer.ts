/**
 * What a module gives the import/export module (docs/importExport.md): its exports (records of
 * a list, with the list's filters, as rows of cells) and its imports (fields, how a record is
 * found by its external reference, how rows are written through the module's own store so each
 * record's history is written). A module declares them in its descriptor (`exports`,
 * `imports`: ServerModule), the implementation in a file of its own folder; modules/index.ts
 * registers them here and the import/export module reads this registry. Modules never import
 * each other.
 */
import type { Language } from '../../../../common/constants.js';
import type { Feature } from '../../../../common/rights.js';
import type { Queryable } from '../../db/types.js';
import type { RecordScope } from './records.js';

export type Words = Readonly<Record<Language, string>>;
export type Cell = string | number | null;

/** One export of a module: a list's records as rows. */
export interface ModuleExport {
  /** Unique among exports (`sites`): the route's name and the file's. */
  name: string;
  /** The read right it needs (a manifest feature). */
  feature: Feature;
  /** Other features whose read right reads these records too (the inventory's and inventory V2's). */
  anyOf?: readonly Feature[];
  label: Words;
  /**
   * The app's addresses of the lists showing these records (`/supplier/supplier-view`): their
   * list page shows "Export" with the list's filters taken from its address.
   */
  lists?: readonly string[];
  /** The columns, in order. */
  columns: readonly { key: string; label: Words }[];
  /** The list filters accepted (query parameters); others are refused (400). */
  filters: readonly string[];
  /**
   * The district's live records matching `filters` (already restricted to the accepted names), at
   * most `limit`; `control` is the control database (actors' names, for a list read through the
   * record core). A bad filter value is an ApiError (400), as on the list.
   */
  rows: (db: Queryable, districtId: string, filters: Record<string, string>, limit: number, control: Queryable) => Promise<Cell[][]>;
}

/** One field of an import. */
export interface ImportField {
  key: string;
  label: Words;
  required?: boolean;
  type: 'text' | 'number';
  /** Longest text accepted. */
  max?: number;
  /** Lowest and highest number accepted. */
  min?: number;
  maxValue?: number;
  /** More headers that name the field (folded: lower case, no accents), besides its labels and key. */
  aliases?: readonly string[];
  /** Written when the record is created, never compared nor updated afterwards (a new account's language). */
  createOnly?: boolean;
}

/** A row's values by field key, converted (text trimmed, numbers parsed; empty: null). */
export type ImportValues = Record<string, string | number | null>;

/** What an import writes with, in the import's transaction (its scope). */
export interface ImportWriter {
  /** The current values of live records by id (to tell an update from an unchanged row). */
  current: (ids: string[]) => Promise<Map<string, { version: number; values: ImportValues }>>;
  /**
   * A check of the whole row beyond the fields' own (a reference that must exist): an error key
   * and its field, or null. `ref` is the row's external reference.
   */
  check?: (values: ImportValues, ref: string) => Promise<{ reason: string; field: string } | null>;
  /**
   * The records the references name by themselves (an account's e-mail), by reference: used
   * instead of the references kept by earlier imports (import_refs).
   */
  find?: (refs: string[]) => Promise<Map<string, string>>;
  /** Creates the records (new ids), their creation written in their history. */
  create: (rows: { id: string; values: ImportValues }[]) => Promise<void>;
  /** Updates one record from `version` with the changed values (its history written). */
  update: (id: string, version: number, changes: ImportValues) => Promise<void>;
}

export interface ModuleImport {
  /** Unique among imports (`sites`). */
  name: string;
  /** The right that reads these records (the import also needs imports.create). */
  feature: Feature;
  /** Other features whose read right reads these records too. */
  anyOf?: readonly Feature[];
  label: Words;
  fields: readonly ImportField[];
  /** The socket module name of its records (`records:changed` after an import). */
  module: string;
  writer: (scope: RecordScope, context: ImportContext) => ImportWriter;
}

/** What an import runs in besides its scope. */
export interface ImportContext {
  /** The session's client database. */
  clientDb: string;
  /** The app's public address (links in e-mails). */
  publicUrl: string;
  /** Run once the import's transaction committed (a job); a dry run never runs them. */
  afterCommit: (() => void)[];
  /** A member's rights here changed: its cached rights are dropped once committed. */
  memberChanged: (accountId: string) => void;
}

const EXPORTS = new Map<string, ModuleExport>();
const IMPORTS = new Map<string, ModuleImport>();

export function registerExports(list: readonly ModuleExport[]): void {
  for (const e of list) EXPORTS.set(e.name, e);
}
export function registerImports(list: readonly ModuleImport[]): void {
  for (const i of list) IMPORTS.set(i.name, i);
}
/** Whether `rights` read the records of an export or an import (its feature or one of `anyOf`). */
export const readsRecords = (spec: Pick<ModuleExport, 'feature' | 'anyOf'>, reads: (feature: Feature) => boolean): boolean => [spec.feature, ...(spec.anyOf ?? [])].some(reads);
export const moduleExports = (): ModuleExport[] => [...EXPORTS.values()];
export const moduleImports = (): ModuleImport[] => [...IMPORTS.values()];
export const moduleExport = (name: string): ModuleExport | undefined => EXPORTS.get(name);
export const moduleImport = (name: string): ModuleImport | undefined => IMPORTS.get(name);
