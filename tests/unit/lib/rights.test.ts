import { describe, expect, it } from 'vitest';
import { can } from '../../../src/lib/rights';

describe('can()', () => {
  it('grants a feature when any one of its rights is held', () => {
    expect(can(['sites.admin'], 'sites')).toBe(true);
    expect(can(['cartography.read'], 'sites')).toBe(false);
    expect(can([], 'notifications')).toBe(false);
  });

  it('needs both rights for files', () => {
    expect(can(['district.admin'], 'files')).toBe(false);
    expect(can(['district.admin', 'file-explorer.read'], 'files')).toBe(true);
  });

  it('offers change district only without the change client right', () => {
    expect(can(['opteamum.districts'], 'changeDistrict')).toBe(true);
    expect(can(['opteamum.districts', 'opteamum.clients'], 'changeDistrict')).toBe(false);
    expect(can(['opteamum.clients'], 'changeClient')).toBe(true);
  });
});
