import { describe, expect, it } from 'vitest';
import { adminRouteAfterChange } from '../../../../src/features/tenancy/admin-route-rule';

describe('the admin-route rule after a change (spec section 2)', () => {
  it('sends the simple district management page to the full one', () => {
    expect(adminRouteAfterChange('/admin/simpleDistrictManagement')).toBe('/admin/districtManagement');
  });

  it('sends the full district management page to the simple one', () => {
    expect(adminRouteAfterChange('/admin/districtManagement')).toBe('/admin/simpleDistrictManagement');
  });

  it('leaves every other page alone', () => {
    expect(adminRouteAfterChange('/dashboard')).toBeNull();
    expect(adminRouteAfterChange('/admin/userManagement')).toBeNull();
  });
});
