/** The Questionnaires module's addresses, written once (routes.tsx declares them). */
export const QUESTIONNAIRES_PREFIX = '/questionnary-v2';

export type InspectionTab = 'todo' | 'inProgress' | 'submitted';

export const inspectionsHref = (tab?: InspectionTab) => `${QUESTIONNAIRES_PREFIX}/view${tab === undefined || tab === 'todo' ? '' : `?tab=${tab}`}`;
export const inspectionHref = (id: string) => `${QUESTIONNAIRES_PREFIX}/inspections/${encodeURIComponent(id)}`;
export const startHref = (choice: { template?: string; site?: string } = {}) => {
  const params = new URLSearchParams(Object.entries(choice).filter((e): e is [string, string] => e[1] !== undefined));
  const query = params.toString();
  return `${QUESTIONNAIRES_PREFIX}/start${query ? `?${query}` : ''}`;
};
