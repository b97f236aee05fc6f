import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueWrite, type PendingWrite } from '../../../../src/lib/outbox';
import { renderApp } from '../../../../src/testing/render-app';
import type { Attachment } from '../../../../common/schemas/platform';
import { ACTION, DECLARATION_ID, FIELD, MANAGER, ME, OTHER, serveActions, seedActionsSession } from './actions-testing';

const outbox = vi.hoisted(() => ({ writes: [] as PendingWrite[], items: [] as object[] }));
vi.mock('../../../../src/lib/outbox', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/lib/outbox')>()),
  enqueueWrite: vi.fn((item: object) => Promise.resolve({ ...item, key: 'k', state: 'queued' })),
  discardWrite: vi.fn(() => Promise.resolve()),
  registerSender: vi.fn(),
  usePendingWrites: () => outbox.items,
  usePendingChanges: () => outbox.writes,
  usePendingAttachments: () => [],
}));
// jsdom draws no image: the picked file comes back as the resized photo.
vi.mock('../../../../src/lib/image-resize', () => ({
  resizeImage: vi.fn(async (file: File) => ({ blob: file, name: file.name, type: 'image/jpeg', width: 2000, height: 1500, takenAt: '2026-11-20T09:30:00.000Z', gps: null })),
}));

const FIRST_LOOK = { timeout: 15_000 };
const section = (name: string) => screen.getByRole('region', { name });
/** The texts of Ionic's buttons in a part of the page (ion-button has no role in jsdom). */
const buttonsOf = (part: HTMLElement) => [...part.querySelectorAll('ion-button')].map((button) => button.textContent);
/** Types into an Ionic text field (its native control). */
const typeIn = (part: HTMLElement, value: string) => fireEvent.input(within(part).getByRole('textbox'), { target: { value } });
const open = async (rights: string[], action = ACTION) => {
  serveActions({ rights, action });
  seedActionsSession(rights);
  const app = renderApp(`/actionPlan/actions/${action.id}`);
  expect(await screen.findByRole('heading', { level: 1, name: action.title }, FIRST_LOOK)).toBeInTheDocument();
  return app;
};

beforeEach(() => {
  vi.mocked(enqueueWrite).mockClear();
  outbox.writes = [];
  outbox.items = [];
});

