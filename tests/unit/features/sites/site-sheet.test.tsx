import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEmergencyRequests } from '../../../../src/lib/emergency-request';
import type { Attachment } from '../../../../common/schemas/platform';
import { discardWrite, enqueueWrite, type PendingWrite } from '../../../../src/lib/outbox';
import { getToasts } from '../../../../src/lib/toast';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { renderApp } from '../../../../src/testing/render-app';
import { seedSession } from '../../../../src/testing/session';
import { MANAGER, READER, serveSites, SITE } from './sites-testing';

/** The photos this device still holds for the site (usePendingAttachments), set by a test. */
const held = vi.hoisted(() => ({ photos: [] as object[] }));

// The writes this device still holds, as usePendingChanges gives them.
const outbox = vi.hoisted(() => ({ writes: [] as PendingWrite[] }));
vi.mock('../../../../src/lib/outbox', () => ({
  enqueueWrite: vi.fn((item: object) => Promise.resolve({ ...item, idempotencyKey: 'k', state: 'pending', createdAt: '' })),
  discardWrite: vi.fn(() => Promise.resolve()),
  registerSender: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => outbox.writes,
  useServerMayHave: () => true,
  usePendingAttachments: () => held.photos,
}));
// jsdom draws no image: the picked file comes back as the resized photo.
vi.mock('../../../../src/lib/image-resize', () => ({
  resizeImage: vi.fn(async (file: File) => ({ blob: file, name: file.name, type: 'image/jpeg', width: 2000, height: 1500, takenAt: '2026-05-14T09:30:00.000Z', gps: null })),
}));

const FIRST_LOOK = { timeout: 15_000 };

beforeEach(() => {
  vi.mocked(enqueueWrite).mockClear();
  vi.mocked(discardWrite).mockClear();
  held.photos = [];
  outbox.writes = [];
});
afterEach(resetEmergencyRequests);
const section = (name: string) => screen.getByRole('region', { name });

describe('the site sheet', { timeout: 30_000 }, () => {
  it('shows the general information, the stages in order and the history', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    renderApp(`/site/${SITE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    const general = section('General information');
    expect(within(general).getByText(SITE.address)).toBeInTheDocument();
    expect(within(general).getByText('Métropole de Lyon')).toBeInTheDocument();
    expect(within(general).getByText('Entrepôt')).toBeInTheDocument();
    expect(within(general).getByText('Open in a map app')).toHaveAttribute('href', 'geo:45.7,4.88');

    const panoramas = within(section('360° stages')).getAllByRole('listitem');
    expect(panoramas.map((item) => item.textContent)).toEqual([expect.stringContaining('Hall d’entrée'), expect.stringContaining('Quai de chargement')]);
    expect(within(section('360° stages')).getByText('View Hall d’entrée in 360°')).toBeInTheDocument();
    expect(within(section('3D stages')).getByText('Maquette du bâtiment')).toBeInTheDocument();

    const history = section('History');
    expect(await within(history).findByText(/by Claire Martin/)).toBeInTheDocument();
    expect(
      within(history).getByText('Address: 10 avenue de la Division Leclerc → 12 avenue de la Division Leclerc, 69200 Vénissieux'),
    ).toBeInTheDocument();
    expect(within(history).getByText(/by Paul Durand/)).toBeInTheDocument();
    expect(within(history).getByText('Site type: — → Ancien entrepôt')).toBeInTheDocument();
    expect(within(history).getByText('GPS position: — → 45.7284, 4.8322')).toBeInTheDocument();
  });

  it('offers no edit, delete or stage management to a reader', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    renderApp(`/site/${SITE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete this site')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Manage the stages' })).toBeNull();
    // Nor a declaration to report without the right to report.
    expect(screen.queryByText('Report on this site')).toBeNull();
  });

  it('opens the declaration form with this site chosen for those who report', async () => {
    const rights = [...READER, 'declarations.read'];
    serveSites({ rights });
    seedSession({ rights });
    const { user, router } = renderApp(`/site/${SITE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    await user.click(screen.getByText('Report on this site'));
    await waitFor(() => expect(router.state.location.href).toBe(`/declarations/new?site=${SITE.id}`));
  });

  it('queues a manager’s delete, after confirmation, with the version seen', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp(`/site/${SITE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    await user.click(screen.getByText('Delete this site'));
    expect(enqueueWrite).not.toHaveBeenCalled();
    await user.click(await screen.findByText('Yes, delete it'));
    await waitFor(() =>
      expect(enqueueWrite).toHaveBeenCalledWith({ kind: 'sites.delete', module: 'sites', recordId: SITE.id, baseVersion: 3, payload: null }),
    );
  });

  it('queues a manager’s new order of the 360 stages', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp(`/site/${SITE.id}`);
    const manage = await screen.findByRole('region', { name: 'Manage the stages' }, FIRST_LOOK);
    await user.click(within(manage).getByLabelText('Move Quai de chargement up'));
    await waitFor(() =>
      expect(enqueueWrite).toHaveBeenCalledWith({
        kind: 'sites.stage.order',
        module: 'sites',
        recordId: SITE.id,
        baseVersion: 3,
        payload: { kind: 'threeSixty', ids: [SITE.stages[0]!.id, SITE.stages[1]!.id] },
      }),
    );
  });
});

