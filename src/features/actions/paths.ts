/**
 * The actions' addresses, built in one place for both modules that show them: Action plans
 * (prefix /actionPlan: the plans, and the actions) and Actions V3 (prefix /actionsV3: the same
 * actions, made from templates, and the templates). The list and the sheet are the same screens
 * under either prefix; `base` says which module the user is in, so back and links stay there.
 */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { ActionListSearch, DeletedSearch, NewActionSearch } from './search';

export const ACTION_PLANS_PREFIX = '/actionPlan';
export const ACTIONS_V3_PREFIX = '/actionsV3';
export type ActionsBase = typeof ACTION_PLANS_PREFIX | typeof ACTIONS_V3_PREFIX;

const query = (search: object | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const actionsListHref = (base: ActionsBase, search?: ActionListSearch) => `${base}/actions${query(search)}`;
/** An action's sheet; the list's search rides along (the list beside it on a wide screen). */
export const actionHref = (base: ActionsBase, id: string, search?: ActionListSearch) => `${base}/actions/${encodeURIComponent(id)}${query(search)}`;
export const actionEditHref = (base: ActionsBase, id: string) => `${base}/actions/${encodeURIComponent(id)}/edit`;
/** The new action form, prefilled from a template or a source (a declaration, an inspection's failed item). */
export const newActionHref = (base: ActionsBase, prefill: NewActionSearch = {}) => `${base}/actions/new${query(prefill)}`;

/** The plans; `{ deleted: true }`: the deleted ones (plan managers). */
export const plansHref = (search?: DeletedSearch) => `${ACTION_PLANS_PREFIX}/actionPlanView${query(search)}`;
export const planHref = (id: string) => `${ACTION_PLANS_PREFIX}/actionPlanView/${encodeURIComponent(id)}`;
export const planNewHref = () => `${ACTION_PLANS_PREFIX}/actionPlanView/new`;
export const planEditHref = (id: string) => `${ACTION_PLANS_PREFIX}/actionPlanView/${encodeURIComponent(id)}/edit`;

/** The templates; `{ deleted: true }`: the deleted ones (template managers). */
export const templatesHref = (search?: DeletedSearch) => `${ACTIONS_V3_PREFIX}/templates${query(search)}`;
export const templateHref = (id: string) => `${ACTIONS_V3_PREFIX}/templates/${encodeURIComponent(id)}`;
export const templateNewHref = () => `${ACTIONS_V3_PREFIX}/templates/new`;

/** The source of an action as the new action form's address writes it. */
export const sourceParam = (source: { kind: 'declaration'; id: string } | { kind: 'inspection'; id: string; questionKey: string }) =>
  source.kind === 'declaration' ? `declaration:${source.id}` : `inspection:${source.id}:${source.questionKey}`;
