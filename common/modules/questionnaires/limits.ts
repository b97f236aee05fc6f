// The Questionnaires module's limits, without their schemas (./schemas.ts re-exports them): the
// filling engine and the app's start read them without loading TypeBox.

export const TEMPLATE_NAME_MAX = 120;
export const TEXT_MAX = 10_000;
export const LABEL_MAX = 300;
export const HELP_MAX = 2_000;
export const SECTIONS_MAX = 60;
/** Questions of one template, all sections together (the bench opens a 300-question one). */
export const QUESTIONS_MAX = 500;
export const OPTIONS_MAX = 30;
export const PHOTOS_PER_ANSWER_MAX = 10;
/** A question's weight (points of the score when fully met). */
export const WEIGHT_MAX = 100;
