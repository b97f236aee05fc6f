import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../../../common/modules/importExport/schemas';
import { mapRows } from '../../../../src/features/importExport/mapping';
import { decode, parseCsv } from '../../../../src/features/importExport/parse';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const IMPORTER = ['imports.read', 'imports.create', 'notifications.access'];
const FIRST_LOOK = { timeout: 15_000 };

const CATALOGUE: Catalogue = {
  exports: [],
  canImport: true,
  imports: [
    {
      name: 'sites',
      label: { fr: 'Sites', en: 'Sites' },
      fields: [
        { key: 'name', label: { fr: 'Nom', en: 'Name' }, aliases: [], required: true, type: 'text' },
        { key: 'lat', label: { fr: 'Latitude', en: 'Latitude' }, aliases: [], required: false, type: 'number' },
      ],
    },
  ],
};

/** Held until the test lets the file's reading end. */
let parsing: Promise<void> = Promise.resolve();

/** The parsing worker, run on this thread: the page's messages answered by the same functions. */
class ThreadWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  private rows: string[][] = [];
  postMessage(request: { type: string; file?: File; mapping?: (string | null)[]; fields?: Catalogue['imports'][number]['fields'] }) {
    void (async () => {
      let answer: unknown;
      if (request.type === 'parse') {
        await parsing;
        const decoded = decode(new Uint8Array(await request.file!.arrayBuffer()), null)!;
        const parsed = parseCsv(decoded.text);
        this.rows = parsed.ok ? parsed.rows : [];
        answer = parsed.ok ? { ...parsed, encoding: decoded.encoding } : parsed;
      } else {
        answer = mapRows(this.rows, request.mapping!, request.fields!);
      }
      this.onmessage?.({ data: answer } as MessageEvent);
    })();
  }
  terminate() {}
}

afterEach(() => vi.unstubAllGlobals());

describe('the import page', { timeout: 30_000 }, () => {
  it('maps the columns of a file whose reading ends after the list of imports arrived', async () => {
    vi.stubGlobal('Worker', ThreadWorker);
    let endReading: () => void = () => undefined;
    parsing = new Promise<void>((resolve) => (endReading = resolve));
    let answerCatalogue: () => void = () => undefined;
    const catalogueHeld = new Promise<void>((resolve) => (answerCatalogue = resolve));
    server.use(
      http.get(api('import-export/catalogue'), async () => {
        await catalogueHeld;
        return HttpResponse.json(makeEnvelope(CATALOGUE, { rights: IMPORTER }));
      }),
    );
    seedSession({ rights: IMPORTER });
    const { user } = renderApp('/import-export/import');
    const input = await screen.findByLabelText('CSV or XLSX file', undefined, FIRST_LOOK);
    await user.upload(input, new File(['Référence;Nom;Latitude\r\nA-1;Mairie;45,7\r\n'], 'sites.csv', { type: 'text/csv' }));
    // The list of imports arrives while the file is being read.
    answerCatalogue();
    expect(await screen.findByRole('option', { name: 'Sites' })).toBeInTheDocument();
    endReading();
    expect(await screen.findByText(/1 rows?, 3 columns\./)).toBeInTheDocument();
    // The columns show, then the guessed mapping fills them (an effect of the next commit).
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Nom')).toHaveValue('name'));
    expect(screen.getByLabelText<HTMLSelectElement>('Référence')).toHaveValue('ref');
    expect(screen.getByLabelText<HTMLSelectElement>('Latitude')).toHaveValue('lat');
  });
});
