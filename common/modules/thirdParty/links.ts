/**
 * The share links' API contract (routes under /api/third-party/links, public under
 * /api/shared/links), written once: a link shares chosen items of one site (kinds registered by
 * their owning modules: server/src/modules/_platform/shareables.ts) with one person outside the
 * product, until it expires or is revoked, optionally behind a one-time code e-mailed to that
 * person; every opening and download is logged for the sharer.
 *
 * Rights: the manifest has a reading right only (spec section 6): holders of third-party.read
 * make, extend and revoke their district's links.
 */
import Type, { type Static } from 'typebox';
import { Email } from '../../schemas/email';
import { Actor, IsoDateTime, Uuid } from '../../schemas/platform';

/** A link lasts this many days unless its sharer says otherwise, and never more than the maximum. */
export const LINK_DEFAULT_DAYS = 14;
export const LINK_MAX_DAYS = 90;
/** Items of one link at most. */
export const LINK_ITEMS_MAX = 50;
export const LINK_MESSAGE_MAX = 2000;
export const LINK_NAME_MAX = 200;
/** The one-time code: digits, minutes it lives, wrong tries before the code is locked, minutes locked. */
export const OTP_DIGITS = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_LOCK_MINUTES = 15;
/** Minutes the viewer stays open after a right code (its cookie). */
export const OTP_SESSION_MINUTES = 60;
/** Rows of a link's access log the sheet shows at most (newest first). */
export const ACCESS_LOG_MAX = 500;

/** The app's address of the public viewer of a link's token (the same path as an emergency share's). */
export const viewerPath = (token: string): string => `/viewerThirdParty/${token}`;
/** The public API of a link (no session). */
export const SHARED_LINKS_PREFIX = '/shared/links';

/** A kind name as registered: letters only. */
export const ShareKind = Type.String({ pattern: '^[A-Za-z]{1,40}$', maxLength: 40 });
export const ShareItem = Type.Object({ kind: ShareKind, id: Uuid }, { additionalProperties: false });
export type ShareItem = Static<typeof ShareItem>;

export const LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const LinkState = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]);
export type LinkState = (typeof LINK_STATES)[number];

export const LinkCreate = Type.Object(
  {
    /** Made by the app (the outbox's record id): the link's id. */
    id: Uuid,
    siteId: Uuid,
    recipientName: Type.String({ minLength: 1, maxLength: LINK_NAME_MAX }),
    recipientEmail: Email,
    message: Type.Optional(Type.String({ maxLength: LINK_MESSAGE_MAX })),
    items: Type.Array(ShareItem, { minItems: 1, maxItems: LINK_ITEMS_MAX }),
    /** Default: LINK_DEFAULT_DAYS from now; at most LINK_MAX_DAYS from now. */
    expiresAt: Type.Optional(IsoDateTime),
    /** The recipient types a code e-mailed to them before seeing anything. */
    otp: Type.Boolean(),
    /** The language of the recipient's e-mails (the viewer follows the browser's). */
    language: Type.Optional(Type.Union([Type.Literal('fr'), Type.Literal('en')])),
  },
  { additionalProperties: false },
);
export type LinkCreate = Static<typeof LinkCreate>;

export const LinkExtend = Type.Object({ expiresAt: IsoDateTime }, { additionalProperties: false });
export type LinkExtend = Static<typeof LinkExtend>;

/** An item of a link as the sharer sees it: its title now, null when it is gone. */
export const LinkItem = Type.Object({ kind: Type.String(), id: Uuid, title: Type.Union([Type.String(), Type.Null()]) });
export type LinkItem = Static<typeof LinkItem>;

export const Link = Type.Object({
  id: Uuid,
  siteId: Uuid,
  siteName: Type.String(),
  recipientName: Type.String(),
  recipientEmail: Type.String(),
  message: Type.String(),
  items: Type.Array(LinkItem),
  otp: Type.Boolean(),
  language: Type.Union([Type.Literal('fr'), Type.Literal('en')]),
  state: LinkState,
  createdAt: IsoDateTime,
  createdBy: Actor,
  expiresAt: IsoDateTime,
  revokedAt: Type.Union([IsoDateTime, Type.Null()]),
  revokedBy: Type.Union([Actor, Type.Null()]),
  accessCount: Type.Integer(),
  lastAccessAt: Type.Union([IsoDateTime, Type.Null()]),
});
export type Link = Static<typeof Link>;

/** The answer of a creation: the token once (only its hash is kept), and the viewer's address. */
export const LinkCreated = Type.Intersect([Link, Type.Object({ token: Type.String(), url: Type.String() })]);
export type LinkCreated = Static<typeof LinkCreated>;

