/**
 * Where a module may hand a stored file to another (the data-sharing area moves an outside
 * party's deposit into a site's folder): the module owning the destination registers its kind
 * here, the module moving the file calls it by kind, and neither imports the other. `place`
 * runs in the caller's transaction, in the caller's district only: it files a copy of the
 * attachment (same stored bytes) as a record of its own and answers where it went, or throws a
 * 4xx (an unknown folder is 404).
 */
import type { Queryable } from '../../db/types.js';
import type { RecordScope } from './records.js';

/** A complete attachment of the district to file elsewhere. */
export interface PlacedFile {
  /** The stored file (attachments row) the copy shares its bytes with. */
  attachmentId: string;
  name: string;
}

export interface DocumentPlace {
  /** The record made for the file (a document), and a readable label of where it went (`Site / Dossier`). */
  recordId: string;
  label: string;
}

export interface DocumentDestination {
  /** The destination's kind (`siteFolder`). */
  kind: string;
  /**
   * Files `file` into `targetId` (a folder) as record `recordId` (the caller's id: a replay
   * finds the same), in `scope`'s district and transaction.
   */
  place: (scope: RecordScope & { db: Queryable }, target: { targetId: string; recordId: string }, file: PlacedFile) => Promise<DocumentPlace>;
}

const destinations = new Map<string, DocumentDestination>();

/** Registers a destination (once, from its module's descriptor). */
export function registerDocumentDestination(destination: DocumentDestination): void {
  if (destinations.has(destination.kind)) throw new Error(`document destination ${destination.kind} registered twice`);
  destinations.set(destination.kind, destination);
}

export const documentDestination = (kind: string): DocumentDestination | undefined => destinations.get(kind);
