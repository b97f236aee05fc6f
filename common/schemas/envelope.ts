/**
 * The response envelope of every 2xx body (spec section 3) and the body of every error, as
 * TypeBox schemas. A route's response schema is `Envelope(<its data>)`: Fastify serialises the
 * answer with it (fields not in the schema are not sent) and the OpenAPI document shows it.
 * The types of common/api-types.ts are derived from these, so a field is named once.
 */
import Type, { type Static, type TSchema } from 'typebox';

export const DistrictModule = Type.Object({ name: Type.String() });

export const NotificationAction = Type.Object({
  name: Type.String(),
  translate: Type.Boolean(),
  link: Type.Optional(Type.String()),
});

/** A notification as the spec (section 3) names its fields. */
export const NotificationItem = Type.Object({
  _id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  /** A translation key when `translate`, else the text itself. */
  name: Type.String(),
  translate: Type.Boolean(),
  notifications: Type.Array(NotificationAction),
});

/** The envelope without its `data`: the session's rights, modules and notification counts. */
export const EnvelopeFields = {
  rights: Type.Array(Type.String()),
  districtModules: Type.Array(DistrictModule),
  unreadNotificationsNumber: Type.Integer({ minimum: 0 }),
  lastUnreadNotifications: Type.Array(NotificationItem),
  workflowNotificationsNumber: Type.Integer({ minimum: 0 }),
  /** A translation key the app shows as a toast (e.g. `user_duplicated`). */
  message: Type.Optional(Type.String()),
};
/** The envelope without its `data`. */
export const EnvelopeBase = Type.Object(EnvelopeFields);

/** Every 2xx body of a JSON route: `{ data, rights, districtModules, … }`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data, ...EnvelopeFields });
export type Envelope<T> = { data: T } & Static<typeof EnvelopeBase>;

export const RedisInfo = Type.Union([
  Type.Object({ attempts: Type.Integer(), maxAttempts: Type.Integer() }),
  Type.Object({ lockoutSeconds: Type.Integer() }),
]);

/**
 * Every 4xx/5xx body: exactly the fields the error catalogue (spec section 8) reacts to.
 * `message` is a key of the app's `common` translation namespace. Open (additional fields are
 * kept): a module's error may carry more, e.g. the `current` record of a version conflict.
 */
export const ApiErrorBody = Type.Object(
  {
    message: Type.String(),
    details: Type.Optional(Type.String()),
    logout: Type.Optional(Type.Boolean()),
    redirection: Type.Optional(Type.String()),
    redis: Type.Optional(RedisInfo),
    requiredPermissions: Type.Optional(Type.Array(Type.String())),
    infos: Type.Optional(Type.Object({ districtName: Type.Optional(Type.String()) })),
  },
  { additionalProperties: true },
);

/** The error answers every `/api` route may give, for the OpenAPI document and serialisation. */
export const ErrorResponses = { '4xx': ApiErrorBody, '5xx': ApiErrorBody } as const;

/** The responses of a route answering `data` in the envelope with a 200. */
export const ok = <T extends TSchema>(data: T) => ({ 200: Envelope(data), ...ErrorResponses });
/** The responses of a route that creates: 201 and the envelope of what it created. */
export const created = <T extends TSchema>(data: T) => ({ 201: Envelope(data), ...ErrorResponses });

/** A tus protocol answer (uploads): no body, its meaning is in the Tus-* and Location headers. */
export const TusAnswer = Type.Null({ description: 'no body: the tus protocol answers with its headers (Tus-Resumable, Location, Upload-Offset, Upload-Length)' });
/** A file's bytes (attachments, thumbnails): the whole file (200) or the range asked for (206). */
export const FileBytes = Type.String({ description: 'the file, with its Content-Type, ETag and, for a range, Content-Range' });
/** No body: the caller's If-None-Match names the answer's current ETag (it holds that answer). */
export const NotModified = Type.Null({ description: 'not modified (If-None-Match)' });
export const fileBytes = () => ({ 200: FileBytes, 206: FileBytes, 304: NotModified, ...ErrorResponses });
/** The responses of a read whose answer carries an ETag: the envelope (200), or 304 when unchanged. */
export const okOrNotModified = <T extends TSchema>(data: T) => ({ ...ok(data), 304: NotModified });
