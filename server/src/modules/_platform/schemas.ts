/**
 * Server-side schema helpers of the module routes: the response envelope of spec section 3
 * around a route's data (common has the data schemas; the envelope's own parts are the
 * shell's and are passed through as they are), and the Idempotency-Key header of writes.
 */
import Type, { type TSchema } from 'typebox';
import { IDEMPOTENCY_HEADER } from '../../../../common/constants.js';
import { Uuid } from '../../../../common/schemas/platform.js';

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    data,
    rights: Type.Array(Type.String()),
    districtModules: Type.Array(Type.Unknown()),
    unreadNotificationsNumber: Type.Integer(),
    lastUnreadNotifications: Type.Array(Type.Unknown()),
    workflowNotificationsNumber: Type.Integer(),
    message: Type.Optional(Type.String()),
  });

/** Optional for other callers; the app's outbox always sends one per write. */
export const WriteHeaders = Type.Object({ [IDEMPOTENCY_HEADER]: Type.Optional(Uuid) });
