/**
 * GET /api/config/maintenance as the connection banner's health probe (lib/connectivity.ts):
 * the lightest route that answers without a session. It goes through the HTTP channel's
 * sessionless client, so the probe never waits for a token refresh and reports only itself.
 */
import { apiGetPublic } from '../../../lib/api-client';

export function probeServer(): Promise<{ maintenance: boolean }> {
  return apiGetPublic<{ maintenance: boolean }>('config/maintenance', { timeout: 10_000 });
}
