/**
 * The module manifests (common/modules) and what is derived from them agree (MODULES.md: "one
 * test checks they agree"): every prefix has a route, every menu target is a route of a module
 * whose rights open it for whoever sees the entry, every functionality belongs to a manifest,
 * no two manifests share a name, and every string a manifest names exists in fr and en.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createMemoryHistory } from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FUNCTIONALITIES } from '../../../../common/functionalities';
import { MODULE_MANIFESTS } from '../../../../common/modules/index';
import { ALL_RIGHTS, can, FEATURES, SHELL_FEATURE_NAMES } from '../../../../common/rights';
import { APP_MODULES } from '../../../../src/app/modules';
import { appRouteTree, createAppRouter } from '../../../../src/app/router';
import { findModule } from '../../../../src/features/modules/modules';
import { menuFor } from '../../../../src/features/shell/menu';
import { localeFiles } from '../../../../src/testing/i18n';

const manifestFiles = import.meta.glob('/common/modules/*.ts');
/** Whether a path of the repository (vitest's root) exists: the folders of the modules' families. */
const REPO = `${process.cwd()}/`;
const exists = (path: string): boolean => existsSync(`${REPO}${path}`);
const descriptorFiles = import.meta.glob('/src/features/*/module.ts');
const router = createAppRouter({ queryClient: new QueryClient(), history: createMemoryHistory({ initialEntries: ['/'] }) });

/** The route an address lands on: the deepest match, '/$' when only the not-found route matches. */
const routeOf = (pathname: string): string => router.getMatchedRoutes(pathname)[0].at(-1)?.id ?? '';

const allTargets = MODULE_MANIFESTS.flatMap((manifest) => manifest.menu.flatMap((entry) => entry.targets.map((target) => ({ manifest, entry, to: target.to }))));

function lookup(language: string, key: string): unknown {
  const [namespace, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
  const file = localeFiles.find((f) => f.language === language && f.namespace === namespace);
  return path.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), file?.content);
}

