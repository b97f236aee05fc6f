/**
 * Rows of actions as lists show them (common ActionSummary: the site, the plan, the assignee,
 * the source and its label, photo and comment counts), read for a set of ids in one query: the
 * dashboard's "my actions" picks its ids with an indexed query, then reads their rows here.
 */
import { ACTIONS_MODULE, OPEN_STATUSES, type ActionStatus, type ActionSummary, type Priority } from '../../../../common/modules/actionPlans/schemas.js';
import type { Section } from '../../../../common/modules/questionnaryV2/schemas.js';
import type { Queryable } from '../../db/types.js';
import { actorNames, actorOf } from '../_platform/records.js';

interface SummaryRow {
  id: string;
  title: string;
  status: ActionStatus;
  priority: Priority;
  due_on: string | null;
  site_id: string | null;
  site_name: string | null;
  assignee_id: string | null;
  plan_id: string | null;
  plan_name: string | null;
  source_kind: 'declaration' | 'inspection' | null;
  source_id: string | null;
  source_question: string | null;
  source_title: string | null;
  source_sections: Section[] | null;
  proof_photo: boolean;
  proof_note: boolean;
  photo_count: number;
  comment_count: number;
  version: number;
  updated_at: Date;
  deleted_at: Date | null;
}

/** An inspection item's source label: the template's name and the question as it was asked. */
function sourceLabel(row: SummaryRow): string {
  if (row.source_kind !== 'inspection') return row.source_title ?? '';
  const question = (row.source_sections ?? []).flatMap((s) => s.questions).find((q) => q.key === row.source_question);
  return `${row.source_title ?? ''} : ${question?.label ?? row.source_question ?? ''}`;
}

/** The summaries of `ids` in the district, in the order of `ids`; `today` (the district's) decides what is overdue. */
export async function actionSummaries(db: Queryable, control: Queryable, districtId: string, ids: readonly string[], today: string): Promise<ActionSummary[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<SummaryRow>(
    `select a.id, a.title, a.status, a.priority, a.due_on::text as due_on, a.site_id, s.name as site_name, a.assignee_id,
            a.plan_id, p.name as plan_name, a.source_kind, a.source_id, a.source_question,
            coalesce(d.title, t.name) as source_title, v.sections as source_sections,
            a.proof_photo, a.proof_note, a.comment_count, a.version, a.updated_at, a.deleted_at,
            (select count(*) from attachments f where f.district_id = a.district_id and f.module = $3 and f.record_id = a.id and f.deleted_at is null)::int as photo_count
       from actions a
       left join sites s on s.id = a.site_id
       left join action_plans p on p.id = a.plan_id
       left join declarations d on a.source_kind = 'declaration' and d.id = a.source_id
       left join inspections i on a.source_kind = 'inspection' and i.id = a.source_id
       left join questionnaire_templates t on t.id = i.template_id
       left join questionnaire_template_versions v on v.template_id = i.template_id and v.version = i.template_version
      where a.district_id = $1 and a.id = any($2::uuid[])`,
    [districtId, ids, ACTIONS_MODULE],
  );
  const names = await actorNames(control, rows.map((r) => r.assignee_id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        title: row.title,
        status: row.status,
        priority: row.priority,
        dueOn: row.due_on,
        overdue: OPEN_STATUSES.includes(row.status) && row.due_on !== null && row.due_on < today,
        siteId: row.site_id,
        siteName: row.site_name,
        assignee: row.assignee_id === null ? null : actorOf(names, row.assignee_id),
        planId: row.plan_id,
        planName: row.plan_name,
        source: row.source_kind === null || row.source_id === null ? null : { kind: row.source_kind, id: row.source_id, questionKey: row.source_question, label: sourceLabel(row) },
        proof: { photo: row.proof_photo, note: row.proof_note },
        photoCount: row.photo_count,
        commentCount: row.comment_count,
        version: row.version,
        updatedAt: new Date(row.updated_at).toISOString(),
        deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at).toISOString(),
      },
    ];
  });
}
