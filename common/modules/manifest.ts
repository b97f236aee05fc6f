/**
 * What a module manifest says (MODULES.md, "One module, four places, one manifest"). Each module
 * of spec section 2 is one file beside this one (common/modules/<module>.ts), listed once in
 * ./index.ts; everything that would otherwise spell a module in several places is derived from them:
 * the rights catalogue and `can()` (common/rights.ts), the functionalities
 * (common/functionalities.ts), the module list (src/features/modules/modules.ts), the side menu
 * (src/features/shell/menu.ts) and the route table (src/app/router.tsx, from the app descriptors
 * of src/app/modules.ts). A module's family has one folder name on every side (`folder`). A test
 * (tests/unit/features/modules/manifests.test.ts) checks that they agree.
 *
 * Manifests live in `common/` because the server reads them too (the rights, the
 * functionalities), so they hold data only: no React, no icons' SVG (an icon is named by a key
 * that the app maps once, src/features/shell/menu-icons.ts), no import of the rights module
 * (which is derived from them).
 */

/**
 * The rights of one catalogue feature (spec section 6). `read`: the rights that show the
 * feature and let a field user read and do their own work (`*.read`, `*_read`, `*.access`);
 * `manage`: the rights that manage everyone's records and the templates (`*.admin`,
 * `*_admin`). A manage right also reads (MODULES.md, "Rights"; docs/rights.md).
 */
export interface FeatureRights {
  read: readonly string[];
  manage: readonly string[];
  /** Spec section 6 notes a feature whose rights are all needed together (files). */
  allRequired?: boolean;
}

/** A sub-view of a module, below its prefix. */
export interface ManifestView {
  /** Path below the prefix, e.g. 'view/infoV2'. */
  path: string;
  /** Key in the common namespace's `module_views` (its label). */
  label: string;
  /** Narrower than the module's own features where the spec gives the view its own rights. */
  features?: readonly string[];
}

/**
 * One choice of a menu entry's target (spec section 2: "first available of … by rights"). The
 * first target whose condition holds is taken; a target without a condition always holds.
 */
export interface MenuTarget {
  /** Absolute path of the target. */
  to: string;
  /** Taken when any one of these rights is held. */
  anyRight?: readonly string[];
  /** Taken when every one of these features can be read (the combined import/export entry). */
  allFeatures?: readonly string[];
  /** The entry's label when this target is taken, if not the entry's own (common namespace). */
  labelKey?: string;
}

/** The keys of the menu's icons; src/features/shell/menu-icons.ts maps each to its ionicon. */
export type MenuIconKey =
  | 'albums'
  | 'analytics'
  | 'business'
  | 'checkbox'
  | 'clipboard'
  | 'cube'
  | 'documentText'
  | 'fileTrayFull'
  | 'flash'
  | 'folder'
  | 'gitNetwork'
  | 'grid'
  | 'layers'
  | 'list'
  | 'location'
  | 'logOut'
  | 'map'
  | 'notifications'
  | 'people'
  | 'personCircle'
  | 'pricetags'
  | 'shareSocial'
  | 'shieldCheckmark'
  | 'storefront'
  | 'swapHorizontal'
  | 'swapVertical';

/** A side-menu entry of the module (most modules have one, some none, action plans two). */
export interface ManifestMenuEntry {
  /** Unique in the menu (the tests and `data-testid`s name entries by it). */
  id: string;
  /** Row of spec section 2's side-navigation table (0 is the dashboard): the menu's order. */
  position: number;
  /** Key in the common namespace; the module's label when absent. */
  labelKey?: string;
  /** The entry's icon; the module's when absent. */
  icon?: MenuIconKey;
  /** Shown when any one of these features can be read; the module's `opens` when absent. */
  features?: readonly string[];
  /** Where it goes: the first target that holds; the entry is hidden when none does. */
  targets: readonly MenuTarget[];
}

/** A functionality of the module's district module (spec section 7, the cached POST calls). */
export interface ManifestElement {
  /** Unique within the district module; its label is `functionalities.<element>` in common. */
  element: string;
  /** Any one of these features' read right opens it; empty: every member of the district. */
  features: readonly string[];
}

export interface ModuleManifest<F extends string = string> {
  /**
   * Identifier of the module (spec section 2's name): its manifest file's name, the key of its
   * rights and routes. Never renamed: the rights and the addresses use it.
   */
  id: string;
  /**
   * The folder of the module's family, the same on every side: its contract
   * `common/modules/<folder>/`, its server module `server/src/modules/<folder>/`, its screens
   * `src/features/<folder>/` (descriptor `module.ts`), its unit tests
   * `tests/unit/features/<folder>/` and its page `docs/<folder>.md`. Manifests of one family share
   * it (actionPlans and actionsV3: `actions`; cartography and cartographyManagement:
   * `cartography`); a module alone in its family has its id. The manifests' test checks the
   * folders exist.
   */
  folder: string;
  /** First path segment of its addresses (spec section 2's route prefixes). */
  prefix: string;
  /** The district module's name (`district_modules.name`) when the spec names one, else null. */
  districtModule: string | null;
  /** The catalogue features this module defines, each with its read and manage rights. */
  features: { readonly [K in F]: FeatureRights };
  /** Any one of these features opens the module; empty: every authenticated user. */
  opens: readonly F[];
  /** Key of the module's name in the common namespace (`modules.*`). */
  labelKey: string;
  icon: MenuIconKey;
  /** Translation namespace of its own screens (public/locales/<lng>/<namespace>.json). */
  namespace: string;
  views: readonly ManifestView[];
  menu: readonly ManifestMenuEntry[];
  /** The functionalities of `districtModule`, in menu order (none when districtModule is null). */
  elements: readonly ManifestElement[];
  /**
   * The module has screens of its own: its route subtree comes from its family's app descriptor
   * (src/features/<folder>/module.ts, listed in src/app/modules.ts), and the placeholder landing route
   * does not match its prefix. Otherwise every address below its prefix shows the landing page.
   */
  screens: boolean;
}

/**
 * Declares a manifest, keeping its feature names as literal types: `Feature`
 * (common/rights.ts) is the union of every manifest's feature names, so `can(rights, 'sites',
 * 'manage')` is checked by the compiler.
 */
export const defineModule = <const F extends string>(manifest: ModuleManifest<F>): ModuleManifest<F> => manifest;

/** `module.x_read`, `module.x_admin` for each subject x (or `module.read`, `module.admin`). */
export function readAdmin(module: string, ...subjects: string[]): FeatureRights {
  return subjects.length === 0
    ? { read: [`${module}.read`], manage: [`${module}.admin`] }
    : { read: subjects.map((s) => `${module}.${s}_read`), manage: subjects.map((s) => `${module}.${s}_admin`) };
}

/** Several modules' read/admin pairs in one feature (actions, actionsV3, declarations). */
export function merged(...parts: FeatureRights[]): FeatureRights {
  return { read: parts.flatMap((p) => p.read), manage: parts.flatMap((p) => p.manage) };
}

/** Every right of a feature, reading ones first. */
export const rightsOf = (feature: FeatureRights): readonly string[] => [...feature.read, ...feature.manage];
