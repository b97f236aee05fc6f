/**
 * Emergency shares: what a send records (one share per site, a frozen copy of the shared
 * information, its images, one queued e-mail per recipient) and what the public viewer reads
 * back by token.
 */
import type { AttachmentStorage } from '../../../attachments/storage.js';
import type { EmergencySendResult, ViewerThirdPartyData } from '../../../../../common/api-types.js';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Databases } from '../../../db/databases.js';
import type { Database, Queryable } from '../../../db/types.js';
import { ApiError } from '../../../lib/errors.js';
import { shareMail } from '../../../mail/messages.js';
import { queueShareMails } from '../../../mail/outbox.js';
import { delayMs, uniqueRecipients, type DecodedImage, type SendInformationsBody, type SitePayload } from './payload.js';
import { dataUrl, districtSitesById, stageImages, storedBytes, type SiteInfo } from './sites.js';

/** 32 random bytes, base64url: 43 characters, unguessable. */
const TOKEN_BYTES = 32;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The viewer route of the app (spec section 2's viewerThirdParty prefix). */
export const shareLink = (publicUrl: string, token: string): string => `${publicUrl}/viewerThirdParty/${token}`;

/** The shared copy of a site: the general fields the send selected (the name always), and its stages. */
export type SiteSnapshot = Omit<ViewerThirdPartyData['site'], 'threeSixty'> & { threeSixty: { name: string }[] };

export type SendResult = EmergencySendResult;

function snapshotOf(site: SiteInfo, payload: SitePayload): SiteSnapshot {
  const general = new Set(payload.fields.general);
  return {
    // The name titles the e-mail and the viewer page: shared whatever the selection.
    name: site.name,
    ...(general.has('description') ? { description: site.description } : {}),
    ...(general.has('address.fullAddress') ? { address: site.address } : {}),
    ...(general.has('gps') ? { gps: site.gps } : {}),
    ...(general.has('owner.name') ? { owner: site.owner } : {}),
    threeD: payload.informations.threeD.map((s) => ({ name: s.name })),
    threeSixty: payload.informations.threeSixty.map((s) => ({ name: s.name })),
  };
}

export interface SendContext {
  accountId: string;
  email: string;
  districtId: string;
  idempotencyKey: string;
  publicUrl: string;
}

/**
 * Records a send in the caller's transaction. Sites are looked up in the session's district
 * only (404 otherwise). A 360 stage without an image from the app gets the stored one; a
 * stage the site does not have (renamed since the alert was queued offline) is still listed,
 * without an image, rather than failing an alert.
 */
export async function recordSend(
  tx: Queryable,
  ctx: SendContext,
  body: SendInformationsBody,
  clientImages: Map<string, DecodedImage>[],
): Promise<SendResult> {
  const sites = await districtSitesById(
    tx,
    ctx.districtId,
    body.sites.map((s) => s._id),
  );
  const byId = new Map(sites.map((s) => [s._id.toLowerCase(), s]));
  if (byId.size !== body.sites.length) throw ApiError.notFound('emergency.site_not_found');

  const delaySeconds = delayMs(body.delay) / 1000;
  const recipients = uniqueRecipients(body.recipients);
  const description = body.description ?? '';
  const emergency = body.emergency ?? false;
  const shareIds: string[] = [];
  // The transaction's time (now() is fixed for a transaction): every share of the send gets it.
  let serverTime: Date | null = null;

  // Few statements per send: on the embedded database they run one at a time for every
  // client, so each one saved is throughput when a queue of alerts arrives at once.
  for (const [index, payload] of body.sites.entries()) {
    const site = byId.get(payload._id.toLowerCase())!;
    const shareId = randomUUID();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const { rows } = await tx.query<{ created_at: Date; expires_at: Date }>(
      `insert into emergency_shares (id, token, district_id, site_id, created_by, idempotency_key, site, recipients, delay, emergency, description, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(secs => $12), now())
       returning created_at, expires_at`,
      [
        shareId,
        token,
        ctx.districtId,
        site._id,
        ctx.accountId,
        ctx.idempotencyKey,
        JSON.stringify(snapshotOf(site, payload)),
        recipients,
        JSON.stringify(body.delay),
        emergency,
        description,
        delaySeconds,
      ],
    );
    serverTime = new Date(rows[0]!.created_at);
    const expiresAt = new Date(rows[0]!.expires_at);

    const fromClient = clientImages[index]!;
    const missing = payload.informations.threeSixty.map((s) => s.name).filter((name) => !fromClient.has(name));
    // An uploaded panorama is named, not copied: its bytes stay in the attachment storage.
    const images = [
      ...[...fromClient].map(([name, image]) => ({ name, image: image.bytes, type: image.type, attachmentId: null })),
      ...(await stageImages(tx, ctx.districtId, site._id, missing)).map((stored) =>
        stored.attachment === undefined
          ? { name: stored.name, image: stored.image, type: stored.type, attachmentId: null }
          : { name: stored.name, image: null, type: null, attachmentId: stored.attachment.id },
      ),
    ];
    if (images.length > 0) {
      // One statement for all of them: bytea values as parameters, one row per image.
      const values = images.map((_, i) => `($1, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4}, $${4 * i + 5}::uuid)`).join(', ');
      await tx.query(`insert into emergency_share_images (share_id, name, image, image_type, attachment_id) values ${values}`, [
        shareId,
        ...images.flatMap((image) => [image.name, image.image, image.type, image.attachmentId]),
      ]);
    }

    const content = shareMail({ siteName: site.name, link: shareLink(ctx.publicUrl, token), expiresAt, sender: ctx.email, description, emergency });
    await queueShareMails(tx, shareId, recipients, content);
    shareIds.push(shareId);
  }
  return { shareIds, recipients, serverTime: serverTime!.toISOString() };
}

/** What the public viewer answers (common/api-types.ts). */
export type SharedView = ViewerThirdPartyData;

interface ShareRow {
  id: string;
  site: SiteSnapshot;
  description: string;
  emergency: boolean;
  created_at: Date;
  expires_at: Date;
  expired: boolean;
}

async function findShare(db: Database, token: string): Promise<ShareRow | null> {
  const { rows } = await db.query<ShareRow>(
    `select id, site, description, emergency, created_at, expires_at, expires_at <= now() as expired
       from emergency_shares where token = $1`,
    [token],
  );
  return rows[0] ?? null;
}

/**
 * The share behind a public token. The link carries no tenant, so every client database of
 * the registry is asked (by a unique index; tokens are random, at most one answers); the
 * share is then read from that database only. 404 unknown, 410 expired.
 */
export async function readShare(databases: Databases, storage: AttachmentStorage, token: string): Promise<SharedView> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw ApiError.notFound('emergency.share_not_found');
  const { rows: clients } = await databases.control.query<{ database: string }>('select database from clients');
  const answers = await Promise.allSettled(
    clients.map(async ({ database }) => {
      const db = await databases.client(database);
      const share = await findShare(db, token);
      return share ? { db, share } : null;
    }),
  );
  const found = answers.map((a) => (a.status === 'fulfilled' ? a.value : null)).find((hit) => hit !== null);
  if (!found) {
    // A database that did not answer may hold the share: that is a server failure, not a 404.
    const failure = answers.find((a) => a.status === 'rejected');
    if (failure) throw failure.reason;
    throw ApiError.notFound('emergency.share_not_found');
  }
  const { db, share } = found;
  if (share.expired) throw new ApiError(410, { message: 'emergency.share_expired' });

  // A named panorama is read from the attachment storage (its row even if the stage or the
  // attachment was deleted since: the share shows what was sent until it expires).
  const { rows: images } = await db.query<{ name: string; image: Uint8Array | null; image_type: string | null; type: string | null; storage_key: string | null }>(
    `select i.name, i.image, i.image_type, a.type, a.storage_key
       from emergency_share_images i left join attachments a on a.id = i.attachment_id
      where i.share_id = $1`,
    [share.id],
  );
  const loaded = await Promise.all(
    images.map(async (i): Promise<[string, string] | null> => {
      if (i.image !== null && i.image_type !== null) return [i.name, dataUrl(i.image_type, i.image)];
      if (i.storage_key === null || i.type === null) return null;
      const bytes = await storedBytes(storage, i.storage_key).catch(() => null);
      return bytes ? [i.name, dataUrl(i.type, bytes)] : null;
    }),
  );
  const imageOf = new Map(loaded.filter((entry) => entry !== null));
  return {
    site: { ...share.site, threeSixty: share.site.threeSixty.map((s) => ({ name: s.name, image: imageOf.get(s.name) ?? null })) },
    description: share.description,
    emergency: share.emergency,
    createdAt: new Date(share.created_at).toISOString(),
    expiresAt: new Date(share.expires_at).toISOString(),
  };
}
