/**
 * Rights are data (common/rights.ts). The menu, the route guards and the buttons all ask
 * `can()`. A feature is shown when any one of its rights is held, except the two combinations
 * spec section 6 notes: files needs both of its rights, change district needs
 * opteamum.districts without opteamum.clients.
 */
import { RIGHTS_BY_FEATURE, type Feature } from '../../common/rights';

const ALL_REQUIRED: ReadonlySet<Feature> = new Set<Feature>(['files']);
const EXCLUDED_BY: Partial<Record<Feature, readonly string[]>> = {
  changeDistrict: RIGHTS_BY_FEATURE.changeClient,
};

export function can(rights: readonly string[], feature: Feature): boolean {
  const held = new Set(rights);
  const needed: readonly string[] = RIGHTS_BY_FEATURE[feature];
  const granted = ALL_REQUIRED.has(feature) ? needed.every((r) => held.has(r)) : needed.some((r) => held.has(r));
  return granted && !(EXCLUDED_BY[feature] ?? []).some((r) => held.has(r));
}
