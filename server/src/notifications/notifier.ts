/**
 * Creates notifications and tells the connected sockets of their recipients, in that one
 * district only: the socket room is per client database, district and account.
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'socket.io';
import type { NotificationAction, NotificationItem } from '../../../common/api-types.js';
import type { Queryable } from '../db/types.js';
import type { TenantCache } from '../plugins/tenant-cache.js';
import { memberRoom } from '../socket/index.js';

export const NOTIFICATION_EVENT = 'notifications:new';

export interface NewNotification {
  name: string;
  translate: boolean;
  kind?: 'general' | 'workflow';
  actions?: NotificationAction[];
}

export class Notifier {
  constructor(
    private readonly io: Server,
    private readonly cache: TenantCache,
  ) {}

  async publish(db: Queryable, clientDb: string, districtId: string, accountIds: string[], input: NewNotification): Promise<NotificationItem[]> {
    const items: NotificationItem[] = [];
    for (const accountId of accountIds) {
      const id = randomUUID();
      const { rows } = await db.query<{ created_at: Date }>(
        `insert into notifications (id, district_id, account_id, kind, name, translate, actions)
         values ($1, $2, $3, $4, $5, $6, $7) returning created_at`,
        [id, districtId, accountId, input.kind ?? 'general', input.name, input.translate, JSON.stringify(input.actions ?? [])],
      );
      const item: NotificationItem = {
        _id: id,
        createdAt: new Date(rows[0]!.created_at).toISOString(),
        name: input.name,
        translate: input.translate,
        notifications: input.actions ?? [],
      };
      items.push(item);
      // Before the socket event: the app refetches on it and must see the new counts.
      this.cache.invalidate({ kind: 'member', db: clientDb, districtId, accountId });
      this.io.to(memberRoom(clientDb, districtId, accountId)).emit(NOTIFICATION_EVENT, { kind: input.kind ?? 'general', notification: item });
    }
    return items;
  }
}
