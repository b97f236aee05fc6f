// The refresh timing follows the server's clock, not the device's: a phone whose clock is off
// still refreshes its access token shortly before the server considers it expired.
import { describe, expect, it } from 'vitest';
import { msUntilExpiry, noteTokenReceived } from '../../../src/lib/jwt';
import { makeAccessToken } from '../../../src/testing/fixtures';

const HOUR = 3600;

function tokenIssuedAt(serverNowSeconds: number, ttlSeconds = 900): string {
  const base = makeAccessToken();
  const [header, , signature] = base.split('.');
  const claims = JSON.parse(atob(base.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
  const payload = btoa(JSON.stringify({ ...claims, iat: serverNowSeconds, exp: serverNowSeconds + ttlSeconds }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `${header}.${payload}.${signature}`;
}

describe('access token expiry seen from a device with a wrong clock', () => {
  it('a device one hour behind the server counts the 15 minutes from the server’s clock', () => {
    const deviceNow = Date.now();
    const token = tokenIssuedAt(Math.floor(deviceNow / 1000) + HOUR);
    noteTokenReceived(token, deviceNow);
    const remaining = msUntilExpiry(token, deviceNow)!;
    expect(remaining).toBeGreaterThan(890_000);
    expect(remaining).toBeLessThanOrEqual(900_000);
  });

  it('a device one hour ahead does not take a fresh token for an expired one', () => {
    const deviceNow = Date.now();
    const token = tokenIssuedAt(Math.floor(deviceNow / 1000) - HOUR);
    noteTokenReceived(token, deviceNow);
    expect(msUntilExpiry(token, deviceNow)!).toBeGreaterThan(890_000);
    // Ten minutes later on the device, five minutes are left on the server's clock.
    expect(msUntilExpiry(token, deviceNow + 600_000)!).toBeLessThanOrEqual(300_000);
  });
});
