// The report form: built from a template revision, checked as the server
// checks it, queued in the outbox with the device's capture time and position, its pictures as
// attachments, and its draft kept across a reload (remount).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../../../common/modules/declarations/schemas';
import { loadDraft } from '../../../../src/lib/drafts';
import { enqueueWrite } from '../../../../src/lib/outbox';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

vi.mock('../../../../src/lib/outbox', () => ({
  enqueueWrite: vi.fn((item: object) => Promise.resolve({ ...item, idempotencyKey: 'k', state: 'pending', createdAt: '' })),
  registerSender: vi.fn(),
  sendWrite: vi.fn(),
  usePendingWrites: () => [],
  usePendingChanges: () => [],
  usePendingAttachments: () => [],
}));

vi.mock('../../../../src/lib/drafts', () => {
  const drafts = new Map<string, unknown>();
  return {
    saveDraft: vi.fn((key: string, value: unknown) => Promise.resolve(void drafts.set(key, value))),
    loadDraft: vi.fn((key: string) => Promise.resolve(drafts.get(key))),
    deleteDraft: vi.fn((key: string) => Promise.resolve(void drafts.delete(key))),
  };
});

const READER = ['declarations.read', 'notifications.access'];
const ACTOR = { id: '99999999-9999-4999-8999-999999999999', name: 'claire@demo.vigie.test' };
const SITE_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
const TEMPLATE: Template = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  districtId: 'cccccccc-0000-4000-8000-000000000001',
  version: 3,
  createdAt: '2026-10-01T08:00:00.000Z',
  createdBy: ACTOR,
  updatedAt: '2026-11-02T09:30:00.000Z',
  updatedBy: ACTOR,
  deletedAt: null,
  name: 'Presque-accident',
  icon: 'warning',
  defaultSeverity: 'high',
  notify: [],
  notifyNames: [],
  fields: [
    { key: 'zone', label: 'Zone', kind: 'text', required: true },
    { key: 'injured', label: 'Blessés', kind: 'yesNo', required: true },
    { key: 'people', label: 'Nombre de personnes', kind: 'number', required: false },
    { key: 'cause', label: 'Cause apparente', kind: 'choice', required: false, options: ['Sol glissant', 'Chute d’objet'] },
  ],
};

const FIRST_LOOK = { timeout: 15_000 };
const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

function serve() {
  server.use(
    http.get(api('declarations/templates'), () => HttpResponse.json(makeEnvelope([TEMPLATE], { rights: READER }))),
    http.get(api('declarations/sites'), ({ request }) =>
      HttpResponse.json(
        makeEnvelope([
          { id: SITE_ID, name: 'Entrepôt de Vénissieux', address: '12 avenue de la Division Leclerc', distance: new URL(request.url).searchParams.has('near') ? 120 : null },
        ], { rights: READER }),
      ),
    ),
    // The report is in the outbox, not on the server yet.
    http.get(api('declarations/:id'), () => HttpResponse.json({ message: 'declarations.not_found' }, { status: 404 })),
  );
}

const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: answer } });

beforeEach(() => {
  vi.mocked(enqueueWrite).mockClear();
  geolocation((ok) => ok({ coords: { latitude: 45.764043, longitude: 4.835659, accuracy: 12.4 } } as GeolocationPosition));
});
afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