describe('the site’s photos', { timeout: 30_000 }, () => {
  it('queues a manager’s photo with its Blob, one outbox item that carries it', async () => {
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp(`/site/${SITE.id}`);
    const files = await screen.findByRole('region', { name: 'Files and photos' }, FIRST_LOOK);
    const photo = new File([new Uint8Array(2048)], 'façade.jpg', { type: 'image/jpeg' });
    await user.upload(within(files).getByTestId('photo-picker-gallery'), photo);
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    const write = vi.mocked(enqueueWrite).mock.calls[0]![0];
    const attachmentId = (write.payload as { attachmentId: string }).attachmentId;
    expect(write).toEqual({
      kind: 'sites.photo.add',
      module: 'sites',
      recordId: SITE.id,
      baseVersion: 3,
      payload: { attachmentId, name: 'façade.jpg' },
      attachments: [{ attachmentId, blob: photo, name: 'façade.jpg', type: 'image/jpeg', takenAt: '2026-05-14T09:30:00.000Z', gps: null }],
    });
    // Said as saved (the offline sentence follows when the device is offline, as here without a server).
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContainEqual(expect.stringMatching(/^Photo saved\./)));
  });

  it('shows a photo still on the device as waiting, which its manager may remove', async () => {
    const item = { key: 'item-1', state: 'queued', kind: 'sites.photo.add', recordId: SITE.id };
    held.photos = [{ item, attachment: { attachmentId: 'eeeeeeee-0000-4000-8000-000000000001', itemKey: 'item-1', blob: new Blob(['x'], { type: 'image/jpeg' }), name: 'quai.jpg', type: 'image/jpeg' } }];
    serveSites({ rights: MANAGER });
    seedSession({ rights: MANAGER });
    const { user } = renderApp(`/site/${SITE.id}`);
    const files = await screen.findByRole('region', { name: 'Files and photos' }, FIRST_LOOK);
    const tile = within(files).getByRole('button', { name: 'Open quai.jpg' }).closest('li')!;
    expect(within(tile).getByText('Waiting to be sent')).toBeInTheDocument();
    await user.click(within(tile).getByRole('button', { name: 'Remove quai.jpg' }));
    expect(discardWrite).toHaveBeenCalledWith('item-1');
  });

  it('offers no photo picker to a reader', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    renderApp(`/site/${SITE.id}`);
    const files = await screen.findByRole('region', { name: 'Files and photos' }, FIRST_LOOK);
    expect(within(files).getByText('No photo yet.')).toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: 'Choose from gallery' })).toBeNull();
  });
});

