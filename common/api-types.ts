/**
 * Types of the JSON contract between the app and the API server (docs/api.md).
 * Shared by both programs so a field is named once.
 */

export interface DistrictModule {
  name: string;
}

/** A notification as the spec (section 3) names its fields. */
export interface NotificationItem {
  _id: string;
  createdAt: string;
  name: string;
  translate: boolean;
  notifications: NotificationAction[];
}

export interface NotificationAction {
  name: string;
  translate: boolean;
  link?: string;
}

/** Every 2xx body. */
export interface Envelope<T> {
  data: T;
  rights: string[];
  districtModules: DistrictModule[];
  unreadNotificationsNumber: number;
  lastUnreadNotifications: NotificationItem[];
  workflowNotificationsNumber: number;
  message?: string;
}

export type RedisInfo = { attempts: number; maxAttempts: number } | { lockoutSeconds: number };

/** Every 4xx/5xx body: exactly the fields the error catalogue (spec section 8) reacts to. */
export interface ApiErrorBody {
  message: string;
  details?: string;
  logout?: boolean;
  redirection?: string;
  redis?: RedisInfo;
  requiredPermissions?: string[];
  infos?: { districtName?: string };
}

export interface DistrictRef {
  _id: string;
  name: string;
}

export interface ClientRef {
  name: string;
  database: string;
}

export interface SessionData {
  token: string;
  /** ISO time at which the access token expires. */
  expiresAt: string;
  email: string;
  district: DistrictRef;
  client: ClientRef;
  defaultPage: string;
  sso: boolean;
  admin: boolean;
  clientIp: string;
}

export interface LoginBody {
  email: string;
  password: string;
  reconnect?: boolean;
}

/** POST /api/auth/loginSSO: starts an OpenID Connect login at the account's client's provider. */
export interface LoginSsoBody {
  email: string;
  /** Started in a popup window: the callback lands on /sso?popup=1, which reports and closes. */
  popup?: boolean;
}

export interface LoginSsoData {
  /** The identity provider's authorization URL, to open in a window or navigate to. */
  url: string;
}

export interface RefreshData {
  token: string;
  expiresAt: string;
}

export interface DistrictData extends DistrictRef {
  client: ClientRef;
}

export interface AppConfig {
  productName: string;
  languages: string[];
  fallbackLanguage: string;
  socketPath: string;
  supportUrl: string;
  helpUrl: string;
  idleSeconds: number;
}

/** Claims of the access token (HS256 JWT). */
export interface AccessClaims {
  sub: string;
  email: string;
  db: string;
  did: string;
  sid: string;
  exp: number;
}

// --- Emergency (docs/api.md "Emergency") ------------------------------------------------------

/** GET /api/emergency/sites */
export interface EmergencySite {
  _id: string;
  name: string;
  description: string;
  address: { fullAddress: string };
  gps: { lat: number; lng: number } | null;
  owner: { name: string };
}

/** GET /api/emergency/getAll360Stages/:siteId */
export interface Emergency360Stage {
  name: string;
  /** File-service path of the image, null when the stage has none. */
  imageUrl: string | null;
}

/** GET /api/emergency/getSiteStages/:siteId */
export interface EmergencySiteStage {
  name: string;
}

export interface EmergencyDelay {
  days: number;
  hours: number;
  minutes: number;
}

export interface EmergencyPayloadSite {
  _id: string;
  informations: {
    threeD: { name: string }[];
    /** image null: the server fills it from the stage's stored image. */
    threeSixty: { name: string; image: string | null }[];
  };
  files: never[];
  fields: {
    allFields: false;
    general: string[];
    clientFields: never[];
    districtFields: never[];
    siteFields: never[];
    siteTypeFields: never[];
  };
}

/** POST /api/emergency/sendInformations body (spec section 3). */
export interface EmergencyPayload {
  sites: EmergencyPayloadSite[];
  delay: EmergencyDelay;
  recipients: string[];
  emergency: boolean;
  description: string;
}

/** POST /api/emergency/sendInformations data. */
export interface EmergencySendResult {
  shareIds: string[];
  recipients: string[];
  serverTime: string;
}

export type EmergencyMailState = 'queued' | 'sending' | 'sent' | 'failed';

/** GET /api/emergency/outbox items: one e-mail per recipient and share. */
export interface EmergencyMailItem {
  _id: string;
  shareId: string;
  idempotencyKey: string;
  siteName: string;
  recipient: string;
  state: EmergencyMailState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  messageId: string | null;
  createdAt: string;
}

/** GET /api/viewerThirdParty/:token data. */
export interface ViewerThirdPartyData {
  site: {
    name: string;
    description?: string;
    address?: { fullAddress: string };
    gps?: { lat: number; lng: number } | null;
    owner?: { name: string };
    threeD: { name: string }[];
    threeSixty: { name: string; image: string | null }[];
  };
  description: string;
  emergency: boolean;
  createdAt: string;
  expiresAt: string;
}
