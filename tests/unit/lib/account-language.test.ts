import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAccountLanguage } from '../../../src/lib/account-language';
import { getConnectionState, reportRequest } from '../../../src/lib/connectivity';
import { changeLanguage } from '../../../src/lib/i18n';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

/** Every PUT /api/me/language, its language; `failing` answers none (the network is gone). */
function serveLanguage(state: { failing: boolean }): string[] {
  const told: string[] = [];
  server.use(
    http.put(api('me/language'), async ({ request }) => {
      if (state.failing) return HttpResponse.error();
      const body = (await request.json()) as { language: string };
      told.push(body.language);
      return HttpResponse.json(makeEnvelope(body));
    }),
  );
  return told;
}

const waitFor = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
};

let stop: (() => void) | null = null;
afterEach(async () => {
  stop?.();
  stop = null;
  await changeLanguage('en');
});

describe('the language the server writes to the account in', () => {
  it('is told at the start of a session restored from the device, in the language read on it', async () => {
    // Signed in earlier (in English, say), the app now read in French: no sign-in tells it.
    seedSession();
    await changeLanguage('fr');
    const told = serveLanguage({ failing: false });
    stop = keepAccountLanguage();
    await waitFor(() => told.length > 0);
    expect(told).toEqual(['fr']);
  });

  it('is told again when the connection comes back, when the start could not tell it', async () => {
    seedSession();
    await changeLanguage('fr');
    const network = { failing: true };
    const told = serveLanguage(network);
    stop = keepAccountLanguage();
    // The start's request fails: the app now knows the connection is gone.
    await waitFor(() => getConnectionState() === 'offline');
    expect(told).toEqual([]);
    network.failing = false;
    reportRequest({ status: 200, durationMs: 10 });
    await waitFor(() => told.length > 0);
    expect(told).toEqual(['fr']);
  });
});
