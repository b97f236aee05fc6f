/**
 * GET /api/<module>/sites?near=lat,lng&search=: the site picker of a module's forms, for that
 * module's users (who may not hold the sites right): at most SITE_CHOICES_MAX live sites of
 * the session's district, the nearest to `near` first when the device knows its position
 * (distance in metres), else by name; the search folded as the lists fold it. One contract,
 * mounted by each module that needs it under its own prefix and right
 * (server/src/modules/_platform/site-choices.ts); one picker (src/components/module/SiteSelect.tsx).
 */
import Type, { type Static } from 'typebox';
import { Uuid } from './platform.js';
import { SITE_CHOICES_MAX } from './site-choices-limit.js';

// The limit is in ./site-choices-limit.ts (no schema: the app's shell reads it at start).
export { SITE_CHOICES_MAX };

export const SiteChoicesQuery = Type.Object(
  {
    near: Type.Optional(Type.String({ pattern: '^-?\\d{1,2}(\\.\\d{1,15})?,-?\\d{1,3}(\\.\\d{1,15})?$' })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SiteChoicesQuery = Static<typeof SiteChoicesQuery>;

export const SiteChoice = Type.Object({
  id: Uuid,
  name: Type.String(),
  address: Type.String(),
  /** Metres from `near`; null without a position (or for a site without one). */
  distance: Type.Union([Type.Number(), Type.Null()]),
});
export type SiteChoice = Static<typeof SiteChoice>;
