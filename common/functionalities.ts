/**
 * The functionalities of the district modules, for the cached POST calls of spec section 7
 * (isElementsOfFeatureAvailable, getFunctionalityElements, getFunctionalityElementPosition).
 *
 * A *feature* is a district module as the client database names it (`district_modules.name`,
 * the `districtModules[].name` of every envelope). Its *elements* are the functionalities that
 * module offers, in menu order, each opened by the rights of catalogue features
 * (common/rights.ts). An element is available in the session's district when the district has
 * the module and the session holds a right of one of its features (an element without
 * features needs no right). The server answers from this table and the district's modules; the
 * app uses it only to find which feature a module page shows and to label the elements.
 */
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
  /** Route prefix of the module's page (src/features/modules/modules.ts), when it has one. */
  prefix: string | null;
  elements: readonly FunctionalityElementDefinition[];
}

const element = (name: string, ...features: Feature[]): FunctionalityElementDefinition => ({ element: name, features });

/** Spec section 2's modules that the demo districts carry, with the views its navigation names. */
export const FUNCTIONALITIES: readonly FunctionalityDefinition[] = [
  {
    feature: 'cartography',
    prefix: 'cartography',
    elements: [element('map', 'cartography'), element('interestPoints', 'cartographyManagement'), element('incidents', 'cartographyManagement')],
  },
  {
    feature: 'sites',
    prefix: 'site',
    elements: [element('siteInfo', 'sites'), element('stages360'), element('emergencyAlert', 'emergency')],
  },
  { feature: 'questionnary-v2', prefix: 'questionnary-v2', elements: [element('questionnaires', 'questionnaires')] },
  { feature: 'declarations', prefix: 'declarations', elements: [element('declarations', 'declarations')] },
  { feature: 'actionsV3', prefix: 'actionsV3', elements: [element('actions', 'actionsV3')] },
  { feature: 'notifications', prefix: null, elements: [element('notificationList', 'notifications'), element('workflowNotifications')] },
  { feature: 'files', prefix: 'files', elements: [element('sitesTypes', 'files'), element('siteFiles', 'files')] },
];

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