describe('the report form', { timeout: 30_000 }, () => {
  it('offers the district’s types, then asks the chosen type’s fields with the device’s position and the nearest site', async () => {
    serve();
    seedSession({ rights: READER });
    const { user, pathname } = renderApp('/declarations/new');
    await user.click(await screen.findByRole('button', { name: 'Presque-accident' }, FIRST_LOOK));
    await waitFor(() => expect(pathname()).toBe('/declarations/new'));
    expect(await screen.findByRole('form', { name: 'Report: Presque-accident' }, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByLabelText('Zone (required)')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Blessés (required)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cause apparente')).toBeInTheDocument();
    expect(await screen.findByText('45.764043, 4.835659 (± 12 m, the device’s position)')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Entrepôt de Vénissieux (120 m)' })).toBeInTheDocument();
    // 120 m away: standing on it, the site is chosen by itself.
    await waitFor(() => expect(screen.getByLabelText('Site (nearest first)')).toHaveValue(SITE_ID));
    // The template's default severity is chosen.
    expect(screen.getByRole('radio', { name: 'High' })).toBeChecked();
  });

  it('names what is missing or wrong and queues nothing', async () => {
    serve();
    seedSession({ rights: READER });
    const { user } = renderApp(`/declarations/new?template=${TEMPLATE.id}`);
    expect(await screen.findByRole('form', { name: 'Report: Presque-accident' }, FIRST_LOOK)).toBeInTheDocument();
    type('Nombre de personnes', 'trois');
    await user.click(screen.getByText('Save'));
    // Title, zone and the yes/no are required; "trois" is not a number.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
    expect(screen.getByText('This value is not valid.')).toBeInTheDocument();
    expect(enqueueWrite).not.toHaveBeenCalled();
  });

  it('queues the report with the template revision, the capture time and position as evidence, and the answers typed', async () => {
    serve();
    seedSession({ rights: READER });
    const { user, pathname } = renderApp(`/declarations/new?template=${TEMPLATE.id}&site=${SITE_ID}`);
    expect(await screen.findByRole('form', { name: 'Report: Presque-accident' }, FIRST_LOOK)).toBeInTheDocument();
    await screen.findByText('45.764043, 4.835659 (± 12 m, the device’s position)');
    type('Title', ' Chariot lancé sans frein ');
    type('Zone (required)', 'Quai 3');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    type('Nombre de personnes', '2,5');
    fireEvent.change(screen.getByLabelText('Cause apparente'), { target: { value: 'Sol glissant' } });
    const before = Date.now();
    await user.click(screen.getByText('Save'));
    await waitFor(() => expect(enqueueWrite).toHaveBeenCalledTimes(1));
    const item = vi.mocked(enqueueWrite).mock.calls[0]![0];
    const payload = item.payload as Record<string, unknown>;
    expect(item).toMatchObject({ kind: 'declarations.create', module: 'declarations', recordId: payload.id, baseVersion: null, attachments: [] });
    expect(payload).toMatchObject({
      templateId: TEMPLATE.id,
      templateVersion: 3,
      siteId: SITE_ID,
      position: { lat: 45.764043, lng: 4.835659, accuracy: 12, source: 'device' },
      severity: 'high',
      title: 'Chariot lancé sans frein',
      description: '',
      values: { zone: 'Quai 3', injured: false, people: 2.5, cause: 'Sol glissant' },
      photos: [],
    });
    expect(Date.parse(payload.capturedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    await waitFor(() => expect(pathname()).toBe(`/declarations/${String(payload.id)}`));
  });

  it('keeps a draft of an unsent report and offers it back when the form opens again', async () => {
    serve();
    seedSession({ rights: READER });
    const first = renderApp(`/declarations/new?template=${TEMPLATE.id}`);
    expect(await screen.findByRole('form', { name: 'Report: Presque-accident' }, FIRST_LOOK)).toBeInTheDocument();
    type('Title', 'Fuite sous l’évier');
    type('Zone (required)', 'Cuisine');
    await waitFor(() => expect(loadDraft(`declarations:new:${TEMPLATE.id}`)).resolves.toMatchObject({ title: 'Fuite sous l’évier', answers: { zone: 'Cuisine' } }));
    first.unmount();

    const { user } = renderApp(`/declarations/new?template=${TEMPLATE.id}`);
    expect(await screen.findByText('A draft of this form was kept from an earlier visit.', {}, FIRST_LOOK)).toBeInTheDocument();
    await user.click(screen.getByText('Restore the draft'));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Fuite sous l’évier'));
    expect(screen.getByLabelText('Zone (required)')).toHaveValue('Cuisine');
  });
});
