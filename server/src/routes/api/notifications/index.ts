/**
 * Notifications service (spec section 7): last unread notifications, unread counts, mark one
 * read by _id, mark all read, and the full list for the notifications view. Every query is
 * scoped to the session's account and district. District administrators can announce a
 * notification to every member of their district (it arrives live over the socket).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { ok } from '../../../../../common/schemas/envelope.js';
import {
  AnnounceBody,
  AnnounceResult,
  MarkedAllRead,
  MarkedRead,
  NotificationIdParams,
  NotificationList,
  NotificationListItem as NotificationListItemSchema,
  NotificationListQuery,
  NOTIFICATIONS_PAGE_SIZE,
  UnreadCount,
} from '../../../../../common/schemas/notifications.js';
import { ApiError } from '../../../lib/errors.js';
import { requireAuth } from '../../../plugins/auth.js';
import { LAST_UNREAD_LIMIT } from '../../../plugins/envelope.js';
import { respond } from '../../../plugins/respond.js';
import { guardRoutes, requireCan } from '../../../plugins/rights.js';
import { memberChange } from '../../../plugins/tenant-cache.js';
import type { RouteContext } from '../../context.js';

export { NOTIFICATIONS_PAGE_SIZE };

const ITEM_COLUMNS = `id as "_id", created_at as "createdAt", name, translate, actions as notifications, kind, read_at as "readAt"`;

export type NotificationListItem = Static<typeof NotificationListItemSchema>;

const toItem = (row: NotificationListItem): NotificationListItem => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  readAt: row.readAt ? new Date(row.readAt).toISOString() : null,
});

export async function notificationRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['notifications'];
  app.addHook('preHandler', app.authenticate);
  guardRoutes(app, { feature: 'notifications', action: 'read' });

  app.get(
    '/',
    { schema: { tags, summary: "The session's notifications, newest first, a page at a time", querystring: NotificationListQuery, response: ok(NotificationList) } },
    async (request) => {
      const auth = requireAuth(request);
      const offset = Number(request.query.offset ?? 0);
      const limit = Math.min(Math.max(Number(request.query.limit ?? NOTIFICATIONS_PAGE_SIZE), 1), NOTIFICATIONS_PAGE_SIZE);
      const [items, total] = await Promise.all([
        auth.db.query<NotificationListItem>(
          `select ${ITEM_COLUMNS} from notifications where account_id = $1 and district_id = $2
            order by created_at desc, id limit $3 offset $4`,
          [auth.accountId, auth.districtId, limit, offset],
        ),
        auth.db.query<{ n: number }>('select count(*)::int as n from notifications where account_id = $1 and district_id = $2', [
          auth.accountId,
          auth.districtId,
        ]),
      ]);
      return respond(request, { items: items.rows.map(toItem), total: total.rows[0]?.n ?? 0 });
    },
  );

  app.get('/lastUnread', { schema: { tags, summary: 'The last unread general notifications (the bell menu)', response: ok(Type.Array(NotificationListItemSchema)) } }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<NotificationListItem>(
      `select ${ITEM_COLUMNS} from notifications
        where account_id = $1 and district_id = $2 and read_at is null and kind = 'general'
        order by created_at desc limit ${LAST_UNREAD_LIMIT}`,
      [auth.accountId, auth.districtId],
    );
    return respond(request, rows.map(toItem));
  });

  app.get('/unreadCount', { schema: { tags, summary: 'Unread counts, general and workflow', response: ok(UnreadCount) } }, async (request) => {
    const envelope = await respond(request, null);
    return { ...envelope, data: { unread: envelope.unreadNotificationsNumber, workflow: envelope.workflowNotificationsNumber } };
  });

  app.post(
    '/:id/read',
    { schema: { tags, summary: 'Marks one notification read', params: NotificationIdParams, response: ok(MarkedRead) } },
    async (request) => {
      const auth = requireAuth(request);
      const { rows } = await auth.db.query<{ id: string }>(
        `update notifications set read_at = coalesce(read_at, now())
          where id = $1 and account_id = $2 and district_id = $3 returning id`,
        [request.params.id, auth.accountId, auth.districtId],
      );
      if (rows.length === 0) {
        // The account's own notification, but of another of its districts (a tab still showing
        // it after a change of district): say which district it is in (error catalogue `infos`).
        // Another account's notification stays a plain 404.
        const elsewhere = await auth.db.query<{ name: string }>(
          `select d.name from notifications n join districts d on d.id = n.district_id
            where n.id = $1 and n.account_id = $2 and n.district_id <> $3`,
          [request.params.id, auth.accountId, auth.districtId],
        );
        const districtName = elsewhere.rows[0]?.name;
        if (districtName !== undefined) throw new ApiError(409, { message: 'notifications.other_district', infos: { districtName } });
        throw ApiError.notFound('notifications.not_found');
      }
      ctx.tenantCache.invalidate(memberChange(auth));
      return respond(request, { _id: request.params.id });
    },
  );

  app.post('/readAll', { schema: { tags, summary: 'Marks every notification of the session read', response: ok(MarkedAllRead) } }, async (request) => {
    const auth = requireAuth(request);
    const { affectedRows } = await auth.db.query(
      'update notifications set read_at = now() where account_id = $1 and district_id = $2 and read_at is null',
      [auth.accountId, auth.districtId],
    );
    ctx.tenantCache.invalidate(memberChange(auth));
    return respond(request, { marked: affectedRows });
  });

  app.post(
    '/announce',
    {
      onRequest: requireCan('admin', 'manage'),
      schema: { tags, summary: "Sends a notification to every member of the session's district (administrators)", body: AnnounceBody, response: ok(AnnounceResult) },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { rows } = await auth.db.query<{ account_id: string }>('select account_id from memberships where district_id = $1', [auth.districtId]);
      const items = await ctx.notifier.publish(
        auth.db,
        auth.clientDb,
        auth.districtId,
        rows.map((r) => r.account_id),
        { name: request.body.name.trim(), translate: false },
      );
      return respond(request, { recipients: items.length });
    },
  );
}
