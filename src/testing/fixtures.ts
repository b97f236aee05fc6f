/** Test data shaped like the server's answers (docs/api.md). */
import type { AccessClaims, AppConfig, DistrictData, Envelope, NotificationItem, SessionData } from '../../common/api-types';
import { encodeBase64Utf8 } from '../lib/base64';

const base64Url = (text: string) => encodeBase64Utf8(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const DEMO_USER = {
  email: 'field.user@vigie.test',
  password: 'correct-horse-battery',
  accountId: 'acc-field-1',
} as const;

export const DEMO_DISTRICT: DistrictData = {
  _id: 'district-lyon-1',
  name: 'Lyon Confluence',
  client: { name: 'Métropole Démo', database: 'client_demo_a' },
};

export const DEMO_RIGHTS = ['sites.read', 'cartography.read', 'notifications.access'];
export const DEMO_MODULES = [{ name: 'sites' }, { name: 'cartography' }];

/** An unsigned JWT with the claims the app reads; exp relative to now. */
export function makeAccessToken(
  { expiresInSeconds = 15 * 60, ...claims }: Partial<AccessClaims> & { expiresInSeconds?: number } = {},
): string {
  const payload: AccessClaims = {
    sub: DEMO_USER.accountId,
    email: DEMO_USER.email,
    db: DEMO_DISTRICT.client.database,
    did: DEMO_DISTRICT._id,
    sid: 'session-1',
    exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

export function makeEnvelope<T>(data: T, overrides: Partial<Envelope<T>> = {}): Envelope<T> {
  return {
    data,
    rights: DEMO_RIGHTS,
    districtModules: DEMO_MODULES,
    unreadNotificationsNumber: 3,
    lastUnreadNotifications: [],
    workflowNotificationsNumber: 0,
    ...overrides,
  };
}

/** The envelope of routes answered without a session. */
export function makeSessionlessEnvelope<T>(data: T): Envelope<T> {
  return makeEnvelope(data, { rights: [], districtModules: [], unreadNotificationsNumber: 0 });
}

export function makeSessionData(overrides: Partial<SessionData> = {}): SessionData {
  return {
    token: makeAccessToken(),
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    email: DEMO_USER.email,
    district: { _id: DEMO_DISTRICT._id, name: DEMO_DISTRICT.name },
    client: DEMO_DISTRICT.client,
    defaultPage: '/dashboard',
    sso: false,
    admin: false,
    clientIp: '203.0.113.7',
    ...overrides,
  };
}

export const DEMO_CONFIG: AppConfig = {
  productName: 'Vigie',
  languages: ['fr', 'en'],
  fallbackLanguage: 'fr',
  socketPath: '/ws',
  supportUrl: 'https://support.example.test/portal',
  helpUrl: 'https://help.example.test/vigie',
  idleSeconds: 900,
};

export type DemoNotification = NotificationItem & { kind: 'general' | 'workflow'; readAt: string | null };

export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  { _id: '00000000-0000-4000-8000-000000000001', createdAt: '2026-11-20T09:30:00.000Z', name: 'Inspection due at Site A', translate: false, notifications: [], kind: 'general', readAt: null },
  { _id: '00000000-0000-4000-8000-000000000002', createdAt: '2026-11-19T14:00:00.000Z', name: 'New declaration filed', translate: false, notifications: [], kind: 'general', readAt: null },
  { _id: '00000000-0000-4000-8000-000000000003', createdAt: '2026-11-18T08:15:00.000Z', name: 'Workflow step waiting', translate: false, notifications: [], kind: 'workflow', readAt: null },
  { _id: '00000000-0000-4000-8000-000000000004', createdAt: '2026-11-17T08:15:00.000Z', name: 'Monthly report ready', translate: false, notifications: [], kind: 'general', readAt: '2026-11-17T10:00:00.000Z' },
];
