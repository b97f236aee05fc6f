/** The sites a module's site picker offers at most (./site-choices.ts), without the schemas. */
export const SITE_CHOICES_MAX = 30;
