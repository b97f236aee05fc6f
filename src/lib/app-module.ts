/**
 * What a module family gives the app (its descriptor, src/features/<folder>/module.ts), and the
 * addresses modules give one another. The app names its modules once, in src/app/modules.ts:
 * the route table, the start of the shell, the links between screens and the parts one module
 * shows of another all come from that list, so the platform (src/app, src/lib, src/components,
 * the platform features) never imports a module's folder, and no module imports another's
 * (eslint.config.js enforces both).
 */
import type { AnyRoute } from '@tanstack/react-router';
import type { PartLoaders } from './module-parts';

/**
 * The addresses of records and lists that other screens open (the map, the dashboard, the
 * calendar), each given by the module that owns it and composed by the app (src/app/modules.ts):
 * a screen gets them from its route, never from the other module's code.
 */
export interface ModuleLinks {
  /** A site's sheet (Sites). */
  site: (id: string) => string;
  /** A declaration's sheet (Declarations). */
  declaration: (id: string) => string;
  /** The declarations' list. */
  declarations: string;
  /** The report form with a pin at the position (Declarations). */
  reportAt: (position: { lat: number; lng: number }) => string;
  /** The report form with the site chosen (Declarations): a report made from a site's 2D plan. */
  reportOnSite: (siteId: string) => string;
  /** An item of equipment's sheet (Inventory). */
  equipment: (id: string) => string;
  /** A contact's sheet (Contacts). */
  contact: (id: string) => string;
  /** An action's sheet (Actions, under Action plans' prefix). */
  action: (id: string) => string;
  /** An inspection (Questionnaires). */
  inspection: (id: string) => string;
  /** The inspections to do. */
  inspections: string;
  /** The lists a synthesis table's cell opens, its filters added to their address (Actions, Questionnaires, Inventory, Contracts). */
  actions: string;
  manageInspections: string;
  equipmentList: string;
  contracts: string;
  /** The stock's article view (Inventory): `?article=` an article's levels and movements, `?low=true` the levels under their minimum. */
  stockArticles: string;
  /** The form sharing a site's items with someone outside the product (Third parties), prefilled. */
  shareItems: (siteId: string, items: readonly ShareItemRef[], email?: string) => string;
}

/** An item a share link may carry: a kind registered on the server (`folder`, `document`, `preventionPlan`…) and its id. */
export interface ShareItemRef {
  kind: string;
  id: string;
}

export interface AppModule {
  /** The family's folder: src/features/<folder>/, the `folder` of its manifests (common/modules). */
  folder: string;
  /** The ids of the family's manifests (every manifest whose `folder` is this one). */
  manifests: readonly string[];
  /**
   * The route subtrees of the family's manifests with screens, by manifest id, below `parent`
   * (the authenticated layout). Route definitions only (guards, search validation, loaders): the
   * route table is in the app's entry, the pages load with their routes.
   */
  routes: (parent: AnyRoute, links: ModuleLinks) => Readonly<Record<string, AnyRoute>>;
  /**
   * Loads what the family runs when the shell starts (its senders, so queued writes are sent
   * from any page; its offline declarations) and answers the function that runs it. The app
   * loads every family's at once with the shell's own code and runs them in the list's order
   * before the shell's first render. Loaded, not imported: out of the entry.
   */
  start?: () => Promise<() => void>;
  /** The addresses this family owns that other screens open. */
  links?: Partial<ModuleLinks>;
  /** The parts of this family's screens that other families show (lib/module-parts.ts). */
  parts?: Partial<PartLoaders>;
}

/** Declares a descriptor, keeping its routes' types (the route tree's typed paths come from them). */
export const defineAppModule = <const M extends AppModule>(module: M): M => module;
