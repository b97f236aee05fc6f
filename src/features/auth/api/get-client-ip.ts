/** GET /api/auth/clientIp: the IP that travels in X-Client-IP (kept in memory by session.ts). */
import { apiGet } from '../../../lib/api-client';
import { setClientIp } from '../../../lib/session';

export function getClientIpRequest(): Promise<{ ip: string }> {
  return apiGet<{ ip: string }>('auth/clientIp');
}

/** Best effort: without it requests simply go without the header. */
export async function loadClientIp(): Promise<void> {
  try {
    const { ip } = await getClientIpRequest();
    setClientIp(ip);
  } catch {
    // Offline start: keep going.
  }
}
