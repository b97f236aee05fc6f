/**
 * The API as the app's tests see it: every route the app calls, answering like the server
 * for the demo user. A test changes one answer with server.use(...).
 */
import { http, HttpResponse } from 'msw';
import type { LoginBody } from '../../common/api-types';
import { findFunctionality } from '../../common/functionalities';
import {
  DEMO_CONFIG,
  DEMO_DISTRICT,
  DEMO_NOTIFICATIONS,
  DEMO_USER,
  makeAccessToken,
  makeEnvelope,
  makeSessionData,
  makeSessionlessEnvelope,
} from './fixtures';
import { getRights } from '../lib/storage';

export const api = (path: string) => `*/api/${path}`;

/**
 * The envelope of the app's background calls, with the rights the session holds (as the real
 * server answers): a test that seeds other rights than the demo ones keeps them whichever of
 * these calls answers last.
 */
const sessionEnvelope = <T,>(data: T) => {
  const rights = getRights();
  return makeEnvelope(data, rights.length > 0 ? { rights } : {});
};

export const handlers = [
  http.post(api('auth/login'), async ({ request }) => {
    const body = (await request.json()) as Partial<LoginBody>;
    if (typeof body.email !== 'string' || typeof body.password !== 'string') {
      return HttpResponse.json({ message: 'validation.invalid_request' }, { status: 400 });
    }
    if (body.email !== DEMO_USER.email || body.password !== DEMO_USER.password) {
      return HttpResponse.json({ message: 'auth.invalid_credentials' }, { status: 401 });
    }
    return HttpResponse.json(makeEnvelope(makeSessionData()));
  }),
  // SSO: the provider's URL; the provider itself is never reached in unit tests.
  http.post(api('auth/loginSSO'), () => HttpResponse.json(makeSessionlessEnvelope({ url: 'https://idp.example.test/authorize?state=s' }))),
  http.post(api('auth/refresh'), () =>
    HttpResponse.json(makeEnvelope({ token: makeAccessToken(), expiresAt: new Date(Date.now() + 900_000).toISOString() })),
  ),
  http.post(api('auth/logout'), () => HttpResponse.json(makeSessionlessEnvelope(null))),
  http.get(api('auth/district'), () => HttpResponse.json(sessionEnvelope(DEMO_DISTRICT))),
  http.get(api('auth/defaultPage'), () => HttpResponse.json(sessionEnvelope({ defaultPage: '/dashboard' }))),
  http.get(api('auth/clientIp'), () => HttpResponse.json(makeSessionlessEnvelope({ ip: '203.0.113.7' }))),
  http.get(api('config'), () => HttpResponse.json(makeSessionlessEnvelope(DEMO_CONFIG))),
  // The workflow inbox kept for offline use after login (src/features/workflow): nothing waits.
  http.get(api('workflow/inbox'), () => HttpResponse.json(sessionEnvelope({ items: [], total: 0 }))),
  http.get(api('workflow/delegations'), () => HttpResponse.json(sessionEnvelope({ mine: [], forMe: [], members: [] }))),
  // The terms of use: the demo account has accepted the current version (src/features/tc).
  http.get(api('tc/status'), () => HttpResponse.json(sessionEnvelope({ current: null, acceptedVersion: null, acceptedAt: null, mustAccept: false }))),
  // The Sites module's offline declaration asks these at the shell's first idle moment: an
  // empty district by default (the Sites tests serve their own).
  http.get(api('sites'), () => HttpResponse.json(sessionEnvelope({ items: [], nextCursor: null, total: 0 }))),
  http.get(api('sites/types'), () => HttpResponse.json(sessionEnvelope([]))),
  // The emergency dialog's site list, asked as soon as the shell is up for a member with the
  // emergency right: none by default (the emergency tests serve their own).
  http.get(api('emergency/sites'), () => HttpResponse.json(sessionEnvelope([]))),
  // The home screens: nobody's work by default (the dashboard and calendar tests serve their own).
  http.get(api('dashboard'), () =>
    HttpResponse.json(sessionEnvelope({ myActions: null, myInspections: null, recentDeclarations: null, districtActions: null })),
  ),
  http.get(api('calendar'), () => HttpResponse.json(sessionEnvelope({ items: [] }))),
  http.get(api('calendar/feed'), () => HttpResponse.json(sessionEnvelope({ active: false, createdAt: null, url: null }))),
  http.put(api('me/language'), async ({ request }) => HttpResponse.json(sessionEnvelope(await request.json()))),
  http.get(api('config/maintenance'), () => HttpResponse.json(makeSessionlessEnvelope({ maintenance: false }))),
  // Notifications: the list of fixtures.ts; reads are not remembered (a test that needs it
  // overrides these with server.use).
  http.get(api('notifications'), () =>
    HttpResponse.json(makeEnvelope({ items: DEMO_NOTIFICATIONS, total: DEMO_NOTIFICATIONS.length })),
  ),
  http.get(api('notifications/lastUnread'), () =>
    HttpResponse.json(makeEnvelope(DEMO_NOTIFICATIONS.filter((n) => n.readAt === null && n.kind === 'general'))),
  ),
  http.get(api('notifications/unreadCount'), () => HttpResponse.json(sessionEnvelope({ unread: 3, workflow: 0 }))),
  http.post(api('notifications/:id/read'), ({ params }) => HttpResponse.json(makeEnvelope({ _id: String(params.id) }))),
  http.post(api('notifications/readAll'), () => HttpResponse.json(makeEnvelope({ marked: 2 }))),
  // Functionalities: every element of the catalogue, available (the demo district has the module).
  http.post(api('functionalities/getFunctionalityElements'), async ({ request }) => {
    const { feature } = (await request.json()) as { feature: string };
    const definition = findFunctionality(feature);
    if (definition === undefined) return HttpResponse.json({ message: 'functionalities.unknown_feature' }, { status: 404 });
    const elements = definition.elements.map((e, position) => ({ element: e.element, position, available: true }));
    return HttpResponse.json(makeEnvelope({ feature, enabled: true, modulePosition: 0, elements }));
  }),
  http.post(api('functionalities/isElementsOfFeatureAvailable'), async ({ request }) => {
    const { feature, elements } = (await request.json()) as { feature: string; elements: string[] };
    const definition = findFunctionality(feature);
    if (definition === undefined) return HttpResponse.json({ message: 'functionalities.unknown_feature' }, { status: 404 });
    const known = new Set(definition.elements.map((e) => e.element));
    return HttpResponse.json(makeEnvelope({ feature, enabled: true, elements: elements.map((element) => ({ element, available: known.has(element) })) }));
  }),
];
