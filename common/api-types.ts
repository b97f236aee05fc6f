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