describe('module manifests', () => {
  it('one file per manifest, named by its id, and no two manifests share an id, a prefix, a district module or a feature', () => {
    const ids = MODULE_MANIFESTS.map((m) => m.id);
    expect(Object.keys(manifestFiles).filter((path) => !/\/(index|manifest)\.ts$/.test(path)).sort()).toEqual(ids.map((id) => `/common/modules/${id}.ts`).sort());
    const unique = (values: readonly (string | null)[]) => new Set(values.filter((v) => v !== null)).size === values.filter((v) => v !== null).length;
    expect(unique(ids)).toBe(true);
    expect(unique(MODULE_MANIFESTS.map((m) => m.prefix))).toBe(true);
    expect(unique(MODULE_MANIFESTS.map((m) => m.districtModule))).toBe(true);
    expect(unique([...SHELL_FEATURE_NAMES, ...MODULE_MANIFESTS.flatMap((m) => Object.keys(m.features))])).toBe(true);
    expect(unique(MODULE_MANIFESTS.flatMap((m) => m.menu.map((e) => e.id)))).toBe(true);
  });

  it('a family has one folder on every side: its screens, its server module, its contract, its tests', () => {
    const folders = new Set(MODULE_MANIFESTS.map((m) => m.folder));
    for (const manifest of MODULE_MANIFESTS) {
      expect(manifest.folder, manifest.id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      if (manifest.screens) expect(exists(`src/features/${manifest.folder}/module.ts`), `src/features/${manifest.folder}/module.ts (${manifest.id})`).toBe(true);
    }
    // Every server module and every contract folder is a family's, and that family's screens
    // and unit tests are in the folders of the same name.
    const subfolders = (path: string) =>
      readdirSync(`${REPO}${path}`, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_')).map((d) => d.name);
    const serverModules = subfolders('server/src/modules');
    const contracts = subfolders('common/modules');
    expect(serverModules.length).toBeGreaterThan(0);
    for (const folder of [...serverModules, ...contracts]) {
      expect(folders.has(folder), `${folder}: no manifest says folder '${folder}'`).toBe(true);
      expect(exists(`src/features/${folder}/module.ts`), `src/features/${folder}/module.ts`).toBe(true);
      expect(exists(`tests/unit/features/${folder}`), `tests/unit/features/${folder}`).toBe(true);
    }
    for (const folder of serverModules) expect(exists(`common/modules/${folder}/schemas.ts`), `common/modules/${folder}/schemas.ts`).toBe(true);
  });

  it('the app names each family once: one descriptor per family with screens, listing its manifests', () => {
    const folders = APP_MODULES.map((m) => m.folder);
    expect(new Set(folders).size).toBe(folders.length);
    expect(Object.keys(descriptorFiles).sort()).toEqual(folders.map((folder) => `/src/features/${folder}/module.ts`).sort());
    expect([...folders].sort()).toEqual([...new Set(MODULE_MANIFESTS.filter((m) => m.screens).map((m) => m.folder))].sort());
    for (const descriptor of APP_MODULES) {
      expect([...descriptor.manifests].sort(), descriptor.folder).toEqual(MODULE_MANIFESTS.filter((m) => m.folder === descriptor.folder).map((m) => m.id).sort());
    }
  });

  it('each manifest names only features the catalogue knows, and opens with its own', () => {
    const known = new Set<string>(FEATURES);
    for (const manifest of MODULE_MANIFESTS) {
      const own = Object.keys(manifest.features);
      expect(own.every((f) => known.has(f)), manifest.id).toBe(true);
      expect(manifest.opens.every((f) => own.includes(f)), manifest.id).toBe(true);
      for (const view of manifest.views) expect((view.features ?? []).every((f) => own.includes(f)), `${manifest.id} ${view.path}`).toBe(true);
      for (const entry of manifest.menu) expect((entry.features ?? []).every((f) => own.includes(f)), entry.id).toBe(true);
      for (const target of manifest.menu.flatMap((e) => e.targets)) expect((target.allFeatures ?? []).every((f) => known.has(f)), target.to).toBe(true);
      for (const element of manifest.elements) expect(element.features.every((f) => known.has(f)), element.element).toBe(true);
      // Every right of the manifest is in the catalogue the server seeds and the administration grants.
      for (const rights of Object.values(manifest.features)) expect(ALL_RIGHTS).toEqual(expect.arrayContaining([...rights.read, ...rights.manage]));
    }
  });

  it('every prefix of the spec has screens of its own: its route subtree, no placeholder', () => {
    expect(MODULE_MANIFESTS.filter((m) => !m.screens).map((m) => m.id)).toEqual([]);
    const screens = appRouteTree().screens;
    expect(Object.keys(screens).sort()).toEqual(MODULE_MANIFESTS.map((m) => m.id).sort());
    for (const manifest of MODULE_MANIFESTS) {
      expect(screens[manifest.id as keyof typeof screens].fullPath, manifest.id).toBe(`/${manifest.prefix}`);
      // The module's own subtree (its layout, or its index route, e.g. a redirect to a view).
      expect(routeOf(`/${manifest.prefix}`), manifest.prefix).toMatch(new RegExp(`^/_authenticated/${manifest.prefix}/?$`));
      // An address the module does not know is the not-found route.
      expect(routeOf(`/${manifest.prefix}/not-a-view`), manifest.prefix).toBe('/$');
    }
    expect(routeOf('/not-a-module')).toBe('/$');
  });

  it('every menu target is a route of its own module, and a view the module knows', () => {
    for (const { manifest, to } of allTargets) {
      expect(to.split('/')[1], to).toBe(manifest.prefix);
      expect(routeOf(to), to).not.toBe('/$');
    }
  });

  it('whoever sees a module entry can open where it goes (each right alone, and all of them)', () => {
    const rightSets = [...ALL_RIGHTS.map((right) => [right]), [...ALL_RIGHTS]];
    const moduleEntries = new Set(MODULE_MANIFESTS.flatMap((m) => m.menu.map((e) => e.id)));
    let checked = 0;
    for (const rights of rightSets) {
      for (const entry of menuFor({ rights })) {
        if (entry.kind !== 'link' || !moduleEntries.has(entry.id)) continue;
        const found = findModule(entry.to);
        expect(found, entry.to).not.toBeNull();
        const needed = found!.view?.features ?? found!.module.features;
        expect(needed.length === 0 || needed.some((f) => can(rights, f)), `${rights.join(',')} → ${entry.to}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(ALL_RIGHTS.length / 2);
  });

  it('every functionality is a manifest’s district module, with its prefix', () => {
    expect(FUNCTIONALITIES.length).toBeGreaterThan(0);
    for (const functionality of FUNCTIONALITIES) {
      const manifest = MODULE_MANIFESTS.find((m) => m.districtModule === functionality.feature);
      expect(manifest, functionality.feature).toBeDefined();
      expect(functionality.prefix).toBe(manifest!.prefix);
      const names = functionality.elements.map((e) => e.element);
      expect(new Set(names).size).toBe(names.length);
    }
    // A manifest without a district module has no functionality to list.
    for (const manifest of MODULE_MANIFESTS) if (manifest.districtModule === null) expect(manifest.elements, manifest.id).toEqual([]);
  });

  it('every string a manifest names exists in fr and en', () => {
    const keys = MODULE_MANIFESTS.flatMap((manifest) => [
      manifest.labelKey,
      ...manifest.views.map((view) => `module_views.${view.label}`),
      ...manifest.menu.flatMap((entry) => [entry.labelKey, ...entry.targets.map((t) => t.labelKey)]),
      ...manifest.elements.map((element) => `functionalities.${element.element}`),
      // The requiredPermissions toast names the features (spec section 8).
      ...Object.keys(manifest.features).map((feature) => `modules.${feature}`),
    ]).filter((key): key is string => key !== undefined);
    const missing = ['fr', 'en'].flatMap((language) => keys.filter((key) => typeof lookup(language, key) !== 'string').map((key) => `${language}: ${key}`));
    expect(missing).toEqual([]);
  });
});
