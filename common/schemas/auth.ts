/**
 * The authentication routes (spec section 7, docs/api.md "Auth"): password login, SSO login
 * and its callback, token refresh, logout, the session's district, default page and the
 * caller's address.
 */
import Type, { type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { Email } from './email.js';

export const DistrictRef = Type.Object({ _id: Type.String(), name: Type.String() });
export type DistrictRef = Static<typeof DistrictRef>;

export const ClientRef = Type.Object({ name: Type.String(), database: Type.String() });
export type ClientRef = Static<typeof ClientRef>;

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 }),
    /** Sent by the reconnect dialog: the session named by the refresh cookie ends now. */
    reconnect: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** POST /api/auth/loginSSO: starts an OpenID Connect login at the account's client's provider. */
export const LoginSsoBody = Type.Object(
  {
    email: Email,
    /** Started in a popup window: the callback lands on /sso?popup=1, which reports and closes. */
    popup: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const LoginSsoData = Type.Object({
  /** The identity provider's authorization URL, to open in a window or navigate to. */
  url: Type.String(),
});

export const SessionData = Type.Object({
  token: Type.String(),
  /** ISO time at which the access token expires. */
  expiresAt: Type.String({ format: 'date-time' }),
  email: Type.String(),
  district: DistrictRef,
  client: ClientRef,
  defaultPage: Type.String(),
  sso: Type.Boolean(),
  admin: Type.Boolean(),
  clientIp: Type.String(),
});

export const RefreshData = Type.Object({ token: Type.String(), expiresAt: Type.String({ format: 'date-time' }) });

export const DistrictData = Type.Object({ _id: Type.String(), name: Type.String(), client: ClientRef });

export const DefaultPageData = Type.Object({ defaultPage: Type.String() });
export const ClientIpData = Type.Object({ ip: Type.String() });

const CALLBACK_PARAM = Type.Optional(Type.String({ maxLength: 4096 }));
/** The authorization response parameters (RFC 6749 4.1.2, RFC 9207 iss, OIDC session_state). */
export const SsoCallbackQuery = Type.Object(
  {
    code: CALLBACK_PARAM,
    state: CALLBACK_PARAM,
    iss: CALLBACK_PARAM,
    scope: CALLBACK_PARAM,
    session_state: CALLBACK_PARAM,
    error: CALLBACK_PARAM,
    error_description: CALLBACK_PARAM,
    error_uri: CALLBACK_PARAM,
  },
  { additionalProperties: false },
);

/** The SSO callback answers a redirect into the app (/sso, with error=<key> on failure). */
export const SsoRedirect = Type.Null({ description: 'Redirect (302) to /sso, /sso?popup=1 or /sso?error=<translation key>.' });

/** Claims of the access token (HS256 JWT). */
export const AccessClaims = Type.Object({
  sub: Type.String(),
  email: Type.String(),
  db: Type.String(),
  did: Type.String(),
  sid: Type.String(),
  exp: Type.Integer(),
});