describe('an emergency alert for this site', { timeout: 30_000 }, () => {
  it('opens the emergency dialog with the site chosen, for a holder of the emergency right', async () => {
    const rights = ['sites.read', 'opteamum.admin'];
    serveSites({ rights });
    const other = { _id: 'ffffffff-0000-4000-8000-000000000001', name: 'Atelier Nord', description: '', address: { fullAddress: '' }, gps: null, owner: { name: '' } };
    const mine = { _id: SITE.id, name: SITE.name, description: '', address: { fullAddress: SITE.address }, gps: null, owner: { name: SITE.ownerName } };
    server.use(
      http.get(api('emergency/sites'), () => HttpResponse.json(makeEnvelope([other, mine], { rights }))),
      http.get(api('emergency/getSiteStages/:id'), () => HttpResponse.json(makeEnvelope([], { rights }))),
      http.get(api('emergency/getAll360Stages/:id'), () => HttpResponse.json(makeEnvelope([], { rights }))),
    );
    seedSession({ rights });
    const { user } = renderApp(`/site/${SITE.id}`);
    await user.click(await screen.findByText('Raise an emergency alert for this site', {}, FIRST_LOOK));
    const choice = await screen.findByRole('radio', { name: new RegExp(SITE.name) }, FIRST_LOOK);
    expect(choice).toBeChecked();
    expect(screen.getByRole('radio', { name: /Atelier Nord/ })).not.toBeChecked();
  });

  it('is not offered without the emergency right', async () => {
    serveSites({ rights: READER });
    seedSession({ rights: READER });
    renderApp(`/site/${SITE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: SITE.name }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.queryByText('Raise an emergency alert for this site')).toBeNull();
  });
});

describe('the files of a site', { timeout: 30_000 }, () => {
  const file = (id: string, name: string): Attachment => ({
    id,
    name,
    type: 'image/jpeg',
    size: 1000,
    width: 10,
    height: 10,
    takenAt: null,
    gps: null,
    url: `/api/attachments/${id}`,
    thumbnailUrl: `/api/attachments/${id}/thumbnail`,
    createdAt: '2026-11-02T09:30:00.000Z',
    createdBy: { id: '99999999-9999-4999-8999-999999999999', name: 'Claire Martin' },
  });
  const PHOTO = file('f0000000-0000-4000-8000-000000000001', 'Façade nord.jpg');
  // The first 360 stage's panorama (SITE's stages name /api/attachments/x1): it goes with its stage.
  const PANORAMA = file('x1', 'Hall.jpg');

  function serveFiles(rights: string[]) {
    serveSites({ rights });
    server.use(
      http.get(api(`sites/${SITE.id}`), () => HttpResponse.json(makeEnvelope({ ...SITE, attachments: [PHOTO, PANORAMA] }, { rights }))),
      http.get(api('attachments/:id/thumbnail'), () => new HttpResponse('x', { headers: { 'Content-Type': 'image/jpeg' } })),
    );
    seedSession({ rights });
  }

  it('lets a manager delete a photo after confirming, queued in the outbox, but not a stage’s panorama', async () => {
    serveFiles(MANAGER);
    const { user } = renderApp(`/site/${SITE.id}`);
    const files = await screen.findByRole('list', { name: 'Photos and files' }, FIRST_LOOK);
    expect(within(files).getByRole('button', { name: 'Open Hall.jpg' })).toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: 'Delete Hall.jpg' })).toBeNull();

    await user.click(within(files).getByRole('button', { name: 'Delete Façade nord.jpg' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete Façade nord.jpg? It will no longer show on this record.');
    // Cancel changes nothing.
    await user.click(within(dialog).getByText('Cancel'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(enqueueWrite).not.toHaveBeenCalled();

    await user.click(within(files).getByRole('button', { name: 'Delete Façade nord.jpg' }));
    await user.click(within(screen.getByRole('alertdialog')).getByText('Delete'));
    await waitFor(() =>
      expect(enqueueWrite).toHaveBeenCalledWith({
        kind: 'attachments.delete',
        module: 'sites',
        recordId: SITE.id,
        baseVersion: null,
        payload: { attachmentId: PHOTO.id, name: PHOTO.name },
      }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('hides a file whose deletion waits to be sent, named below and marked waiting', async () => {
    outbox.writes = [{ item: { kind: 'attachments.delete', module: 'sites', recordId: SITE.id, state: 'queued' }, payload: { attachmentId: PHOTO.id, name: PHOTO.name } }];
    serveFiles(MANAGER);
    renderApp(`/site/${SITE.id}`);
    const files = await screen.findByRole('list', { name: 'Photos and files' }, FIRST_LOOK);
    expect(within(files).queryByRole('button', { name: 'Open Façade nord.jpg' })).toBeNull();
    expect(within(files).getByRole('button', { name: 'Open Hall.jpg' })).toBeInTheDocument();
    const waiting = screen.getByText(/Façade nord\.jpg deleted/);
    expect(within(waiting).getByText('Waiting to be sent')).toBeInTheDocument();
    // The site itself is waiting, and not taken for deleted.
    expect(screen.queryByText('Deleted')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: SITE.name })).toBeInTheDocument();
  });

  it('offers a reader no delete action', async () => {
    serveFiles(READER);
    renderApp(`/site/${SITE.id}`);
    const files = await screen.findByRole('list', { name: 'Photos and files' }, FIRST_LOOK);
    expect(within(files).getByRole('button', { name: 'Open Façade nord.jpg' })).toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
