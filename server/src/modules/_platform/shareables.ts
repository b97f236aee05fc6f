/**
 * What a share link (the third-party module's links, the public viewer) may share, by kind: each
 * module that owns shareable things registers its kinds here (the files module its folders and
 * documents, the sites module a site's general information...), and the links read them through
 * this registry alone, never through the owning module's code. A kind answers for the session's
 * district only: an id of another district, or deleted, is null (the share then shows it as
 * gone, and its files are not served).
 */
import type { Queryable } from '../../db/types.js';

/** A file a shared item makes downloadable: one complete attachment of the district. */
export interface SharedFile {
  attachmentId: string;
  name: string;
  type: string;
  size: number;
  /** Where it is below the shared item (a folder's sub-folders: `Plans/Niveau 1`), '' at its top. */
  path: string;
  updatedAt: string;
}

/** What a shared item shows in the viewer besides its files: labelled values, in the reader's language where it matters. */
export interface SharedContent {
  title: string;
  /** The site it belongs to, if any (a share is made from a site's sheet). */
  siteId: string | null;
  /** Labelled values (a site's address, a contact's telephone), shown as they are. */
  fields: readonly { label: string; value: string }[];
  files: readonly SharedFile[];
}

export interface ShareableKind {
  /** The kind's name in a share's items (`folder`, `document`, `site`, `contacts`, `stages`, `preventionPlan`...). */
  kind: string;
  /** The item as the viewer shows it, read now (a folder's files as they are today), or null when it is not there. */
  read: (db: Queryable, districtId: string, id: string, language: 'fr' | 'en') => Promise<SharedContent | null>;
}

const kinds = new Map<string, ShareableKind>();

/** Registers a kind (once, from its module's descriptor or part). */
export function registerShareable(kind: ShareableKind): void {
  if (kinds.has(kind.kind)) throw new Error(`shareable kind ${kind.kind} registered twice`);
  kinds.set(kind.kind, kind);
}

export const shareableKind = (kind: string): ShareableKind | undefined => kinds.get(kind);

export const shareableKinds = (): readonly string[] => [...kinds.keys()];
