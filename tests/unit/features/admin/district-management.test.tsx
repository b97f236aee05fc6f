import { http, HttpResponse } from 'msw';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const LYON = { _id: '11111111-1111-4111-8111-111111111111', name: 'Lyon' };
const PARIS = { _id: '22222222-2222-4222-8222-222222222222', name: 'Paris' };

function serveDistricts() {
  let districts = [LYON, PARIS];
  const posted: unknown[] = [];
  const patched: unknown[] = [];
  server.use(
    http.get(api('districts'), () => HttpResponse.json(makeEnvelope(districts))),
    http.post(api('districts'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      posted.push(body);
      if (body.name.toLowerCase() === 'paris') return HttpResponse.json({ message: 'district.name_already_used' }, { status: 409 });
      const created = { _id: '33333333-3333-4333-8333-333333333333', name: body.name };
      districts = [...districts, created].sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json(makeEnvelope(created), { status: 201 });
    }),
    http.patch(api('districts/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      patched.push({ id: params.id, ...body });
      districts = districts.map((d) => (d._id === params.id ? { ...d, name: body.name } : d));
      return HttpResponse.json(makeEnvelope({ _id: params.id, name: body.name }));
    }),
  );
  return { posted, patched };
}

const open = (url: string) => {
  seedSession({ rights: ['district.admin', 'sites.read'] });
  return renderApp(url);
};

// ion-input renders its native input itself in jsdom; type into it by its label.
const typeInto = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.input(input, { target: { value } });
};

// The first render loads the lazy route modules: give the first look more than the default second.
const FIRST_LOOK = { timeout: 8000 };

describe('district management', { timeout: 30_000 }, () => {
  it('lists the client districts and creates one', async () => {
    const { posted } = serveDistricts();
    const { user } = open('/admin/districtManagement');
    expect(await screen.findByRole('heading', { name: 'District management', level: 1 }, FIRST_LOOK)).toBeInTheDocument();
    expect(await screen.findByText('Lyon')).toBeInTheDocument();
    expect(screen.getByText('Paris')).toBeInTheDocument();

    typeInto('District name', '  Grenoble ');
    await user.click(screen.getByText('Create'));
    expect(await screen.findByText('Grenoble')).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Grenoble' }]);
  });

  it('a blank name is refused before sending; a duplicate shows the catalogue message', async () => {
    const { posted } = serveDistricts();
    const { user } = open('/admin/districtManagement');
    await screen.findByText('Lyon', {}, FIRST_LOOK);
    await user.click(screen.getByText('Create'));
    expect((await screen.findAllByText('Enter a name.')).length).toBeGreaterThan(0);
    expect(posted).toEqual([]);

    typeInto('District name', 'paris');
    await user.click(screen.getByText('Create'));
    expect(await screen.findByText('A district of this client already has this name.')).toBeInTheDocument();
  });

  it('renames a district', async () => {
    const { patched } = serveDistricts();
    const { user } = open('/admin/simpleDistrictManagement');
    expect(await screen.findByRole('heading', { name: 'Districts', level: 1 }, FIRST_LOOK)).toBeInTheDocument();
    // The simple page has no creation form.
    expect(screen.queryByText('New district')).not.toBeInTheDocument();
    await screen.findByText('Paris');
    await user.click(screen.getAllByText('Rename')[1]!);
    typeInto('New name of Paris', 'Paris Centre');
    await user.click(screen.getByText('Save'));
    expect(await screen.findByText('Paris Centre')).toBeInTheDocument();
    expect(patched).toEqual([{ id: PARIS._id, name: 'Paris Centre' }]);
  });

  it('a failed load shows the message', async () => {
    server.use(http.get(api('districts'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    open('/admin/districtManagement');
    expect(await screen.findByText('An unexpected error occurred. Please try again later.', {}, FIRST_LOOK)).toBeInTheDocument();
  });
});