export const ACCESS_ACTIONS = ['open', 'download', 'codeSent', 'codeWrong', 'codeRight', 'codeLocked'] as const;
export const AccessAction = Type.Union([
  Type.Literal('open'),
  Type.Literal('download'),
  Type.Literal('codeSent'),
  Type.Literal('codeWrong'),
  Type.Literal('codeRight'),
  Type.Literal('codeLocked'),
]);
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const AccessEntry = Type.Object({
  at: IsoDateTime,
  action: AccessAction,
  itemKind: Type.Union([Type.String(), Type.Null()]),
  itemId: Type.Union([Uuid, Type.Null()]),
  fileName: Type.Union([Type.String(), Type.Null()]),
  address: Type.String(),
  userAgent: Type.String(),
});
export type AccessEntry = Static<typeof AccessEntry>;

export const LinkDetail = Type.Intersect([Link, Type.Object({ access: Type.Array(AccessEntry) })]);
export type LinkDetail = Static<typeof LinkDetail>;

export const LinkListQuery = Type.Object(
  {
    state: Type.Optional(LinkState),
    siteId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type LinkListQuery = Static<typeof LinkListQuery>;

/** The items the create form may offer for a site, and the titles of prefilled ones. */
export const ItemsQuery = Type.Object(
  {
    siteId: Uuid,
    /** `kind:uuid,kind:uuid` (the /third-party/new?items= contract). */
    items: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export const ItemChoices = Type.Object({
  siteName: Type.String(),
  /** The site's own kinds (id = the site's), registered on this server. */
  siteKinds: Type.Array(Type.String()),
  /** Every registered kind. */
  kinds: Type.Array(Type.String()),
  /** The asked items with their title (null: not in the district, or a kind nobody registered). */
  items: Type.Array(LinkItem),
});
export type ItemChoices = Static<typeof ItemChoices>;

/** Parses `kind:uuid,kind:uuid` (the URL contract); malformed entries are dropped. */
export function parseItemsParam(value: string | undefined): ShareItem[] {
  if (!value) return [];
  const seen = new Set<string>();
  const items: ShareItem[] = [];
  for (const part of value.split(',')) {
    const match = /^([A-Za-z]{1,40}):([0-9a-fA-F-]{36})$/.exec(part.trim());
    if (!match) continue;
    const key = `${match[1]}:${match[2]!.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ kind: match[1]!, id: match[2]!.toLowerCase() });
  }
  return items.slice(0, LINK_ITEMS_MAX);
}

// ---- public (no session) ----

export const SharedFile = Type.Object({
  id: Uuid,
  name: Type.String(),
  type: Type.String(),
  size: Type.Number(),
  path: Type.String(),
  updatedAt: IsoDateTime,
});
export const SharedItem = Type.Object({
  kind: Type.String(),
  id: Uuid,
  title: Type.String(),
  fields: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  files: Type.Array(SharedFile),
});
export type SharedItem = Static<typeof SharedItem>;

export const SharedLinkView = Type.Object({
  kind: Type.Literal('link'),
  siteName: Type.String(),
  recipientName: Type.String(),
  senderName: Type.String(),
  message: Type.String(),
  expiresAt: IsoDateTime,
  /** The recipient must type the e-mailed code first: then `items` is empty and `email` says where the code goes. */
  codeRequired: Type.Boolean(),
  email: Type.String(),
  /** Shared items still there (one gone since is left out). */
  items: Type.Array(SharedItem),
});
export type SharedLinkView = Static<typeof SharedLinkView>;

export const CodeSent = Type.Object({ email: Type.String(), expiresAt: IsoDateTime });
export type CodeSent = Static<typeof CodeSent>;
export const CodeCheck = Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$', maxLength: 6 }) }, { additionalProperties: false });
export type CodeCheck = Static<typeof CodeCheck>;
export const CodeChecked = Type.Object({ until: IsoDateTime });

export const LinkTokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export const LinkFileParams = Type.Object({ token: Type.String({ maxLength: 100 }), fileId: Type.String({ maxLength: 40 }) }, { additionalProperties: false });

/** Error keys (common.json, thirdParty.links). */
export const LINK_ERRORS = {
  notFound: 'thirdParty.links.not_found',
  exists: 'thirdParty.links.exists',
  expired: 'thirdParty.links.expired',
  revoked: 'thirdParty.links.revoked',
  siteNotFound: 'thirdParty.links.site_not_found',
  itemNotFound: 'thirdParty.links.item_not_found',
  kindUnknown: 'thirdParty.links.kind_unknown',
  expiryInvalid: 'thirdParty.links.expiry_invalid',
  notActive: 'thirdParty.links.not_active',
  codeRequired: 'thirdParty.links.code_required',
  codeWrong: 'thirdParty.links.code_wrong',
  codeExpired: 'thirdParty.links.code_expired',
  codeLocked: 'thirdParty.links.code_locked',
  codeNotAsked: 'thirdParty.links.code_not_asked',
  fileNotFound: 'thirdParty.links.file_not_found',
} as const;
