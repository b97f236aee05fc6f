/**
 * What a declaration's write tells people (its bell and its e-mail, written in the write's
 * transaction, announced on the sockets once committed), and the status change with its
 * notice, as one handler: the declarations' own route (declarations manage right) and the
 * incidents' management route of the map (cartography_advanced incidentManagement_admin,
 * server/src/modules/cartography/routes.ts) run the same workflow, rules and notices.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatusChange } from '../../../../common/modules/declarations/schemas.js';
import type { Queryable } from '../../db/types.js';
import { declarationBell, declarationMail } from '../../mail/messages.js';
import { notifyMailQueued } from '../../mail/worker.js';
import type { RecordedNotification } from '../../notifications/notifier.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged } from '../_platform/events.js';
import { sendNotice } from '../_platform/notices.js';
import { DECLARATIONS_MODULE, type DeclarationsRepository, type Notice } from './repository.js';

export function declarationNotices(ctx: RouteContext) {
  /**
   * The bell and the e-mail of a notice, written in the write's transaction; returns what to
   * announce on the sockets once it has committed. Recipients no longer members of the
   * district are skipped.
   */
  const notify = async (request: FastifyRequest, tx: Queryable, notice: Notice | null): Promise<RecordedNotification[]> => {
    if (!notice || notice.recipients.length === 0) return [];
    const d = notice.declaration;
    const about = {
      kind: notice.kind,
      title: d.title,
      templateName: d.template.name,
      siteName: d.siteName,
      severity: d.severity,
      ...(notice.status ? { status: notice.status } : {}),
      ...(notice.reason ? { reason: notice.reason } : {}),
    };
    return sendNotice(ctx, tx, {
      districtId: requireAuth(request).districtId,
      to: notice.recipients,
      bell: (language) => declarationBell({ ...about, language }),
      path: `/declarations/${d.id}`,
      openKey: 'declarations.open',
      mail: (link, language) => declarationMail({ ...about, link, language }),
    });
  };
  const announce = (request: FastifyRequest, items: RecordedNotification[]) => {
    if (items.length === 0) return;
    const auth = requireAuth(request);
    ctx.notifier.announce(auth.clientDb, auth.districtId, items);
    notifyMailQueued();
  };
  return { notify, announce };
}

/**
 * POST …/:id/status: one step of the workflow (STATUS_TRANSITIONS, with its reason; 409 for a
 * step back or from closed, 409 record.version_conflict from an old version), in one
 * transaction with its Idempotency-Key; the author told; `records:changed` of the declaration.
 */
export function statusChangeHandler(ctx: RouteContext, repository: (request: FastifyRequest, tx: Queryable) => DeclarationsRepository) {
  const { notify, announce } = declarationNotices(ctx);
  return async (request: FastifyRequest<{ Params: { id: string }; Body: StatusChange }>, reply: FastifyReply) => {
    let rung: RecordedNotification[] = [];
    const data = await idempotentWrite(
      request,
      reply,
      async (tx) => {
        const { declaration, notice } = await repository(request, tx).changeStatus(request.params.id, request.body);
        rung = await notify(request, tx, notice);
        return { statusCode: 200, data: declaration };
      },
      (record) => {
        const auth = requireAuth(request);
        emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: DECLARATIONS_MODULE, id: record.id, version: record.version });
        announce(request, rung);
      },
    );
    return respond(request, data);
  };
}
