/** The Questionnaires module's addresses, written once (routes.tsx declares them). */
import type { Family } from '../../../common/modules/questionnaires/schemas';

export const QUESTIONNAIRES_PREFIX = '/questionnary-v2';

export type InspectionTab = 'todo' | 'inProgress' | 'submitted';

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const text = params.toString();
  return `${path}${text ? `?${text}` : ''}`;
};

export const inspectionsHref = (tab?: InspectionTab) => `${QUESTIONNAIRES_PREFIX}/view${tab === undefined || tab === 'todo' ? '' : `?tab=${tab}`}`;
export const inspectionHref = (id: string) => `${QUESTIONNAIRES_PREFIX}/inspections/${encodeURIComponent(id)}`;
export const startHref = (choice: { template?: string; site?: string } = {}) => withQuery(`${QUESTIONNAIRES_PREFIX}/start`, choice);

/** Managers: everyone's inspections, filtered (the filters ride in the address). */
export const MANAGE_PATH = `${QUESTIONNAIRES_PREFIX}/manage`;
/** Template builders and readers. */
export const TEMPLATES_PATH = `${QUESTIONNAIRES_PREFIX}/templates`;
/** A template's builder; with `version`, that older revision, read only. */
export const templateHref = (id: string, version?: number) => withQuery(`${TEMPLATES_PATH}/${encodeURIComponent(id)}`, { version: version === undefined ? undefined : String(version) });
export const newTemplateHref = (family: Family) => withQuery(`${TEMPLATES_PATH}/new`, { family });
/** Planners: the schedules of either family they manage. */
export const SCHEDULES_PATH = `${QUESTIONNAIRES_PREFIX}/schedules`;
export const scheduleHref = (id: string) => `${SCHEDULES_PATH}/${encodeURIComponent(id)}`;
export const newScheduleHref = (template?: string) => withQuery(`${SCHEDULES_PATH}/new`, { template });
