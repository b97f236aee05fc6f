/** The calendar page as a user sees it: its month and week views of GET /api/calendar, and the private iCal address. */
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from '../../../../common/schemas/calendar';
import { monthGrid, moveAnchor, viewRange } from '../../../../src/features/calendar/month';
import { i18n } from '../../../../src/lib/i18n';
import { closeSocket, openSocket } from '../../../../src/lib/socket';
import { getToasts } from '../../../../src/lib/toast';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { emitServerEvent } from '../../fake-socket-io';

vi.mock('socket.io-client', () => import('../../fake-socket-io'));

const LOAD = { timeout: 5000 };

describe('the month grid', () => {
  it('covers the month in whole weeks starting on Monday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthGrid(2026, 10);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]?.date.getDate()).toBe(26); // Monday 26 October
    expect(weeks[0]?.[6]).toMatchObject({ inMonth: true });
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(30);
  });

  it("reads a month's whole weeks or a week, and moves by a month or a week", () => {
    const day = new Date(2026, 10, 22); // a Sunday
    expect(viewRange('month', day)).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(viewRange('week', day)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(moveAnchor('month', new Date(2026, 0, 31), 1)).toEqual(new Date(2026, 1, 1));
    expect(moveAnchor('week', day, -1)).toEqual(new Date(2026, 10, 15));
  });
});

const ACTION_ID = '3d6f1c2a-5b4e-4a1f-9c3d-000000000001';
const INSPECTION_ID = '3d6f1c2a-5b4e-4a1f-9c3d-000000000002';
const LATE_ID = '3d6f1c2a-5b4e-4a1f-9c3d-000000000003';

const ITEMS: CalendarItem[] = [
  { kind: 'action', id: ACTION_ID, title: 'Fix the guard rail', date: '2026-11-24', at: null, status: 'todo', overdue: false, siteName: 'Lyon Part-Dieu' },
  { kind: 'inspection', id: INSPECTION_ID, title: 'Scaffold inspection', date: '2026-11-24', at: '2026-11-24T08:30:00.000Z', status: 'todo', overdue: false, siteName: null },
  { kind: 'action', id: LATE_ID, title: 'Replace the fire blanket', date: '2026-11-18', at: null, status: 'inProgress', overdue: true, siteName: null },
];

/** Serves the items within the asked range; returns the ranges asked. */
function serveCalendar(items: CalendarItem[] = ITEMS) {
  const asked: string[] = [];
  server.use(
    http.get(api('calendar'), ({ request }) => {
      const url = new URL(request.url);
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      asked.push(`${from}..${to}`);
      return HttpResponse.json(makeEnvelope({ items: items.filter((item) => item.date >= from && item.date <= to) }));
    }),
  );
  return asked;
}

