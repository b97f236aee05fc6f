/**
 * The actions' part of the toolbar's workflow badge (ServerModule `workflowCount`, composed into
 * the envelope's one query by plugins/envelope.ts): the member's open actions in the session's
 * district that are overdue or due within ACTION_REMIND_DAYS (today included), the ones the
 * reminder job tells about. One range of actions_mine_idx (migration 3). The envelope is cached
 * per member (tenant-cache.ts): the reminder job's bells and the actions' writes invalidate it.
 */
import { ACTION_REMIND_DAYS } from '../../../../common/modules/actions/schemas.js';
import type { WorkflowCountSql } from '../../plugins/envelope.js';

export const actionsWorkflowCount: WorkflowCountSql = `select count(*) from actions
  where district_id = $2 and assignee_id = $1 and is_open and deleted_at is null and due_key <= $3::date + ${ACTION_REMIND_DAYS}`;
