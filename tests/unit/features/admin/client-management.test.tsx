import { http, HttpResponse } from 'msw';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const FIRST_LOOK = { timeout: 8000 };
const ACME = { name: 'Acme Industrie', database: 'acme', districts: [{ _id: '11111111-1111-4111-8111-111111111111', name: 'Lyon' }] };

function serveClients() {
  const posted: unknown[] = [];
  let clients = [ACME];
  server.use(
    http.get(api('clients'), () => HttpResponse.json(makeEnvelope(clients))),
    http.post(api('clients'), async ({ request }) => {
      const body = (await request.json()) as { name: string; database: string; district: string };
      posted.push(body);
      if (body.database === 'acme') return HttpResponse.json({ message: 'client.database_already_used' }, { status: 409 });
      const created = { name: body.name, database: body.database, districts: [{ _id: '66666666-6666-4666-8666-666666666666', name: body.district }] };
      clients = [...clients, created];
      return HttpResponse.json(makeEnvelope(created), { status: 201 });
    }),
  );
  return posted;
}

const fill = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('client management', { timeout: 30_000 }, () => {
  it('lists the clients and creates one with its database and first district', async () => {
    const posted = serveClients();
    seedSession({ rights: ['opteamum.admin'] });
    const { user } = renderApp('/opteamum/clientManagement');
    expect(await screen.findByText('Acme Industrie', {}, FIRST_LOOK)).toBeInTheDocument();
    expect(screen.getByText('acme · Lyon')).toBeInTheDocument();

    fill('Client name', 'Cordier Logistique');
    fill('Database name (lowercase letters, digits, _)', 'cordier');
    fill('First district', 'Lille');
    await user.click(screen.getByText('Create'));
    expect(await screen.findByText('cordier · Lille')).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Cordier Logistique', database: 'cordier', district: 'Lille' }]);
  });

  it('checks the fields before sending and shows a refused database name', async () => {
    const posted = serveClients();
    seedSession({ rights: ['opteamum.admin'] });
    const { user } = renderApp('/opteamum/clientManagement');
    await screen.findByText('Acme Industrie', {}, FIRST_LOOK);
    fill('Database name (lowercase letters, digits, _)', 'Bad Name');
    await user.click(screen.getByText('Create'));
    expect(screen.getByText('Use lowercase letters, digits and _, starting with a letter (40 characters at most).')).toBeInTheDocument();
    expect(screen.getAllByText('Enter a name.')).toHaveLength(2);
    expect(posted).toEqual([]);

    fill('Client name', 'Other');
    fill('Database name (lowercase letters, digits, _)', 'acme');
    fill('First district', 'X');
    await user.click(screen.getByText('Create'));
    expect(await screen.findByText('A client already uses this database name.')).toBeInTheDocument();
  });
});
