/**
 * The functionalities of the district modules, for the cached POST calls of spec section 7
 * (isElementsOfFeatureAvailable, getFunctionalityElements, getFunctionalityElementPosition).
 *
 * A *feature* is a district module as the client database names it (`district_modules.name`,
 * the `districtModules[].name` of every envelope). Its *elements* are the functionalities that
 * module offers, in menu order, each opened by the rights of catalogue features
 * (common/rights.ts). Both come from the module manifests (common/modules), this file derives
 * the table. An element is available in the session's district when the district has
 * the module and the session holds a right of one of its features (an element without
 * features needs no right). The server answers from this table and the district's modules; the
 * app uses it only to find which feature a module page shows and to label the elements.
 */
import { MODULE_MANIFESTS } from './modules/index';
import type { Feature } from './rights';

export interface FunctionalityElementDefinition {
  /** Identifier, unique within its feature; the translation key is `functionalities.<element>`. */
  element: string;
  /** Any one of these features' rights opens the element; empty: every member of the district. */
  features: readonly Feature[];
}

export interface FunctionalityDefinition {
  /** The district module's name (`district_modules.name`). */
  feature: string;
  /** Route prefix of the module's pages (its manifest's). */
  prefix: string;
  elements: readonly FunctionalityElementDefinition[];
}

/**
 * The district modules of the manifests (common/modules) with their elements. An element's
 * features are checked against the catalogue by the manifests' test, hence the cast.
 */
export const FUNCTIONALITIES: readonly FunctionalityDefinition[] = MODULE_MANIFESTS.flatMap((manifest) =>
  manifest.districtModule === null
    ? []
    : [{ feature: manifest.districtModule, prefix: manifest.prefix, elements: manifest.elements as readonly FunctionalityElementDefinition[] }],
);

export const findFunctionality = (feature: string): FunctionalityDefinition | undefined => FUNCTIONALITIES.find((f) => f.feature === feature);

/** The feature a module page (route prefix) shows, if any. */
export const functionalityOfPrefix = (prefix: string): FunctionalityDefinition | undefined =>
  FUNCTIONALITIES.find((f) => f.prefix === prefix);

/** Limits of the calls' bodies (the server's schemas). */
export const FUNCTIONALITY_NAME_MAX = 100;
export const FUNCTIONALITY_ELEMENTS_MAX = 100;

// --- the three calls (docs/api.md "Functionalities") ---------------------------------------

export interface ElementAvailability {
  element: string;
  available: boolean;
}

/** POST /api/functionalities/isElementsOfFeatureAvailable { feature, elements } */
export interface ElementsAvailabilityData {
  feature: string;
  /** The district has the module. */
  enabled: boolean;
  /** One entry per requested element, in the request's order (an unknown element is not available). */
  elements: ElementAvailability[];
}

export interface FunctionalityElement extends ElementAvailability {
  /** 0-based order within the feature. */
  position: number;
}

/** POST /api/functionalities/getFunctionalityElements { feature } */
export interface FunctionalityElementsData {
  feature: string;
  enabled: boolean;
  /** The module's position in the district's menu, null when the district lacks it. */
  modulePosition: number | null;
  elements: FunctionalityElement[];
}

/** POST /api/functionalities/getFunctionalityElementPosition { feature, element } */
export interface FunctionalityElementPositionData extends FunctionalityElement {
  feature: string;
  modulePosition: number | null;
  /** 0-based order among the feature's available elements, null when not available. */
  availablePosition: number | null;
}
