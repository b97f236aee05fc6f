/** The toolbar of spec section 2 and the bell menu, as a user of the dashboard sees them. */
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_CONFIG, DEMO_DISTRICT, DEMO_NOTIFICATIONS, makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const LOAD = { timeout: 5000 };

async function openDashboard(rights?: string[]) {
  seedSession(rights === undefined ? {} : { rights });
  // Every envelope carries the rights: the answers must agree with the seeded ones.
  if (rights !== undefined) server.use(http.get(api('auth/district'), () => HttpResponse.json(makeEnvelope(DEMO_DISTRICT, { rights }))));
  const app = renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, LOAD);
  return app;
}

describe('the toolbar', () => {
  it("shows today's day of month on the calendar button, which leads to /calendar", async () => {
    const { user, pathname } = await openDashboard();
    const day = String(new Date().getDate());
    // Its name starts with the text it shows (WCAG 2.5.3, axe's label-content-name-mismatch).
    const button = await screen.findByRole('link', { name: `${day} (today) – Calendar` });
    expect(within(button).getByTestId('toolbar-calendar-day')).toHaveTextContent(day);
    await user.click(button);
    await waitFor(() => expect(pathname()).toBe('/calendar'));
    expect(await screen.findByRole('heading', { name: 'Calendar', level: 1 }, LOAD)).toBeInTheDocument();
  }, 15_000);

  it("shows the count of the member's actions overdue or due soon from the envelope as a badge, leading to its actions", async () => {
    // Every envelope carries the count (the dashboard's data too).
    server.use(
      http.get(api('auth/district'), () => HttpResponse.json(makeEnvelope(DEMO_DISTRICT, { workflowNotificationsNumber: 4 }))),
      http.get(api('workflow/inbox'), () => HttpResponse.json(makeEnvelope({ items: [], total: 4 }, { workflowNotificationsNumber: 4 }))),
      http.get(api('workflow/delegations'), () => HttpResponse.json(makeEnvelope({ mine: [], forMe: [], members: [] }, { workflowNotificationsNumber: 4 }))),
      http.get(api('tc/status'), () => HttpResponse.json(makeEnvelope({ current: null, acceptedVersion: null, acceptedAt: null, mustAccept: false }, { workflowNotificationsNumber: 4 }))),
      http.get(api('dashboard'), () =>
        HttpResponse.json(makeEnvelope({ myActions: null, myInspections: null, recentDeclarations: null, districtActions: null }, { workflowNotificationsNumber: 4 })),
      ),
    );
    await openDashboard();
    expect(await screen.findByTestId('workflow-badge')).toHaveTextContent('4');
    const link = screen.getByRole('link', { name: 'To do: 4 (workflows and actions)' });
    expect(link).toHaveAttribute('href', '/notificationsWorkflowV2');
  });

  it('names the workflow icon when nothing is overdue or due soon, without a badge', async () => {
    await openDashboard();
    expect(await screen.findByRole('link', { name: 'To do: nothing waiting' })).toBeInTheDocument();
    expect(screen.queryByTestId('workflow-badge')).not.toBeInTheDocument();
  });

  it('opens the help page in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openDashboard();
    await user.click(await screen.findByTitle('Help'));
    expect(open).toHaveBeenCalledWith('/help', '_blank', 'noopener');
    open.mockRestore();
  });

  it('support asks for confirmation and links to the support portal of the configuration, in a new tab', async () => {
    const { user } = await openDashboard();
    await user.click(await screen.findByTitle('Support'));
    expect(await screen.findByRole('heading', { name: 'Contact support' })).toBeInTheDocument();
    const link = await screen.findByText('Open the support portal');
    const anchor = link.closest('ion-button');
    expect(anchor).toHaveAttribute('href', DEMO_CONFIG.supportUrl);
    expect(anchor).toHaveAttribute('target', '_blank');
  });

  it('the profile button leads to /me/meInfos with the e-mail, client and district', async () => {
    const { user, pathname } = await openDashboard();
    await user.click(await screen.findByTitle('Profile'));
    await waitFor(() => expect(pathname()).toBe('/me/meInfos'));
    expect(await screen.findByTestId('profile-email')).toHaveTextContent('field.user@vigie.test');
    await waitFor(() => expect(screen.getByTestId('profile-district')).toHaveTextContent(DEMO_DISTRICT.name));
    expect(screen.getByTestId('profile-client')).toHaveTextContent(DEMO_DISTRICT.client.name);
  });

  it('has no bell without notifications.access', async () => {
    await openDashboard(['sites.read']);
    // The toolbar's buttons are there (they come after the first paint), the bell is not.
    expect(await screen.findByTitle(/– Calendar$/)).toBeInTheDocument();
    expect(screen.queryByTitle(/^Notifications:/)).not.toBeInTheDocument();
  });
});

