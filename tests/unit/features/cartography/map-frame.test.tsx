/**
 * The map says when the server has only its coarse built-in basemap (no street beyond a
 * region's scale), in the user's language, and says nothing with a real basemap configured.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { BasemapInfo } from '../../../../common/modules/cartography/schemas';
import { createQueryClient } from '../../../../src/app/query-client';
import { basemapQueryOptions } from '../../../../src/features/cartography/api/reads';
import { MapFrame } from '../../../../src/features/cartography/components/MapFrame';
import type { MapState } from '../../../../src/features/cartography/components/use-maplibre';
import { i18n } from '../../../../src/lib/i18n';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';

const STYLE = '/api/cartography/basemap/style.json';
const BUILTIN: BasemapInfo = { source: 'builtin', styleUrl: STYLE, attribution: '© Natural Earth', maxZoom: 8 };
const COARSE_EN = 'Coarse map background only, without streets: ask your administrator for a detailed one.';

/** The frame once the basemap's description is read (the map screens read it before drawing). */
async function renderFrame(basemap: BasemapInfo, state: MapState = 'ready') {
  server.use(http.get(api('cartography/basemap'), () => HttpResponse.json(makeEnvelope(basemap))));
  const client = createQueryClient();
  expect(await client.fetchQuery(basemapQueryOptions())).toEqual(basemap);
  return render(
    <QueryClientProvider client={client}>
      <MapFrame containerRef={createRef()} state={state} label="Map of the district" />
    </QueryClientProvider>,
  );
}

describe('the map over the coarse built-in basemap', () => {
  it('says that only a coarse map without streets is configured', async () => {
    await renderFrame(BUILTIN);
    expect(screen.getByRole('note')).toHaveTextContent(COARSE_EN);
  });

  it('says it in French too', async () => {
    await i18n.changeLanguage('fr');
    try {
      await renderFrame(BUILTIN);
      expect(screen.getByRole('note')).toHaveTextContent('Fond de carte sommaire seulement, sans les rues : demandez-en un détaillé à votre administrateur.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says nothing over a real basemap: a PMTiles file or an operator’s tiles', async () => {
    for (const source of ['pmtiles', 'tiles'] as const) {
      const { unmount } = await renderFrame({ ...BUILTIN, source, attribution: '© IGN', maxZoom: 19 });
      expect(screen.getByRole('region', { name: 'Map of the district' })).toBeInTheDocument();
      expect(screen.queryByRole('note')).toBeNull();
      unmount();
    }
  });
});
