import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WIDE_MEDIA } from '../../../../src/components/module/SplitLayout';
import { reportRequest } from '../../../../src/lib/connectivity';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';
import { READER, serveSites, SITE, summary } from './sites-testing';

vi.mock('../../../../src/lib/outbox', () => ({ enqueueWrite: vi.fn(), registerSender: vi.fn(), usePendingWrites: () => [], usePendingChanges: () => [], useServerMayHave: () => true, usePendingAttachments: () => [] }));

const FIRST_LOOK = { timeout: 15_000 };
const phoneMatchMedia = window.matchMedia;

function wideScreen() {
  window.matchMedia = (query: string) => ({ ...phoneMatchMedia(query), matches: query === WIDE_MEDIA });
}

afterEach(() => {
  window.matchMedia = phoneMatchMedia;
});

function serveListWithSite() {
  const rows = [summary(1), summary(2, { id: SITE.id, name: SITE.name, address: SITE.address }), summary(3)];
  server.use(http.get(api('sites'), () => HttpResponse.json(makeEnvelope({ items: rows, nextCursor: null, total: 3 }, { rights: READER }))));
}

describe('list and sheet together', { timeout: 30_000 }, () => {
  it('on a wide screen, shows the list beside the sheet with the open site highlighted', async () => {
    wideScreen();
    serveSites({ rights: READER });
    serveListWithSite();
    seedSession({ rights: READER });
    renderApp(`/site/${SITE.id}?sort=-name`);
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sites' });
    const open = within(list).getByRole('link', { name: new RegExp(SITE.name) });
    expect(open).toHaveAttribute('aria-current', 'true');
    // The list's choices ride along to the next site.
    expect(within(list).getByRole('link', { name: /Site 001/ })).toHaveAttribute('href', `/site/${summary(1).id}?sort=-name`);
    // Wide: no back button, the list is there.
    expect(screen.queryByLabelText('Back')).toBeNull();
  });

  it('on a phone, shows the sheet alone, with a back button', async () => {
    serveSites({ rights: READER });
    serveListWithSite();
    seedSession({ rights: READER });
    const { user, pathname } = renderApp('/site/view/infoV2');
    const list = await screen.findByRole('list', { name: 'Sites' }, FIRST_LOOK);
    // The rows follow the list's first layout (a render of their own).
    await user.click(await within(list).findByRole('link', { name: new RegExp(SITE.name) }));
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sites' })).toBeNull();
    await user.click(screen.getByLabelText('Back'));
    expect(await screen.findByRole('list', { name: 'Sites' })).toBeInTheDocument();
    expect(pathname()).toBe('/site/view/infoV2');
  });

  it('says when the list is shown from the device', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByText(/Shown from the device/)).toBeNull();
    // A request that got no answer: the connection is down.
    act(() => reportRequest({ durationMs: 10 }));
    expect(await screen.findByText(/Shown from the device, saved at/)).toBeInTheDocument();
  });
});