describe('the calendar page', () => {
  beforeEach(() => {
    // Today is Sunday 22 November 2026 (only the clock is faked: timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
    seedSession();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks today and writes dates in the language format', async () => {
    serveCalendar([]);
    renderApp('/calendar');
    expect(await screen.findByRole('heading', { name: 'Calendar', level: 1 }, LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('calendar-today')).toHaveTextContent('Today: 11/22/2026');
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('November 2026');
    const marked = screen.getByTestId('calendar-grid').querySelector('[aria-current="date"]');
    expect(marked).toHaveTextContent('22');
    expect(within(marked as HTMLElement).getByTitle('11/22/2026')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    try {
      expect(await screen.findByText("Aujourd'hui : 22/11/2026")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("shows each item on its day, overdue ones marked, each opening its record; previous and next move by a month", async () => {
    const asked = serveCalendar();
    const { user } = renderApp('/calendar');
    const grid = await screen.findByTestId('calendar-grid', {}, LOAD);
    const day24 = grid.querySelector('[data-day="2026-11-24"]') as HTMLElement;
    expect(await within(day24).findByRole('link', { name: 'Action Fix the guard rail' })).toHaveAttribute('href', `/actionPlan/actions/${ACTION_ID}`);
    expect(within(day24).getByRole('link', { name: 'Inspection Scaffold inspection' })).toHaveAttribute('href', `/questionnary-v2/inspections/${INSPECTION_ID}`);
    const day18 = grid.querySelector('[data-day="2026-11-18"]') as HTMLElement;
    expect(within(day18).getByRole('link', { name: 'Action Replace the fire blanket (overdue)' })).toHaveClass('calendar-item-overdue');
    // The month's whole weeks, asked at once.
    expect(asked).toEqual(['2026-10-26..2026-12-06']);

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('December 2026')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('2026-11-30..2027-01-03'));
    expect(screen.queryByRole('link', { name: /Fix the guard rail/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('October 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('November 2026')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Action Fix the guard rail' })).toBeInTheDocument();
  });

  it('shows a week as a list of days with each item’s time, status and site, kept in the address', async () => {
    const asked = serveCalendar();
    const { user, router } = renderApp('/calendar?day=2026-11-24');
    await screen.findByTestId('calendar-grid', {}, LOAD);
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Week of 11/23/2026')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ view: 'week', day: '2026-11-24' });
    await waitFor(() => expect(asked).toContain('2026-11-23..2026-11-29'));

    const week = screen.getByTestId('calendar-week');
    expect(within(week).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    const tuesday = week.querySelector('[data-day="2026-11-24"]') as HTMLElement;
    const links = await within(tuesday).findAllByRole('link');
    // The day's action (due on the day) first, then the inspection at its time (the device's time zone).
    expect(links[0]).toHaveTextContent('Action Fix the guard railTo do · Lyon Part-Dieu');
    expect(links[1]).toHaveTextContent(/^Inspection \d{1,2}:30 (AM|PM) Scaffold inspectionTo do$/);
    expect(within(week.querySelector('[data-day="2026-11-25"]') as HTMLElement).getByText('Nothing due.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Week of 11/16/2026')).toBeInTheDocument();
    const late = await screen.findByRole('link', { name: /Replace the fire blanket \(overdue\)/ });
    expect(late).toHaveAttribute('href', `/actionPlan/actions/${LATE_ID}`);
    // Today (Sunday 22) is marked in its week.
    expect(screen.getByTestId('calendar-week').querySelector('[aria-current="date"]')).toHaveAttribute('data-day', '2026-11-22');
  });

  it("reads the days again when the server says one of the actions changed (the socket's records:changed)", async () => {
    let items = ITEMS;
    server.use(http.get(api('calendar'), () => HttpResponse.json(makeEnvelope({ items }))));
    renderApp('/calendar');
    expect(await screen.findByRole('link', { name: 'Action Fix the guard rail' }, LOAD)).toBeInTheDocument();
    await openSocket();
    try {
      items = ITEMS.map((item) => (item.id === ACTION_ID ? { ...item, date: '2026-11-26', title: 'Fix the guard rail, moved' } : item));
      emitServerEvent('records:changed', { module: 'actions', id: ACTION_ID, version: 2 });
      const moved = await screen.findByRole('link', { name: 'Action Fix the guard rail, moved' });
      expect(moved.closest('td')).toHaveAttribute('data-day', '2026-11-26');
    } finally {
      closeSocket();
    }
  });

  it('says when the calendar cannot be read', async () => {
    server.use(http.get(api('calendar'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    renderApp('/calendar');
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('Try again');
  });
});

describe('the private iCal address', () => {
  const TOKEN_URL = 'https://vigie.example.test/api/calendar/feeds/abc123.ics';

  /** The feed on a fake server: none at first; POST makes one (its address answered once), DELETE revokes it. */
  function serveFeed() {
    let feed = { active: false, createdAt: null as string | null };
    let made = 0;
    server.use(
      http.get(api('calendar/feed'), () => HttpResponse.json(makeEnvelope({ ...feed, url: null }))),
      http.post(api('calendar/feed'), () => {
        made += 1;
        feed = { active: true, createdAt: '2026-11-22T09:00:00.000Z' };
        return HttpResponse.json(makeEnvelope({ ...feed, url: TOKEN_URL.replace('abc123', `abc${made}`) }), { status: 201 });
      }),
      http.delete(api('calendar/feed'), () => {
        feed = { active: false, createdAt: null };
        return HttpResponse.json(makeEnvelope({ ...feed, url: null }));
      }),
    );
    return { made: () => made };
  }

  it('makes an address shown once with a copy button and a webcal: link, warns before replacing it, and revokes it', async () => {
    seedSession();
    const feed = serveFeed();
    const { user } = renderApp('/calendar');
    const panel = await screen.findByRole('region', { name: 'My calendar in another application' }, LOAD);
    expect(await within(panel).findByText('You have no private address.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Make my private address' }));
    const address = await within(panel).findByRole('textbox', { name: 'Private calendar address' });
    expect(address).toHaveValue('https://vigie.example.test/api/calendar/feeds/abc1.ics');
    expect(within(panel).getByRole('link', { name: 'Add to my calendar application' })).toHaveAttribute('href', 'webcal://vigie.example.test/api/calendar/feeds/abc1.ics');
    expect(within(panel).getByText(/You have a private address, made on 11\/22\/2026/)).toBeInTheDocument();
    await user.click(within(panel).getByText('Copy'));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Address copied.'));
    // user-event's clipboard stands for the browser's.
    expect(await navigator.clipboard.readText()).toBe('https://vigie.example.test/api/calendar/feeds/abc1.ics');

    // A new address stops the old one: said before, and asked again.
    expect(within(panel).getByText(/Making a new address stops the current one/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Make a new address' }));
    const warning = within(panel).getByRole('group', { name: /The current address will stop working/ });
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(feed.made()).toBe(1);
    await user.click(within(panel).getByRole('button', { name: 'Make a new address' }));
    await user.click(within(within(panel).getByRole('group')).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: 'Private calendar address' })).toHaveValue('https://vigie.example.test/api/calendar/feeds/abc2.ics'));
    expect(feed.made()).toBe(2);

    await user.click(within(panel).getByRole('button', { name: 'Revoke the address' }));
    await user.click(within(within(panel).getByRole('group')).getByRole('button', { name: 'Revoke' }));
    expect(await within(panel).findByText('You have no private address.')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Make my private address' })).toBeInTheDocument();
  });
});