describe('the bell menu', () => {
  it('shows the unread count, the last unread notifications, and marks one read', async () => {
    const marked: string[] = [];
    server.use(
      http.post(api('notifications/:id/read'), ({ params }) => {
        marked.push(String(params.id));
        return HttpResponse.json(makeEnvelope({ _id: String(params.id) }, { unreadNotificationsNumber: 2 }));
      }),
      // The server's answers after the change carry the new count too.
      http.get(api('notifications/lastUnread'), () =>
        HttpResponse.json(
          makeEnvelope(DEMO_NOTIFICATIONS.slice(marked.length, 2), { unreadNotificationsNumber: 3 - marked.length }),
        ),
      ),
    );
    const { user } = await openDashboard();
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('3'));
    await user.click(await screen.findByTitle('Notifications: 3 unread'));
    const list = await screen.findByTestId('bell-list');
    expect(await within(list).findByText('Inspection due at Site A')).toBeInTheDocument();
    expect(within(list).getByText('New declaration filed')).toBeInTheDocument();
    // Read and workflow notifications are not in the bell menu.
    expect(within(list).queryByText('Monthly report ready')).not.toBeInTheDocument();

    await user.click(within(list).getByTitle('Mark read: Inspection due at Site A'));
    await waitFor(() => expect(marked).toEqual([DEMO_NOTIFICATIONS[0]?._id]));
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2'));
  });

  it('marks all read, and the badge goes', async () => {
    let readAll = 0;
    server.use(
      http.post(api('notifications/readAll'), () => {
        readAll += 1;
        return HttpResponse.json(makeEnvelope({ marked: 3 }, { unreadNotificationsNumber: 0 }));
      }),
      http.get(api('notifications/lastUnread'), () =>
        HttpResponse.json(makeEnvelope(readAll > 0 ? [] : DEMO_NOTIFICATIONS.slice(0, 2), { unreadNotificationsNumber: readAll > 0 ? 0 : 3 })),
      ),
    );
    const { user } = await openDashboard();
    await user.click(await screen.findByTitle('Notifications: 3 unread'));
    await screen.findByTestId('bell-list');
    await user.click(screen.getByText('Mark all read'));
    await waitFor(() => expect(readAll).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument());
    expect(await screen.findByText('No unread notification.')).toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('lists every notification, marks one read and all read', async () => {
    const calls: string[] = [];
    server.use(
      http.post(api('notifications/:id/read'), ({ params }) => {
        calls.push(`read ${String(params.id)}`);
        return HttpResponse.json(makeEnvelope({ _id: String(params.id) }));
      }),
      http.post(api('notifications/readAll'), () => {
        calls.push('readAll');
        return HttpResponse.json(makeEnvelope({ marked: 3 }));
      }),
    );
    seedSession();
    const { user } = renderApp('/notifications/notificationsView');
    const list = await screen.findByTestId('notifications-list', {}, LOAD);
    for (const n of DEMO_NOTIFICATIONS) expect(within(list).getByText(n.name)).toBeInTheDocument();
    expect(within(list).getByText('Read')).toBeInTheDocument();
    await user.click(within(list).getByTitle('Mark read: New declaration filed'));
    await user.click(screen.getAllByText('Mark all read')[0]!);
    await waitFor(() => expect(calls).toEqual([`read ${DEMO_NOTIFICATIONS[1]?._id}`, 'readAll']));
  });
});
