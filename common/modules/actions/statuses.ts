/**
 * An action's statuses, apart from the schemas (./schemas.ts re-exports them): the rights'
 * rules (./access.ts) are read by the app's route guards, in its entry, which must not pull
 * TypeBox and every schema in with a list of five words.
 */
export const ACTION_STATUSES = ['todo', 'inProgress', 'done', 'verified', 'cancelled'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
/** Statuses of work still to do (an action in them can be overdue). */
export const OPEN_STATUSES: readonly ActionStatus[] = ['todo', 'inProgress'];
