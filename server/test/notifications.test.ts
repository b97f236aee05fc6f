import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, NotificationItem } from '../../common/api-types.js';
import { NOTIFICATION_EVENT } from '../src/notifications/notifier.js';
import { bearer, login, startTestServer, type TestServer, listenOnLoopback } from './helper.js';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
});
afterAll(() => server?.destroy());

const get = (url: string, token: string) => server.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object) => server.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('notifications service', () => {
  it('lists the last unread notifications, newest first, with the spec fields', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    const response = await get('/api/notifications/lastUnread', token);
    expect(response.statusCode).toBe(200);
    const items = response.json<Envelope<NotificationItem[]>>().data;
    expect(items.map((n) => n.name)).toEqual(['Visite de sécurité planifiée (Lyon)', 'Nouveau questionnaire à compléter (Lyon)']);
    expect(items[0]).toMatchObject({ _id: expect.any(String), createdAt: expect.any(String), translate: false, notifications: [] });
  });

  it('marks one read by _id, then all, and the counts follow', async () => {
    const { token } = await login(server, 'district-admin@demo.vigie.test');
    const counts = async () => (await get('/api/notifications/unreadCount', token)).json().data;
    // `workflow` is the workflow badge: the member's actions due soon, which reading notifications leaves alone.
    const { workflow } = await counts();
    expect(await counts()).toEqual({ unread: 2, workflow });
    const [first] = (await get('/api/notifications/lastUnread', token)).json<Envelope<NotificationItem[]>>().data;
    const marked = await post(`/api/notifications/${first!._id}/read`, token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().unreadNotificationsNumber).toBe(1);
    const all = await post('/api/notifications/readAll', token);
    expect(all.json().unreadNotificationsNumber).toBe(0);
    expect(all.json().workflowNotificationsNumber).toBe(workflow);
    expect(await counts()).toEqual({ unread: 0, workflow });
  });

  it('pages through the full list', async () => {
    const { token } = await login(server, 'operator@demo.vigie.test');
    const page = (await get('/api/notifications?limit=3', token)).json().data;
    expect(page.total).toBe(4);
    expect(page.items).toHaveLength(3);
    const rest = (await get('/api/notifications?offset=3', token)).json().data;
    expect(rest.items).toHaveLength(1);
    expect(rest.items[0].kind).toBeDefined();
  });

  it('cannot mark a notification of another account, and rejects a malformed id', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const [theirs] = (await get('/api/notifications/lastUnread', operator.token)).json<Envelope<NotificationItem[]>>().data;
    const field = await login(server, 'field@demo.vigie.test');
    const response = await post(`/api/notifications/${theirs!._id}/read`, field.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('notifications.not_found');
    const bad = await post('/api/notifications/not-an-id/read', field.token);
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/notifications?limit=lots', field.token)).statusCode).toBe(400);
  });

  it('needs notifications.access: the districts account gets a 403 naming the module', async () => {
    const { token } = await login(server, 'districts@demo.vigie.test');
    const response = await get('/api/notifications/lastUnread', token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'auth.missing_rights', requiredPermissions: ['notifications'] });
  });
});

describe('live notifications over the socket', () => {
  const open = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });

  it('an announcement reaches each member of the district once, live', async () => {
    const admin = await login(server, 'district-admin@demo.vigie.test');
    const field = await login(server, 'field@demo.vigie.test');
    const switcher = await login(server, 'districts@demo.vigie.test');
    const fieldSocket = await open(field.token);
    const switcherSocket = await open(switcher.token);
    const otherEvents: unknown[] = [];
    switcherSocket.on(NOTIFICATION_EVENT, (event) => otherEvents.push(event));
    try {
      const received = new Promise<{ notification: NotificationItem }>((resolve) => fieldSocket.on(NOTIFICATION_EVENT, resolve));
      // The other member's copy goes out after the field user's: wait for it too (the cached
      // envelope answers the request below without an I/O turn in which it would arrive).
      const otherReceived = new Promise((resolve) => switcherSocket.once(NOTIFICATION_EVENT, resolve));
      const response = await post('/api/notifications/announce', admin.token, { name: 'Exercice incendie à 15 h' });
      expect(response.statusCode).toBe(200);
      expect((await received).notification.name).toBe('Exercice incendie à 15 h');
      await otherReceived;
      const after = await get('/api/notifications/lastUnread', field.token);
      expect(after.json().data[0].name).toBe('Exercice incendie à 15 h');
    } finally {
      fieldSocket.close();
      switcherSocket.close();
    }
    // The districts account is a member of Lyon too: it gets its own copy, once.
    expect(otherEvents).toHaveLength(1);
  });

  it('only a district administrator may announce, and the text is required', async () => {
    const field = await login(server, 'field@demo.vigie.test');
    const refused = await post('/api/notifications/announce', field.token, { name: 'Hello' });
    expect(refused.statusCode).toBe(403);
    const admin = await login(server, 'district-admin@demo.vigie.test');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 3 }]) {
      const response = await post('/api/notifications/announce', admin.token, body);
      expect(response.statusCode).toBe(400);
    }
  });
});
