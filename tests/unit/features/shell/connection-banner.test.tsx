/** The banner of the shell (ConnectionBanner) follows the connection state. */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { probeServer } from '../../../../src/features/shell/api/get-maintenance';
import { reportRequest, SLOW_REQUEST_MS, startConnectivityMonitor } from '../../../../src/lib/connectivity';
import { makeSessionlessEnvelope } from '../../../../src/testing/fixtures';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

// The whole app renders here: give a loaded machine time (not an assertion on speed).
const LOAD = { timeout: 15_000 };
const TEST_TIMEOUT_MS = 30_000;

describe('the connection banner', () => {
  it('says the server is unreachable, and Retry removes it once the server answers', async () => {
    seedSession();
    const stop = startConnectivityMonitor(probeServer);
    try {
      const { user } = renderApp('/dashboard');
      expect(await screen.findByTestId('toolbar-district', {}, LOAD)).toBeInTheDocument();
      expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument();

      act(() => reportRequest({ durationMs: 10 }));
      expect(await screen.findByTestId('connection-banner')).toHaveTextContent('No connection to the server.');

      server.use(http.get(`${location.origin}/api/config/maintenance`, () => HttpResponse.json(makeSessionlessEnvelope({ maintenance: false }))));
      await user.click(screen.getByText('Retry'));
      await waitFor(() => expect(screen.queryByTestId('connection-banner')).not.toBeInTheDocument());
    } finally {
      stop();
    }
  }, TEST_TIMEOUT_MS);

  it('warns about a slow connection', async () => {
    seedSession();
    renderApp('/dashboard');
    expect(await screen.findByTestId('toolbar-district', {}, LOAD)).toBeInTheDocument();
    act(() => reportRequest({ status: 200, durationMs: SLOW_REQUEST_MS + 1 }));
    expect(await screen.findByTestId('connection-banner')).toHaveTextContent('The connection is slow');
  }, TEST_TIMEOUT_MS);
});
