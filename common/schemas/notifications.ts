/** The notifications routes (spec section 7): list, last unread, counts, mark read, announce. */
import Type from 'typebox';
import { NotificationItem } from './envelope.js';
import { Name, UuidString } from './ids.js';

export const NOTIFICATIONS_PAGE_SIZE = 50;
export const ANNOUNCE_MAX_LENGTH = 200;

export const NotificationListQuery = Type.Object(
  {
    /** Decimal digits (a query string carries text): how many to skip. */
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
    /** Decimal digits; at most NOTIFICATIONS_PAGE_SIZE are answered. */
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  },
  { additionalProperties: false },
);

export const NotificationListItem = Type.Object({
  ...NotificationItem.properties,
  kind: Type.Union([Type.Literal('general'), Type.Literal('workflow')]),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const NotificationList = Type.Object({ items: Type.Array(NotificationListItem), total: Type.Integer({ minimum: 0 }) });
export const UnreadCount = Type.Object({ unread: Type.Integer({ minimum: 0 }), workflow: Type.Integer({ minimum: 0 }) });
export const NotificationIdParams = Type.Object({ id: UuidString }, { additionalProperties: false });
export const MarkedRead = Type.Object({ _id: Type.String() });
export const MarkedAllRead = Type.Object({ marked: Type.Integer({ minimum: 0 }) });
export const AnnounceBody = Type.Object({ name: Name(ANNOUNCE_MAX_LENGTH) }, { additionalProperties: false });
export const AnnounceResult = Type.Object({ recipients: Type.Integer({ minimum: 0 }) });
