import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft } from '../../../../src/lib/drafts';
import { enqueueWrite } from '../../../../src/lib/outbox';
import { getToasts } from '../../../../src/lib/toast';
import { renderApp } from '../../../../src/testing/render-app';
import { seedSession } from '../../../../src/testing/session';
import { MANAGER, serveSites, SITE, TYPE_OFFICE } from './sites-testing';

vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn((item: object) => Promise.resolve({ ...item, idempotencyKey: 'k', state: 'pending', createdAt: '' })),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
  useServerMayHave: () => true,
  usePendingAttachments: () => [],
}));

// The drafts store is the offline engineer's (IndexedDB); here an in-memory one.
vi.mock('../../../../src/lib/drafts', () => {
  const drafts = new Map<string, unknown>();
  return {
    saveDraft: vi.fn((key: string, value: unknown) => Promise.resolve(void drafts.set(key, value))),
    loadDraft: vi.fn((key: string) => Promise.resolve(drafts.get(key))),
    deleteDraft: vi.fn((key: string) => Promise.resolve(void drafts.delete(key))),
  };
});

const FIRST_LOOK = { timeout: 15_000 };
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const saveButton = () => screen.getByText('Save').closest('ion-button')!;

beforeEach(() => vi.mocked(enqueueWrite).mockClear());

describe('the site form', { timeout: 30_000 }, () => {
  it('marks the required name, and a Save of the empty form says what is missing instead of doing nothing', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp('/site/new');
    expect(await screen.findByRole('form', { name: 'New site' }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name').closest('ion-input')).toHaveClass('record-form-required');
    expect(screen.getByLabelText('Address').closest('ion-input')).not.toHaveClass('record-form-required');
    // Save can be tapped: a disabled Save said nothing of what was missing.
    expect(saveButton()).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText('Not saved: 1 field needs attention (marked below its label).')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('This field is required.')).toHaveAttribute('role', 'alert');
    expect(enqueueWrite).not.toHaveBeenCalled();
    // Once the field is filled, the hint goes.
    type('Name', 'Atelier');
    await waitFor(() => expect(screen.queryByText(/^Not saved/)).toBeNull());
  });

  it('refuses an empty name and an out-of-range position, with visible messages, and saves nothing', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp('/site/new');
    expect(await screen.findByRole('form', { name: 'New site' }, FIRST_LOOK)).toBeInTheDocument();

    type('Name', 'Atelier');
    type('Name', '   ');
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toHaveAttribute('role', 'alert');

    type('Name', 'Atelier de Villeurbanne');
    type('Latitude', '91');
    type('Longitude', '4,88');
    expect(await screen.findByText('The value must be at most 90.')).toBeInTheDocument();
    type('Longitude', '-200');
    expect(await screen.findByText('The value must be at least -180.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText('Not saved: 2 fields need attention (marked below their labels).')).toBeInTheDocument();
    expect(enqueueWrite).not.toHaveBeenCalled();
  });

  it('queues a new site with its client-made id', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user, pathname } = renderApp('/site/new');
    expect(await screen.findByRole('form', { name: 'New site' }, FIRST_LOOK)).toBeInTheDocument();
    type('Name', ' Atelier de Villeurbanne ');
    type('Address', '3 cours Émile Zola, 69100 Villeurbanne');
    type('Latitude', '45,771');
    type('Longitude', '4.88');
    await waitFor(() => expect(screen.getByRole('option', { name: TYPE_OFFICE.name })).toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Site type'), { target: { value: TYPE_OFFICE.id } });
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(screen.getByText('Save'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    const item = vi.mocked(enqueueWrite).mock.calls[0]![0];
    const id = (item.payload as { id: string }).id;
    expect(item).toEqual({
      kind: 'sites.create',
      module: 'sites',
      recordId: id,
      baseVersion: null,
      payload: {
        id,
        name: 'Atelier de Villeurbanne',
        description: '',
        address: '3 cours Émile Zola, 69100 Villeurbanne',
        ownerName: '',
        siteTypeId: TYPE_OFFICE.id,
        gps: { lat: 45.771, lng: 4.88 },
      },
    });
    await waitFor(() => expect(pathname()).toBe(`/site/${id}`));
    // Online: it says the site is saved, not that it waits for a network it does not wait for.
    expect(getToasts().map((toast) => toast.message)).toContain('Site saved.');
  });

  it('queues only the changed fields of an edit, with the version and the values it started from', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp(`/site/${SITE.id}/edit`);
    expect(await screen.findByRole('form', { name: `Edit ${SITE.name}` }, FIRST_LOOK)).toBeInTheDocument();
    type('Owner', 'SCI Vénissieux');
    await user.click(screen.getByText('Save'));
    await waitFor(() =>
      expect(enqueueWrite).toHaveBeenCalledWith({
        kind: 'sites.update',
        module: 'sites',
        recordId: SITE.id,
        baseVersion: 3,
        payload: { ownerName: 'SCI Vénissieux' },
        base: { ownerName: 'Métropole de Lyon' },
      }),
    );
  });

  it('keeps a draft of an unsaved edit and offers it back on reopening', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const first = renderApp(`/site/${SITE.id}/edit`);
    expect(await screen.findByRole('form', { name: `Edit ${SITE.name}` }, FIRST_LOOK)).toBeInTheDocument();
    type('Owner', 'SCI Vénissieux');
    await waitFor(() => expect(loadDraft(`sites:edit:${SITE.id}`)).resolves.toMatchObject({ ownerName: 'SCI Vénissieux' }));
    first.unmount();

    const { user } = renderApp(`/site/${SITE.id}/edit`);
    expect(await screen.findByText('A draft of this form was kept from an earlier visit.', {}, FIRST_LOOK)).toBeInTheDocument();
    await user.click(screen.getByText('Restore the draft'));
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveValue('SCI Vénissieux'));
  });
});

describe('the position from the device', { timeout: 30_000 }, () => {
  const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: answer } });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('fills the latitude and longitude', async () => {
    geolocation((ok) => ok({ coords: { latitude: 45.764043, longitude: 4.835659 } } as GeolocationPosition));
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp('/site/new');
    await user.click(await screen.findByText('Use my position', {}, FIRST_LOOK));
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue('45.764043'));
    expect(screen.getByLabelText('Longitude')).toHaveValue('4.835659');
  });

  it('says why there is none', async () => {
    geolocation((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError));
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp('/site/new');
    await user.click(await screen.findByText('Use my position', {}, FIRST_LOOK));
    expect(await screen.findByText('The position was refused: allow this site to use your location, or type it.')).toHaveAttribute('role', 'alert');
  });
});

describe('the site types', { timeout: 30_000 }, () => {
  it('queues a new type, and refuses a blank name', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp('/site/types');
    expect(await screen.findByText('Entrepôt', {}, FIRST_LOOK)).toBeInTheDocument();
    await user.click(screen.getByText('Add'));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(enqueueWrite).not.toHaveBeenCalled();
    type('Type name', 'Chantier');
    await user.click(screen.getByText('Add'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    const item = vi.mocked(enqueueWrite).mock.calls[0]![0];
    expect(item).toEqual({ kind: 'sites.type.create', module: 'sites', recordId: item.recordId, baseVersion: null, payload: { id: item.recordId, name: 'Chantier' } });
  });
});
