/**
 * The modules of spec section 2 as the app's pages see them, derived from the manifests
 * (common/modules): each route prefix, the features whose rights open it (spec section 6) and
 * the sub-views the side menu can reach (spec section 2's navigation table). Every module has
 * screens of its own (src/features/<folder>/routes.tsx); the menu's checks read this table.
 */
import { MODULE_MANIFESTS, type ModuleManifest } from '../../../common/modules/index';
import type { Feature } from '../../../common/rights';

export interface ModuleView {
  /** Path below the prefix, e.g. 'view/infoV2'. */
  path: string;
  /** Key in the common namespace (module_views.*). */
  labelKey: string;
  /** Narrower than the module's own features where the spec gives the view its own rights. */
  features?: readonly Feature[];
}

export interface ModuleDefinition {
  /** First path segment. */
  prefix: string;
  /** Key in the common namespace (modules.*). */
  labelKey: string;
  /** Any one opens the module; none: every authenticated user. */
  features: readonly Feature[];
  views: readonly ModuleView[];
  /** The module has its own screens (src/features/<id>/routes.tsx): every one of the spec now. */
  screens: boolean;
}

/** The app's view of a manifest (common/modules): the labels as keys of the common namespace. */
function toDefinition(manifest: ModuleManifest): ModuleDefinition {
  return {
    prefix: manifest.prefix,
    labelKey: manifest.labelKey,
    features: manifest.opens as readonly Feature[],
    screens: manifest.screens,
    views: manifest.views.map((v) => ({
      path: v.path,
      labelKey: `module_views.${v.label}`,
      ...(v.features === undefined ? {} : { features: v.features as readonly Feature[] }),
    })),
  };
}

/** Every module of the manifests, in their order. */
export const MODULES: readonly ModuleDefinition[] = MODULE_MANIFESTS.map(toDefinition);

/** The module an address belongs to, and the view when the address names one. */
export function findModule(pathname: string): { module: ModuleDefinition; view: ModuleView | undefined } | null {
  const [, prefix = '', ...rest] = pathname.split('/');
  const module = MODULES.find((m) => m.prefix === prefix);
  if (module === undefined) return null;
  const below = rest.join('/').replace(/\/$/, '');
  return { module, view: module.views.find((v) => v.path === below) };
}
