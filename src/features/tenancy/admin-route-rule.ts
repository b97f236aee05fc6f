/**
 * Spec section 2, admin routes: after a successful client or district change, a user on the
 * simple district management page goes to the full one, and a user on the full one goes to
 * the simple one (the page of the old tenant must not stay on screen with stale state).
 * The simple path is tested first: the rule is written in that order, and a future path
 * containing both must follow the first branch.
 */
export const DISTRICT_MANAGEMENT_PATH = '/admin/districtManagement';
export const SIMPLE_DISTRICT_MANAGEMENT_PATH = '/admin/simpleDistrictManagement';

/** Where to go after a change from `pathname`, or null to stay. */
export function adminRouteAfterChange(pathname: string): string | null {
  if (pathname.includes(SIMPLE_DISTRICT_MANAGEMENT_PATH)) return DISTRICT_MANAGEMENT_PATH;
  if (pathname.includes(DISTRICT_MANAGEMENT_PATH)) return SIMPLE_DISTRICT_MANAGEMENT_PATH;
  return null;
}
