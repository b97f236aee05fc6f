/**
 * Types of the JSON contract between the app and the API server, derived from the TypeBox
 * schemas of common/schemas/ (the one source: the server validates and serialises with them,
 * the OpenAPI document at /api/docs/json is generated from them). Type-only imports: this
 * module costs the app's bundle nothing.
 */
import type { Static } from 'typebox';
import type * as Auth from './schemas/auth.js';
import type * as Config from './schemas/config.js';
import type * as Emergency from './schemas/emergency.js';
import type * as EnvelopeSchemas from './schemas/envelope.js';
import type * as Viewer from './schemas/viewerThirdParty.js';

export type { Envelope } from './schemas/envelope.js';

export type DistrictModule = Static<typeof EnvelopeSchemas.DistrictModule>;
/** A notification as the spec (section 3) names its fields. */
export type NotificationItem = Static<typeof EnvelopeSchemas.NotificationItem>;
export type NotificationAction = Static<typeof EnvelopeSchemas.NotificationAction>;
export type RedisInfo = Static<typeof EnvelopeSchemas.RedisInfo>;
/** Every 4xx/5xx body: exactly the fields the error catalogue (spec section 8) reacts to. */
export type ApiErrorBody = Static<typeof EnvelopeSchemas.ApiErrorBody>;

export type DistrictRef = Static<typeof Auth.DistrictRef>;
export type ClientRef = Static<typeof Auth.ClientRef>;
export type SessionData = Static<typeof Auth.SessionData>;
export type LoginBody = Static<typeof Auth.LoginBody>;
export type LoginSsoBody = Static<typeof Auth.LoginSsoBody>;
export type LoginSsoData = Static<typeof Auth.LoginSsoData>;
export type RefreshData = Static<typeof Auth.RefreshData>;
export type DistrictData = Static<typeof Auth.DistrictData>;
/** Claims of the access token (HS256 JWT). */
export type AccessClaims = Static<typeof Auth.AccessClaims>;

export type AppConfig = Static<typeof Config.AppConfig>;

// --- Emergency ---------------------------------------------------------------------------------
export type EmergencySite = Static<typeof Emergency.EmergencySite>;
export type Emergency360Stage = Static<typeof Emergency.Emergency360Stage>;
export type EmergencySiteStage = Static<typeof Emergency.EmergencySiteStage>;
export type EmergencyDelay = Static<typeof Emergency.EmergencyDelay>;
export type EmergencyPayloadSite = Static<typeof Emergency.EmergencyPayloadSite>;
/** POST /api/emergency/sendInformations body (spec section 3). */
export type EmergencyPayload = Static<typeof Emergency.EmergencyPayload>;
export type EmergencySendResult = Static<typeof Emergency.EmergencySendResult>;
export type EmergencyMailState = Static<typeof Emergency.EmergencyMailState>;
export type EmergencyMailItem = Static<typeof Emergency.EmergencyMailItem>;

/** GET /api/viewerThirdParty/:token data. */
export type ViewerThirdPartyData = Static<typeof Viewer.ViewerThirdPartyData>;
