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
import type { Static } from 'typebox';
import type { Feature } from './rights';
import type * as Schemas from './schemas/functionalities';

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

/** Limits of the calls' bodies (their schemas: common/schemas/functionalities.ts). */
export const FUNCTIONALITY_NAME_MAX = 100;
export const FUNCTIONALITY_ELEMENTS_MAX = 100;

// --- the three calls (docs/api.md "Functionalities"), types derived from their schemas ---------
export type ElementAvailability = Static<typeof Schemas.ElementAvailability>;
/** POST /api/functionalities/isElementsOfFeatureAvailable { feature, elements } */
export type ElementsAvailabilityData = Static<typeof Schemas.ElementsAvailabilityData>;
export type FunctionalityElement = Static<typeof Schemas.FunctionalityElement>;
/** POST /api/functionalities/getFunctionalityElements { feature } */
export type FunctionalityElementsData = Static<typeof Schemas.FunctionalityElementsData>;
/** POST /api/functionalities/getFunctionalityElementPosition { feature, element } */
export type FunctionalityElementPositionData = Static<typeof Schemas.FunctionalityElementPositionData>;
