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

/** A notification written for one account, to announce after commit. */
export interface RecordedNotification {
  accountId: string;
  kind: 'general' | 'workflow';
  item: NotificationItem;
}

export class Notifier {
  constructor(
    private readonly io: Server,
    private readonly cache: TenantCache,
  ) {}

  async publish(db: Queryable, clientDb: string, districtId: string, accountIds: string[], input: NewNotification): Promise<NotificationItem[]> {
    const items = await this.record(db, districtId, accountIds, input);
    this.announce(clientDb, districtId, items);
    return items.map((recorded) => recorded.item);
  }

  /**
   * Writes the notifications only, in the caller's transaction: a module whose write notifies
   * calls `announce` once that transaction has committed, so no bell rings for a write that
   * was rolled back, and a replayed write (idempotency) rings nothing twice.
   */
  async record(db: Queryable, districtId: string, accountIds: string[], input: NewNotification): Promise<RecordedNotification[]> {
    const items: RecordedNotification[] = [];
    for (const accountId of accountIds) {
      const id = randomUUID();
      const { rows } = await db.query<{ created_at: Date }>(
        `insert into notifications (id, district_id, account_id, kind, name, translate, actions)
         values ($1, $2, $3, $4, $5, $6, $7) returning created_at`,
        [id, districtId, accountId, input.kind ?? 'general', input.name, input.translate, JSON.stringify(input.actions ?? [])],
      );
      items.push({
        accountId,
        kind: input.kind ?? 'general',
        item: { _id: id, createdAt: new Date(rows[0]!.created_at).toISOString(), name: input.name, translate: input.translate, notifications: input.actions ?? [] },
      });
    }
    return items;
  }

  /** Tells the recipients' sockets of notifications recorded (and committed). */
  announce(clientDb: string, districtId: string, items: readonly RecordedNotification[]): void {
    for (const { accountId, kind, item } of items) {
      // Before the socket event: the app refetches on it and must see the new counts.
      this.cache.invalidate({ kind: 'member', db: clientDb, districtId, accountId });
      this.io.to(memberRoom(clientDb, districtId, accountId)).emit(NOTIFICATION_EVENT, { kind, notification: item });
    }
  }
}
