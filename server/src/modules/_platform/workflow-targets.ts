/**
 * The record kinds a workflow may attach to (ServerModule `workflowTargets`): a module declares
 * which of its record kinds can carry a workflow and how to read a record's title, assignee and
 * site manager (the roles a definition's transition may name). The workflow module reads them
 * here only; server modules never import each other.
 */
import type { Queryable } from '../../db/types.js';

export interface WorkflowTargetRecord {
  title: string;
  assigneeId: string | null;
  siteManagerId: string | null;
}

export interface WorkflowTarget {
  /** `<module>.<kind>` (`declarations.declaration`), as a definition names it. */
  target: string;
  label: { fr: string; en: string };
  /** The app's address of the record (its sheet), for the instance's link. */
  path: (recordId: string) => string;
  /** The record of the district, or null when there is none (deleted, another district). */
  read: (db: Queryable, districtId: string, recordId: string) => Promise<WorkflowTargetRecord | null>;
}

const targets = new Map<string, WorkflowTarget>();

export function registerWorkflowTargets(list: readonly WorkflowTarget[]): void {
  for (const target of list) targets.set(target.target, target);
}

export const workflowTarget = (target: string): WorkflowTarget | undefined => targets.get(target);
export const workflowTargets = (): WorkflowTarget[] => [...targets.values()];

/**
 * The records a workflow's field may name (a required field with `ref`: the outside company of a
 * work permit), each kind registered by the module that owns it (`thirdPartyV2.company`, from
 * the third parties' companies part): when the move arrives the workflow module reads the record
 * here (of the district, not deleted) and keeps its title with its id, never reading the owner's
 * tables itself.
 */
export interface WorkflowReference {
  /** `<manifest>.<kind>`, as a field's `ref` names it. */
  kind: string;
  /** The record's title in the district, or null when there is none (deleted, another district). */
  read: (db: Queryable, districtId: string, id: string) => Promise<{ title: string } | null>;
}

const references = new Map<string, WorkflowReference>();

export function registerWorkflowReference(reference: WorkflowReference): void {
  references.set(reference.kind, reference);
}

export const workflowReference = (kind: string): WorkflowReference | undefined => references.get(kind);
