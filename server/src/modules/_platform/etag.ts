/**
 * Entity tags: an answer's hash as its ETag, and the caller's If-None-Match compared with it
 * (304: the caller holds this answer already). The basemap's style and tiles, the attachments,
 * and the emergency list (whose unchanged answer is neither sent again nor rewritten on the device).
 */
import { createHash } from 'node:crypto';

/** A strong ETag of these bytes (22 characters of their SHA-256). */
export const etagOf = (bytes: Buffer | string): string => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

/** Whether If-None-Match names this ETag, weak or strong (a proxy may weaken it), or is `*`. */
export const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
