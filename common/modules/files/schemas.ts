/**
 * The Files module's API contract (routes under /api/files), written once: the folder tree of
 * each site type (the template every site of that type follows), each site's folders (the
 * template's, kept, plus its own), the documents of a site's folders with their versions (each
 * version one attachment of module `files`), tags, a validity end date, search, the CSV export.
 * Server: server/src/modules/files/; screens: src/features/files/.
 */
import Type, { type Static } from 'typebox';
import { Actor, IsoDateTime, Uuid } from '../../schemas/platform';

export const FOLDER_NAME_MAX = 120;
export const DOCUMENT_NAME_MAX = 200;
export const TAG_MAX = 40;
export const TAGS_MAX = 20;
/** A document whose validity ends within this many days is "expiring" (and its reminder is sent once). */
export const DOCUMENT_EXPIRING_DAYS = 30;
/** Rows of a search answer at most. */
export const SEARCH_LIMIT = 200;
/** The attachments' module name of the documents' versions. */
export const FILES_ATTACHMENT_MODULE = 'files';

/** A calendar day, YYYY-MM-DD. */
export const IsoDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

const Name = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[^/\\\\]*\\S[^/\\\\]*$' });
export const FolderName = Name(FOLDER_NAME_MAX);
export const DocumentName = Name(DOCUMENT_NAME_MAX);
export const Tag = Type.String({ minLength: 1, maxLength: TAG_MAX, pattern: '\\S' });
export const Tags = Type.Array(Tag, { maxItems: TAGS_MAX });

export const VALIDITIES = ['none', 'valid', 'expiring', 'expired'] as const;
export const Validity = Type.Union([Type.Literal('none'), Type.Literal('valid'), Type.Literal('expiring'), Type.Literal('expired')]);
export type Validity = (typeof VALIDITIES)[number];

/** A document's validity on `today` (YYYY-MM-DD), given its end date. */
export function validityOf(validUntil: string | null, today: string, expiringDays = DOCUMENT_EXPIRING_DAYS): Validity {
  if (!validUntil) return 'none';
  if (validUntil < today) return 'expired';
  const limit = new Date(Date.parse(`${today}T00:00:00Z`) + expiringDays * 86_400_000).toISOString().slice(0, 10);
  return validUntil <= limit ? 'expiring' : 'valid';
}

// ---------------------------------------------------------------- folders

export const Folder = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  parentId: Type.Union([Uuid, Type.Null()]),
  /** A template folder's site type, or null. */
  siteTypeId: Type.Union([Uuid, Type.Null()]),
  /** A site folder's site, or null. */
  siteId: Type.Union([Uuid, Type.Null()]),
  /** The template folder a site folder follows, or null (the site's own). */
  templateId: Type.Union([Uuid, Type.Null()]),
  name: Type.String(),
  /** Live documents directly in it (site folders). */
  documents: Type.Integer({ minimum: 0 }),
  /** Bytes of their current versions. */
  bytes: Type.Integer({ minimum: 0 }),
  updatedAt: IsoDateTime,
  deletedAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type Folder = Static<typeof Folder>;

/** A new folder: in a site type's template or in a site, at the top or under `parentId` (of the same tree). */
export const FolderCreate = Type.Object(
  {
    id: Uuid,
    name: FolderName,
    parentId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    siteTypeId: Type.Optional(Uuid),
    siteId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type FolderCreate = Static<typeof FolderCreate>;

/** A rename or a move (within its tree). */
export const FolderUpdate = Type.Object(
  {
    baseVersion: Type.Integer({ minimum: 1 }),
    changes: Type.Object({ name: Type.Optional(FolderName), parentId: Type.Optional(Type.Union([Uuid, Type.Null()])) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type FolderUpdate = Static<typeof FolderUpdate>;

/** A tree: its folders (deleted ones only when asked). */
export const FolderTree = Type.Object({ folders: Type.Array(Folder) });
export type FolderTree = Static<typeof FolderTree>;

export const TreeQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

// ---------------------------------------------------------------- documents

export const DocumentVersion = Type.Object({
  /** The attachment's id. */
  id: Uuid,
  number: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  type: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  /** Complete on the server (an upload still under way is not). */
  complete: Type.Boolean(),
  url: Type.String(),
  createdAt: IsoDateTime,
  createdBy: Actor,
});
export type DocumentVersion = Static<typeof DocumentVersion>;

export const FileDocument = Type.Object({
  id: Uuid,
  version: Type.Integer({ minimum: 1 }),
  folderId: Uuid,
  siteId: Uuid,
  name: Type.String(),
  tags: Type.Array(Type.String()),
  validUntil: Type.Union([IsoDay, Type.Null()]),
  validity: Validity,
  /** The current version (the last one uploaded). */
  current: Type.Union([DocumentVersion, Type.Null()]),
  versions: Type.Integer({ minimum: 0 }),
  /** Folder names from the site's top to the document's folder (`Plans/Niveau 1`). */
  path: Type.String(),
  updatedAt: IsoDateTime,
  updatedBy: Actor,
  deletedAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type FileDocument = Static<typeof FileDocument>;

export const DocumentSheet = Type.Intersect([FileDocument, Type.Object({ allVersions: Type.Array(DocumentVersion) })]);
export type DocumentSheet = Static<typeof DocumentSheet>;

/**
 * An uploaded file filed in a folder (sent after or before its tus upload, attachment `attachmentId`):
 * a new document, or a new version of the live document of the same name in that folder.
 */
export const UploadBody = Type.Object(
  {
    attachmentId: Uuid,
    /** The document's id when the upload makes a new one (the device's, so a document made offline has its identity). */
    documentId: Uuid,
    folderId: Uuid,
    name: DocumentName,
    tags: Type.Optional(Tags),
    validUntil: Type.Optional(Type.Union([IsoDay, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UploadBody = Static<typeof UploadBody>;

export const DocumentUpdate = Type.Object(
  {
    baseVersion: Type.Integer({ minimum: 1 }),
    changes: Type.Object(
      {
        name: Type.Optional(DocumentName),
        folderId: Type.Optional(Uuid),
        tags: Type.Optional(Tags),
        validUntil: Type.Optional(Type.Union([IsoDay, Type.Null()])),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type DocumentUpdate = Static<typeof DocumentUpdate>;

export const FolderDocumentsQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });

export const SearchQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    tag: Type.Optional(Type.String({ maxLength: TAG_MAX })),
    site: Type.Optional(Uuid),
    validity: Type.Optional(Validity),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

// ---------------------------------------------------------------- choices

export const NamedChoice = Type.Object({ id: Uuid, name: Type.String() });
export const SiteChoice = Type.Object({ id: Uuid, name: Type.String(), siteTypeId: Type.Union([Uuid, Type.Null()]) });
export const FilesChoices = Type.Object({ siteTypes: Type.Array(NamedChoice), sites: Type.Array(SiteChoice) });
export type FilesChoices = Static<typeof FilesChoices>;

/** The app's address of a site's files (the explorer on that site). */
export const siteFilesPath = (siteId: string): string => `/files/sites?site=${siteId}`;
export const documentPath = (siteId: string, folderId: string, documentId: string): string => `/files/sites?site=${siteId}&folder=${folderId}&document=${documentId}`;
