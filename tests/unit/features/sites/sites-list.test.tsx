import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_MAX } from '../../../../common/schemas/platform';
import { SEARCH_LIMIT, validateSiteSearch } from '../../../../src/features/sites/search';
import { renderApp } from '../../../../src/testing/render-app';
import { seedSession } from '../../../../src/testing/session';
import { MANAGER, READER, serveSites, TYPE_WAREHOUSE } from './sites-testing';

vi.mock('../../../../src/lib/outbox', () => ({
  enqueueWrite: vi.fn(),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
  usePendingAttachments: () => [],
}));

const FIRST_LOOK = { timeout: 15_000 };

const rowsOf = () => within(screen.getByRole('list', { name: 'Sites' })).getAllByRole('link');

describe('the site list', { timeout: 30_000 }, () => {
  it('renders the rows of the first page, virtualised, with the filtered count', async () => {
    const api = serveSites({ rights: READER, total: 130, pageSize: 100 });
    seedSession({ rights: READER });
    renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('130 sites')).toBeInTheDocument();
    expect(screen.getAllByText('1 rue de la République, 69002 Lyon')).toHaveLength(1);
    // Virtualised: a screenful and some overscan, not 100 rows.
    expect(rowsOf().length).toBeLessThan(30);
    expect(api.listRequests[0]?.get('cursor')).toBeNull();
  });

  it('puts the search and the filters in the address, and a reload shows the same list', async () => {
    const api = serveSites({ rights: READER, total: 12 });
    seedSession({ rights: READER });
    const { router, unmount } = renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();

    fireEvent.input(screen.getByLabelText('Search by name, address or owner'), { target: { value: 'Site 011' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'Site 011' }));
    expect(await screen.findByText('1 site')).toBeInTheDocument();
    expect(rowsOf().map((row) => row.textContent)).toEqual([expect.stringContaining('Site 011')]);

    fireEvent.change(screen.getByLabelText('Site type'), { target: { value: TYPE_WAREHOUSE.id } });
    fireEvent.change(screen.getByLabelText('GPS position'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: '-updatedAt' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ search: 'Site 011', siteType: TYPE_WAREHOUSE.id, hasGps: 'true', sort: '-updatedAt' }),
    );
    await waitFor(() => expect(api.listRequests.at(-1)?.get('sort')).toBe('-updatedAt'));
    const last = api.listRequests.at(-1)!;
    expect(Object.fromEntries(last)).toMatchObject({ search: 'Site 011', siteType: TYPE_WAREHOUSE.id, hasGps: 'true', sort: '-updatedAt' });
    const href = router.state.location.href;
    unmount();

    // The same address opened afresh: the same choices, shown and asked for.
    const count = api.listRequests.length;
    renderApp(href);
    expect(await screen.findByText('Site 011', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByLabelText('Site type')).toHaveValue(TYPE_WAREHOUSE.id);
    expect(screen.getByLabelText('GPS position')).toHaveValue('true');
    expect(screen.getByLabelText('Sort')).toHaveValue('-updatedAt');
    expect(Object.fromEntries(api.listRequests[count]!)).toMatchObject({ search: 'Site 011', siteType: TYPE_WAREHOUSE.id, hasGps: 'true' });
  });

  it('drops search params the contract would refuse', () => {
    expect(validateSiteSearch({ sort: 'owner', siteType: 'not-a-uuid', hasGps: 'maybe', deleted: 'false', search: '  ' })).toEqual({});
    expect(validateSiteSearch({ hasGps: true, deleted: true, search: 42 })).toEqual({ hasGps: 'true', deleted: 'true', search: '42' });
    expect(SEARCH_LIMIT).toBe(SEARCH_MAX);
  });

  it('shows no manage action to a reader, and them to a manager', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    const reader = renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByText('New site')).toBeNull();
    expect(screen.queryByText('Site types')).toBeNull();
    expect(screen.queryByLabelText('Sites shown')).toBeNull();
    reader.unmount();

    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    renderApp('/site/view/infoV2');
    expect(await screen.findByText('Site 001', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('New site')).toBeInTheDocument();
    expect(screen.getByText('Site types')).toBeInTheDocument();
    expect(screen.getByLabelText('Sites shown')).toBeInTheDocument();
  });

  it('sends a reader away from the create page', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    const { pathname } = renderApp('/site/new');
    await waitFor(() => expect(pathname()).toBe('/site/view/infoV2'), FIRST_LOOK);
  });
});
