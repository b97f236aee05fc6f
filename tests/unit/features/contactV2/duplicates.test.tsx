import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ContactRow, DuplicateGroup } from '../../../../common/modules/contactV2/schemas';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const MANAGER = ['contactV2.contactV2_read', 'contactV2.admin', 'notifications.access'];
const ACTOR = { id: '99999999-9999-4999-8999-999999999999', name: 'Claire Martin' };
const FIRST_LOOK = { timeout: 15_000 };

const contact = (n: number, name: string, version: number): ContactRow => ({
  id: `eeeeeeee-0000-4000-8000-${String(n).padStart(12, '0')}`,
  districtId: 'cccccccc-0000-4000-8000-000000000001',
  version,
  createdAt: '2026-10-01T08:00:00.000Z',
  createdBy: ACTOR,
  updatedAt: '2026-11-02T09:30:00.000Z',
  updatedBy: ACTOR,
  deletedAt: null,
  displayName: name,
  jobTitle: 'Technicien',
  supplierId: null,
  supplierName: null,
  phones: [{ type: 'mobile', number: '06 12 34 56 78' }],
  emails: [],
  roles: [],
  archived: false,
});

describe('the duplicates page', { timeout: 30_000 }, () => {
  it('merges into the contact the manager chose to keep, not only the first one', async () => {
    const first = contact(1, 'Julien Martin', 2);
    const second = contact(2, 'J. Martin', 5);
    const group: DuplicateGroup = { key: '0612345678', kind: 'phone', contacts: [first, second] };
    const merges: { keptId: string | undefined; body: unknown }[] = [];
    server.use(
      http.get(api('contact-v2/duplicates'), () => HttpResponse.json(makeEnvelope([group], { rights: MANAGER }))),
      http.post(api('contact-v2/contacts/:id/merge'), async ({ request, params }) => {
        merges.push({ keptId: params.id as string | undefined, body: await request.json() });
        return HttpResponse.json(makeEnvelope({ ...second, version: 6 }, { rights: MANAGER }));
      }),
    );
    seedSession({ rights: MANAGER });
    const { user } = renderApp('/contact-v2/duplicates');
    const groupBox = await screen.findByRole('group', { name: 'Same phone: 0612345678' }, FIRST_LOOK);
    // At first the first is kept: the second one is offered to merge into it.
    expect(within(groupBox).getByText('Merge J. Martin into Julien Martin')).toBeInTheDocument();

    await user.click(within(groupBox).getByRole('radio', { name: 'Keep J. Martin' }));
    expect(within(groupBox).queryByText('Merge J. Martin into Julien Martin')).toBeNull();
    await user.click(within(groupBox).getByText('Merge Julien Martin into J. Martin'));
    await waitFor(() => expect(merges).toEqual([{ keptId: second.id, body: { baseVersion: 5, otherId: first.id, otherBaseVersion: 2 } }]));
  });
});