describe('the action sheet', { timeout: 30_000 }, () => {
  it('shows everything of the action: its source linked, its plan, assignee, due day, proof, comments and history', async () => {
    await open(FIELD);
    const details = section('Details');
    expect(within(details).getByText('L’extincteur du quai 3 est périmé.')).toBeInTheDocument();
    expect(within(details).getByText('Entrepôt de Vénissieux')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Declaration: Extincteur périmé' })).toHaveAttribute('href', `/declarations/${DECLARATION_ID}`);
    expect(within(details).getByRole('link', { name: 'Audit sécurité 2026' })).toBeInTheDocument();
    expect(within(details).getByText('a photo, a closing note')).toBeInTheDocument();
    expect(within(section('Comments')).getByText('Commandé chez le fournisseur.')).toBeInTheDocument();
    expect(await within(section('History')).findByText(/by Claire Martin/)).toBeInTheDocument();
    expect(screen.getAllByText('Overdue').length).toBeGreaterThan(0);
  });

  it('offers its assignee the moves the workflow allows it, and starts at once', async () => {
    const { user } = await open(FIELD);
    const moves = within(section('Follow-up')).getByRole('group', { name: 'Follow-up' });
    expect(buttonsOf(moves)).toEqual(['Start', 'Close']);
    expect(screen.queryByText('Edit')).toBeNull();
    await user.click(within(moves).getByText('Start'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toEqual({
      kind: 'actions.status',
      module: 'actions',
      recordId: ACTION.id,
      baseVersion: null,
      payload: { status: 'inProgress', at: expect.any(String) },
    });
  });

  it('closes only with the proof it requires: the photo (queued with the close, uploaded first) and the note', async () => {
    const { user } = await open(FIELD);
    await user.click(within(section('Follow-up')).getByText('Close'));
    const form = screen.getByRole('form', { name: 'Close' });
    const confirm = within(form).getByText('Confirm: Close').closest('ion-button')!;
    expect(within(form).getByText('Still missing: a photo, a closing note.')).toBeInTheDocument();
    await waitFor(() => expect(confirm).toHaveAttribute('disabled'));

    const photo = new File([new Uint8Array(2048)], 'extincteur.jpg', { type: 'image/jpeg' });
    await user.upload(within(form).getByTestId('photo-picker-camera'), photo);
    expect(await within(form).findByText('Still missing: a closing note.')).toBeInTheDocument();
    typeIn(form, 'Extincteur remplacé');
    await waitFor(() => expect(within(form).queryByText(/Still missing/)).toBeNull());
    await user.click(within(form).getByText('Confirm: Close'));

    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    const write = vi.mocked(enqueueWrite).mock.calls[0]![0];
    expect(write).toMatchObject({ kind: 'actions.status', module: 'actions', recordId: ACTION.id, payload: { status: 'done', note: 'Extincteur remplacé' } });
    expect(write.attachments).toEqual([{ attachmentId: expect.any(String), blob: photo, name: 'extincteur.jpg', type: 'image/jpeg', takenAt: '2026-11-20T09:30:00.000Z', gps: null }]);
  });

  it('offers a manager verify, send back and cancel on a done action, and edit', async () => {
    await open(MANAGER, { ...ACTION, status: 'done', overdue: false, closingNote: 'Remplacé', doneAt: '2026-11-20T10:00:00.000Z', doneBy: ACTION.assignee });
    const moves = within(section('Follow-up')).getByRole('group', { name: 'Follow-up' });
    expect(buttonsOf(moves)).toEqual(['Send back', 'Verify', 'Cancel the action']);
    expect(screen.getByText('Edit')).toBeInTheDocument();
    expect(within(section('Details')).getByText('Remplacé')).toBeInTheDocument();
  });

  it('queues a comment and shows what waits: a status moved and a comment not yet sent', async () => {
    outbox.writes = [
      { item: { kind: 'actions.status', recordId: ACTION.id, state: 'queued', module: 'actions' }, payload: { status: 'inProgress', at: '2026-11-20T10:00:00.000Z' } },
      { item: { kind: 'actions.comment', recordId: ACTION.id, state: 'queued', module: 'actions' }, payload: { id: 'ffffffff-0000-4000-8000-000000000001', text: 'Sur place demain', at: '2026-11-20T10:01:00.000Z' } },
    ];
    const { user } = await open(FIELD);
    expect(screen.getAllByText('In progress').length).toBeGreaterThan(0);
    const comments = section('Comments');
    expect(within(comments).getByText('Sur place demain')).toBeInTheDocument();
    expect(within(comments).getByText('Waiting to be sent')).toBeInTheDocument();
    typeIn(comments, 'Pièce reçue');
    await user.click(within(comments).getByText('Send the comment'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toMatchObject({ kind: 'actions.comment', recordId: ACTION.id, payload: { text: 'Pièce reçue', id: expect.any(String), at: expect.any(String) } });
  });

  it('says when a manager’s edit met another’s on the same field, and offers the choice', async () => {
    outbox.items = [
      {
        key: 'item-1',
        kind: 'actions.update',
        recordId: ACTION.id,
        state: 'conflict',
        conflict: { fields: [{ field: 'dueOn', base: '2026-11-10', mine: '2026-12-01', theirs: '2026-11-30' }], merged: {}, theirs: { ...ACTION, version: 3 } },
      },
    ];
    await open(MANAGER);
    expect(screen.getByRole('alert')).toHaveTextContent('Someone changed the same fields of this action meanwhile.');
    expect(screen.getByText('Choose the values')).toBeInTheDocument();
  });
});

describe('the photos of an action', { timeout: 30_000 }, () => {
  const photo = (n: number, by: { id: string; name: string }): Attachment => ({
    id: `ffffffff-0000-4000-8000-00000000000${n}`,
    name: `photo-${n}.jpg`,
    type: 'image/jpeg',
    size: 1024,
    width: 2000,
    height: 1500,
    takenAt: null,
    gps: null,
    url: `/api/attachments/ffffffff-0000-4000-8000-00000000000${n}`,
    thumbnailUrl: null,
    createdAt: '2026-11-05T10:00:00.000Z',
    createdBy: by,
  });
  const withPhotos = { ...ACTION, attachments: [photo(1, ME), photo(2, OTHER)] };
  const photos = () => within(section('Photos'));

  it('lets the assignee delete a photo it added to its open action (queued in the outbox), not another’s', async () => {
    const { user } = await open(FIELD, withPhotos);
    expect(photos().queryByLabelText('Delete photo-2.jpg')).toBeNull();
    await user.click(photos().getByLabelText('Delete photo-1.jpg'));
    await user.click(within(screen.getByRole('alertdialog')).getByText('Delete'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    expect(vi.mocked(enqueueWrite).mock.calls[0]![0]).toEqual({
      kind: 'attachments.delete',
      module: 'actions',
      recordId: ACTION.id,
      baseVersion: null,
      payload: { attachmentId: photo(1, ME).id, name: 'photo-1.jpg' },
    });
  });

  it('keeps the photos of a closed action: no delete button, and says why', async () => {
    await open(FIELD, { ...withPhotos, status: 'done', doneAt: '2026-11-06T10:00:00.000Z', doneBy: ME, closingNote: 'Remplacé' });
    expect(photos().getByText('The action is closed: its photos stay as the proof it was closed with.')).toBeInTheDocument();
    expect(photos().queryByLabelText(/^Delete /)).toBeNull();
  });

  it('lets a manager delete anyone’s photo of an open action', async () => {
    await open(MANAGER, withPhotos);
    expect(photos().getByLabelText('Delete photo-1.jpg')).toBeInTheDocument();
    expect(photos().getByLabelText('Delete photo-2.jpg')).toBeInTheDocument();
  });
});
