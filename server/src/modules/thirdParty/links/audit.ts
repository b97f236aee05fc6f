/** The share links' lines in the audit log of administrative acts (_platform/audit.ts): a link created, a link revoked. */
import type { FastifyRequest } from 'fastify';
import type { Link } from '../../../../../common/modules/thirdParty/links.js';
import type { Queryable } from '../../../db/types.js';
import { recordAuditOf } from '../../_platform/audit.js';

export async function auditShare<T extends Link>(request: FastifyRequest, control: Queryable, act: 'share.created' | 'share.revoked', link: T): Promise<T> {
  await recordAuditOf(request, control, {
    act,
    target: { kind: 'shareLink', id: link.id, label: link.recipientEmail },
    details: { site: link.siteName, recipient: link.recipientName, items: link.items.length, expiresAt: link.expiresAt },
  });
  return link;
}
