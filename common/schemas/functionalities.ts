/** The functionalities calls (spec section 7 "Cached POST calls"): what of a feature the session's district and rights open. */
import Type from 'typebox';
import { FUNCTIONALITY_ELEMENTS_MAX, FUNCTIONALITY_NAME_MAX } from '../functionalities.js';

const FunctionalityName = Type.String({ minLength: 1, maxLength: FUNCTIONALITY_NAME_MAX });

export const ElementsAvailabilityBody = Type.Object(
  { feature: FunctionalityName, elements: Type.Array(FunctionalityName, { maxItems: FUNCTIONALITY_ELEMENTS_MAX }) },
  { additionalProperties: false },
);
export const FunctionalityElementsBody = Type.Object({ feature: FunctionalityName }, { additionalProperties: false });
export const FunctionalityElementPositionBody = Type.Object({ feature: FunctionalityName, element: FunctionalityName }, { additionalProperties: false });

export const ElementAvailability = Type.Object({ element: Type.String(), available: Type.Boolean() });

/** POST /api/functionalities/isElementsOfFeatureAvailable { feature, elements } */
export const ElementsAvailabilityData = Type.Object({
  feature: Type.String(),
  /** The district has the module. */
  enabled: Type.Boolean(),
  /** One entry per requested element, in the request's order (an unknown element is not available). */
  elements: Type.Array(ElementAvailability),
});

export const FunctionalityElement = Type.Object({
  ...ElementAvailability.properties,
  /** 0-based order within the feature. */
  position: Type.Integer({ minimum: 0 }),
});

const ModulePosition = Type.Union([Type.Integer(), Type.Null()], { description: "The module's position in the district's menu, null when the district lacks it." });

/** POST /api/functionalities/getFunctionalityElements { feature } */
export const FunctionalityElementsData = Type.Object({
  feature: Type.String(),
  enabled: Type.Boolean(),
  modulePosition: ModulePosition,
  elements: Type.Array(FunctionalityElement),
});

/** POST /api/functionalities/getFunctionalityElementPosition { feature, element } */
export const FunctionalityElementPositionData = Type.Object({
  ...FunctionalityElement.properties,
  feature: Type.String(),
  modulePosition: ModulePosition,
  /** 0-based order among the feature's available elements, null when not available. */
  availablePosition: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
