/**
 * The parts of one module's screens that another module shows (the linked actions of a
 * declaration's sheet and of an inspection's failed items): the owning module offers a loader
 * in its descriptor (`parts`, lib/app-module.ts), src/app/modules.ts hands them here, and the
 * showing module loads the part by name (`lazyPart(modulePart('LinkedActions'))`). Modules never
 * import each other; the part's code stays in its own chunk, loaded when first shown.
 */
import type { ComponentType } from 'react';

/** The record actions are made from: a declaration, an inspection's failed item, or an item of equipment (its failed checks). */
export type ActionSource = { kind: 'declaration'; id: string } | { kind: 'inspection'; id: string; questionKey: string } | { kind: 'equipment'; id: string };

export interface LinkedActionsProps {
  /** The record the actions come from; an inspection's names its failed item. */
  source: ActionSource;
  /** Creating is offered (a live record: not deleted; never for equipment, whose actions its failed checks make). */
  canCreate?: boolean;
  /** As a section of the sheet, titled "Actions" (a declaration's); else bare (inside a failed item). */
  titled?: boolean;
}

/** A site's folder chosen in a select (its path from the site's top as its label). */
export interface SiteFolderPickerProps {
  siteId: string;
  label: string;
  value: string;
  onChange: (folder: { id: string; path: string } | null) => void;
}

/** "Export" on a records list (Import/export), for the list at `list` (the current address when absent). */
export interface ListExportProps {
  list?: string;
}

/** An outside company chosen in a select, from the device's copy of the register (offline too); its workers shown once chosen. */
export interface OutsideCompanyPickerProps {
  label: string;
  /** The chosen company's id, or ''. */
  value: string;
  onChange: (company: { id: string; name: string } | null) => void;
}

/** Every part a module offers others, by name. */
export interface ModuleParts {
  /** The actions made from a record, and "Create an action" (Actions). */
  LinkedActions: ComponentType<LinkedActionsProps>;
  /** A select of a site's folders (Files): where the data-sharing area moves a deposit. */
  SiteFolderPicker: ComponentType<SiteFolderPickerProps>;
  /** The outsider's page of an upload-only link, without the shell (Data-sharing area). */
  DsaDropPage: ComponentType<{ token: string }>;
  /** The blocking dialog of the terms of use to accept, in the shell (Terms of use: tc). */
  TermsGate: ComponentType<Record<string, never>>;
  /** The terms of use and privacy notice before signing in, linked from the login page (Terms of use: tc). */
  PublicTerms: ComponentType<Record<string, never>>;
  /** "Export" (CSV, XLSX) of a list as filtered, when the server registers an export for it (Import/export). */
  ListExport: ComponentType<ListExportProps>;
  /** A select of the district's outside companies (Third parties V2): a work permit's company. */
  OutsideCompanyPicker: ComponentType<OutsideCompanyPickerProps>;
}

export type PartLoaders = { [K in keyof ModuleParts]: () => Promise<ModuleParts[K]> };

const loaders: Partial<PartLoaders> = {};

/** The app's registry hands each module's parts here (src/app/modules.ts). */
export function provideParts(parts: Partial<PartLoaders>): void {
  Object.assign(loaders, parts);
}

/** The loader of a part, for lazyPart(); it fails when no module offers the part. */
export function modulePart<K extends keyof ModuleParts>(name: K): () => Promise<ModuleParts[K]> {
  return () => {
    const load = loaders[name];
    return load === undefined ? Promise.reject(new Error(`no module offers the part ${name}`)) : load();
  };
}
