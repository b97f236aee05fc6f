/**
 * The socket's module names of the actions' records (records:changed), apart from the schemas
 * so a screen that only listens (the dashboard, the calendar: the first screens of a start)
 * does not load the contract's schemas with them. ./schemas.ts exports them too.
 */
export const ACTIONS_MODULE = 'actions';
export const PLANS_MODULE = 'action_plans';
export const ACTION_TEMPLATES_MODULE = 'action_templates';
