/** The Questionnaires module's query keys, named once: every query and every invalidation uses these. */
import type { Family } from '../../../../common/modules/questionnaires/schemas';
import type { ManageSearch } from '../manage-search';
import type { InspectionTab } from '../paths';

export const questionnairesKeys = {
  all: ['questionnaires'] as const,
  lists: () => ['questionnaires', 'inspections'] as const,
  list: (tab: InspectionTab) => ['questionnaires', 'inspections', tab] as const,
  details: () => ['questionnaires', 'inspection'] as const,
  detail: (id: string) => ['questionnaires', 'inspection', id] as const,
  templates: () => ['questionnaires', 'templates'] as const,
  template: (id: string) => ['questionnaires', 'templates', id] as const,
  /** An older revision (never changes) and the template's history (its revisions' authors and changes). */
  templateRevision: (id: string, version: number) => ['questionnaires', 'templates', id, 'revision', version] as const,
  templateHistory: (id: string) => ['questionnaires', 'templates', id, 'history'] as const,
  /** The builder's list: one family or all the caller reads, live or deleted. */
  templateList: (family: Family | 'all', deleted: boolean) => ['questionnaires', 'templates', 'list', family, deleted ? 'deleted' : 'live'] as const,
  sites: (search: string) => ['questionnaires', 'sites', search] as const,
  /** Everyone's inspections as a manager filtered them (under lists(): refreshed with the others). */
  managed: (search: ManageSearch) => ['questionnaires', 'inspections', 'managed', search] as const,
  schedules: () => ['questionnaires', 'schedules'] as const,
  /** The deleted schedules (under schedules(): refreshed with them). */
  deletedSchedules: () => ['questionnaires', 'schedules', 'deleted'] as const,
  schedule: (id: string) => ['questionnaires', 'schedules', id] as const,
  members: () => ['questionnaires', 'members'] as const,
  shares: (inspectionId: string) => ['questionnaires', 'shares', inspectionId] as const,
};
