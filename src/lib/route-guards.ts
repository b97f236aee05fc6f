/**
 * The route guards every page shares, with the messages spec section 8 gives them: a page that
 * needs rights the session lacks shows the requiredPermissions error toast and goes to the
 * dashboard; an address nobody serves shows the 404 toast. They live here, not in the router,
 * so that a module's own route subtree (src/features/<module>/routes.tsx) guards its routes with
 * the same `can()` as the rest of the app without importing the router.
 */
import { redirect } from '@tanstack/react-router';
import { DEFAULT_PAGE } from '../../common/constants';
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
 * Spec section 8, requiredPermissions (the catalogue's row): the translated message, then the
 * translated module names joined by slashes, in a persistent error toast.
 */
function showMissingRights(features: readonly Feature[]): void {
  const body = { message: 'auth.missing_rights', requiredPermissions: [...features] };
  applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body }, appTranslate));
}

function refuse(features: readonly Feature[]): never {
  showMissingRights(features);
  // The dashboard needs no right, so this never loops.
  throw redirect({ to: DEFAULT_PAGE, replace: true });
}

/** beforeLoad of a page that any one of these features opens (none: every member). */
export function requireFeatures(features: readonly Feature[]): void {
  if (features.length === 0) return;
  const { rights } = getEnvelopeState();
  if (!features.some((f) => can(rights, f))) refuse(features);
}

/** beforeLoad of a page that needs `can(rights, feature, action)` (a form that writes: 'manage'). */
export function requireCan(feature: Feature, action: Action): void {
  if (!can(getEnvelopeState().rights, feature, action)) refuse([feature]);
}

/** beforeLoad of a module's own route subtree: the features its manifest says open it. */
export function requireModule(id: string): void {
  const manifest = manifestById(id);
  if (manifest === undefined) throw new Error(`no module manifest ${id}`);
  requireFeatures(manifest.opens as readonly Feature[]);
}
