/**
 * The app's modules, named once: one descriptor per family (src/features/<folder>/module.ts,
 * lib/app-module.ts). The route table takes their route subtrees (router.tsx), the shell's start
 * runs their starts (startModules, after its first screen: lib/module-starts.ts), the map, the dashboard
 * and the calendar get their addresses (moduleLinks), and the parts one module shows of another
 * are offered here (lib/module-parts.ts). This is the only file of the platform that imports a
 * module's folder (eslint.config.js). Adding a module with screens: its descriptor and one line
 * in APP_MODULES.
 *
 * The descriptors are in the app's entry (router.tsx): they hold route definitions and
 * addresses only, and load the rest (starts, parts, pages) on demand.
 */
import type { AnyRoute } from '@tanstack/react-router';
import { actionsModule } from '../features/actions/module';
import { cartographyModule } from '../features/cartography/module';
import { contactModule } from '../features/contactV2/module';
import { contractModule } from '../features/contract/module';
import { declarationsModule } from '../features/declarations/module';
import { dsaModule } from '../features/dsa/module';
import { filesModule } from '../features/files/module';
import { importExportModule } from '../features/importExport/module';
import { inventoryModule } from '../features/inventory/module';
import { notificationsModule } from '../features/notifications/module';
import { plan2dModule } from '../features/plan2d/module';
import { questionnairesModule } from '../features/questionnaires/module';
import { sharingBankModule } from '../features/sharingBank/module';
import { sitesModule } from '../features/sites/module';
import { supplierModule } from '../features/supplier/module';
import { tcModule } from '../features/tc/module';
import { synthesisModule } from '../features/synthesis/module';
import { thirdPartyModule } from '../features/thirdParty/module';
import { view360Module } from '../features/view360/module';
import { workflowModule } from '../features/workflow/module';
import type { AppModule, ModuleLinks } from '../lib/app-module';
import { provideParts } from '../lib/module-parts';
import { provideModuleStarts } from '../lib/module-starts';
import { runInSlices } from './run-in-slices';

/** Every module family with screens, in the order their starts run. */
export const APP_MODULES = [
  sitesModule,
  declarationsModule,
  questionnairesModule,
  actionsModule,
  cartographyModule,
  notificationsModule,
  supplierModule,
  contractModule,
  contactModule,
  inventoryModule,
  filesModule,
  thirdPartyModule,
  sharingBankModule,
  dsaModule,
  importExportModule,
  view360Module,
  workflowModule,
  tcModule,
  synthesisModule,
  plan2dModule,
] as const satisfies readonly AppModule[];

type Descriptor = (typeof APP_MODULES)[number];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type LinksOf<M> = M extends { links: infer L } ? L : Record<never, never>;
type RoutesOf<M> = M extends { routes: (...args: never[]) => infer R } ? R : never;

/**
 * Every module's addresses, merged: the compiler checks that the modules give every link of
 * ModuleLinks.
 */
export const moduleLinks: ModuleLinks = Object.assign({}, ...APP_MODULES.map((m) => ('links' in m ? m.links : {}))) as UnionToIntersection<LinksOf<Descriptor>>;

/** The route subtrees of the manifests with screens, by manifest id, with their types. */
export type ScreenModuleRoutes = UnionToIntersection<RoutesOf<Descriptor>>;

export function screenModuleRoutes(parent: AnyRoute): ScreenModuleRoutes {
  return Object.assign({}, ...APP_MODULES.map((m) => m.routes(parent, moduleLinks))) as ScreenModuleRoutes;
}

let started: Promise<void> | undefined;

/**
 * Loads every module's start and runs them in APP_MODULES' order (their senders, offline
 * declarations, record panels and live hooks), once. Not before the first screen: the shell asks
 * at its first idle moment, and what reads the registrations waits for them
 * (lib/module-starts.ts). Both the requests and the starts go in slices of a few milliseconds
 * (run-in-slices.ts): asking for a chunk costs about a millisecond of main thread, and twenty
 * asked together were one task of 24 ms; their number grows with the modules, the start's
 * longest task must not.
 */
function startModules(): Promise<void> {
  started ??= requestStarts()
    .then((loads) => Promise.all(loads))
    .then(
      (starts) => runInSlices(starts.filter((start): start is () => void => start !== undefined)),
      (error: unknown) => {
        started = undefined;
        throw error;
      },
    );
  return started;
}

async function requestStarts(): Promise<Promise<(() => void) | undefined>[]> {
  const loads: Promise<(() => void) | undefined>[] = [];
  await runInSlices(APP_MODULES.map((m: AppModule) => () => void loads.push(m.start?.() ?? Promise.resolve(undefined))));
  return loads;
}

for (const m of APP_MODULES) if ('parts' in m) provideParts(m.parts);
provideModuleStarts(startModules);
