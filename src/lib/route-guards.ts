/**
 * The route guards every page shares, with the messages spec section 8 gives them: a page that
 * needs rights the session lacks shows the requiredPermissions error toast and goes to the
 * dashboard; an address nobody serves shows the 404 toast. They live here, not in the router,
 * so that a module's own route subtree (src/features/<module>/routes.tsx) guards its routes with
 * the same `can()` as the rest of the app without importing the router.
 */
import { redirect } from '@tanstack/react-router';
import { DEFAULT_PAGE } from '../../common/constants';
import { isUuid } from '../../common/uuid';
import { manifestById } from '../../common/modules/index';
import type { Feature } from '../../common/rights';
import { appTranslate, applyOutcome } from './catalogue-effects';
import { getEnvelopeState } from './envelope-store';
import { catalogueOutcome } from './error-catalogue';
import { can, type Action } from './rights';

/** Spec section 8, "Not-found routes: 404 message with the error title" (the catalogue's row). */
export function showNotFound(): void {
  applyOutcome(catalogueOutcome({ kind: 'route-not-found' }, appTranslate));
}

/**
 * Refuses a page the session's rights do not open, as spec section 8's requiredPermissions row
 * says: the translated message, then the translated names of `required` (the catalogue's module
 * names) joined by slashes, in a persistent error toast; then the app goes to `away`, the
 * dashboard by default (it needs no right, so this never loops).
 */
export function refuseRights(required: readonly string[], away: string = DEFAULT_PAGE): never {
  const body = { message: 'auth.missing_rights', requiredPermissions: [...required] };
  applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body }, appTranslate));
  throw redirect({ href: away, replace: true });
}

/** beforeLoad of a page that any one of these features opens (none: every member). */
export function requireFeatures(features: readonly Feature[]): void {
  if (features.length === 0) return;
  const { rights } = getEnvelopeState();
  if (!features.some((f) => can(rights, f))) refuseRights(features);
}

/**
 * beforeLoad of a page that needs `can(rights, feature, action)` (a form that writes: 'manage').
 * A refused read goes to the dashboard; a refused write to the module's `list` where it has one
 * (the reader stays in the module). `shown` names the module in the toast when the catalogue's
 * name is not the feature's.
 */
export function requireCan(feature: Feature, action: Action, list: string = DEFAULT_PAGE, shown: string = feature): void {
  if (!can(getEnvelopeState().rights, feature, action)) refuseRights([shown], action === 'read' ? DEFAULT_PAGE : list);
}

/** beforeLoad of a module's own route subtree: the features its manifest says open it. */
export function requireModule(id: string): void {
  const manifest = manifestById(id);
  if (manifest === undefined) throw new Error(`no module manifest ${id}`);
  requireFeatures(manifest.opens as readonly Feature[]);
}

/**
 * A route's `params` whose named parts are record ids: an address whose part is not a UUID is no
 * record's address, and the app's 404 rule answers it rather than a page that asks the server.
 */
export const uuidParams = <K extends string>(...names: K[]) => ({
  parse: (raw: Record<K, string>) => (names.every((name) => isUuid(raw[name])) ? raw : false),
});
