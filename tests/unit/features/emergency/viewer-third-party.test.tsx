import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ViewerThirdPartyData } from '../../../../common/api-types';
import { ViewerThirdPartyPage } from '../../../../src/features/viewer-third-party/components/ViewerThirdPartyPage';
import { getRights } from '../../../../src/lib/storage';
import { DEMO_RIGHTS } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const SHARED: ViewerThirdPartyData = {
  site: {
    name: 'Atelier Nord',
    description: 'Stockage de solvants',
    address: { fullAddress: '1 rue A, Lyon' },
    gps: { lat: 45.75, lng: 4.85 },
    owner: { name: 'Acme Industrie' },
    threeD: [{ name: 'Maquette' }],
    threeSixty: [
      { name: 'Entrée', image: 'data:image/png;base64,iVBORw0KGgo=' },
      { name: 'Cour', image: null },
    ],
  },
  description: '',
  emergency: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-11-23T10:00:00.000Z',
};

const publicEnvelope = <T,>(data: T) => ({ data, rights: [], districtModules: [] });

function renderViewer(token: string) {
  render(<ViewerThirdPartyPage token={token} />);
}

describe('the public viewerThirdParty page', { timeout: 15_000 }, () => {
  it('shows the shared site without a session', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(api('viewerThirdParty/tok-1'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(publicEnvelope(SHARED));
      }),
    );
    renderViewer('tok-1');
    expect(await screen.findByRole('heading', { name: 'Atelier Nord' })).toBeInTheDocument();
    expect(screen.getByText('1 rue A, Lyon')).toBeInTheDocument();
    expect(screen.getByText('45.75, 4.85')).toBeInTheDocument();
    expect(screen.getByText('Acme Industrie')).toBeInTheDocument();
    expect(screen.getByText('Stockage de solvants')).toBeInTheDocument();
    expect(screen.getByText('Maquette')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Entrée' })).toHaveAttribute('src', SHARED.site.threeSixty[0]?.image);
    expect(screen.getByText('No image for this view.')).toBeInTheDocument();
    expect(authorization).toBeNull();
  });

  it("leaves a logged-in user's rights alone (the public envelope has none)", async () => {
    seedSession({ rights: DEMO_RIGHTS });
    server.use(http.get(api('viewerThirdParty/tok-1'), () => HttpResponse.json(publicEnvelope(SHARED))));
    renderViewer('tok-1');
    await screen.findByRole('heading', { name: 'Atelier Nord' });
    expect(getRights()).toEqual(DEMO_RIGHTS);
  });

  it('says when the share has expired', async () => {
    server.use(
      http.get(api('viewerThirdParty/old'), () =>
        HttpResponse.json({ message: 'emergency.share_expired' }, { status: 410 }),
      ),
    );
    renderViewer('old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This shared information has expired.');
  });

  it('says when the link is unknown', async () => {
    server.use(
      http.get(api('viewerThirdParty/nope'), () =>
        HttpResponse.json({ message: 'emergency.share_not_found' }, { status: 404 }),
      ),
    );
    renderViewer('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This shared information does not exist.');
  });
});
