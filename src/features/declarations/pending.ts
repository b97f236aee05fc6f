/**
 * The Declarations writes still in the outbox, laid over what the server last said, so what a
 * user did offline shows at once: a report exists (in the list, first, and as its own sheet),
 * an edit shows its new values, a status change its new status, a comment is in the thread,
 * each marked as waiting. The list lays them over its rows with the platform's withPendingList,
 * told here which declarations match its search and filters.
 */
import type { Comment, Declaration, DeclarationCreate, DeclarationSummary, Template } from '../../../common/modules/declarations/schemas';
import type { PendingWrite, WithPending } from '../../lib/outbox';
import { matchesSearch } from '../../lib/text-fold';
import type { DeclarationListSearch } from './search';
import { COMMENT_WRITE, declarations, STATUS_WRITE, templates, type CommentPayload, type StatusPayload } from './writes';

const WRITES = declarations.writeKinds;

/** A comment written here and not yet on the server. */
export type ShownComment = Comment & { waiting?: boolean };

const undelivered = (write: PendingWrite, id: string) => write.item.recordId === id && write.item.state !== 'sent';
const NOBODY = { id: '00000000-0000-4000-8000-000000000000', name: '' };

export function applyPending(record: Declaration, writes: readonly PendingWrite[], me: { id: string; name: string } = NOBODY): Declaration & { comments: ShownComment[] } {
  let next: Declaration & { comments: ShownComment[] } = record;
  for (const write of writes) {
    if (!undelivered(write, record.id)) continue;
    const { kind } = write.item;
    if (kind === WRITES.update && typeof write.payload === 'object' && write.payload !== null) next = { ...next, ...(write.payload as Partial<Declaration>) };
    else if (kind === STATUS_WRITE) next = { ...next, status: (write.payload as StatusPayload).status };
    else if (kind === COMMENT_WRITE) {
      const comment = write.payload as CommentPayload;
      if (!next.comments.some((c) => c.id === comment.id)) next = { ...next, comments: [...next.comments, { id: comment.id, text: comment.text, at: new Date().toISOString(), by: me, waiting: true }] };
    } else if (kind === WRITES.delete) next = { ...next, deletedAt: next.deletedAt ?? new Date().toISOString() };
    else if (kind === WRITES.restore) next = { ...next, deletedAt: null };
  }
  return next;
}

/** A report made on this device and not yet on the server, as its sheet shows it (the template from the device's copy). */
export function pendingReport(id: string, writes: readonly PendingWrite[], templates: readonly Template[] | undefined, me: { id: string; name: string }): Declaration | undefined {
  const created = writes.find((write) => write.item.kind === WRITES.create && undelivered(write, id));
  if (created === undefined) return undefined;
  const body = created.payload as DeclarationCreate;
  const template = templates?.find((t) => t.id === body.templateId);
  const now = new Date().toISOString();
  const declaration: Declaration = {
    id,
    districtId: '',
    version: 1,
    createdAt: body.capturedAt,
    createdBy: me,
    updatedAt: now,
    updatedBy: me,
    deletedAt: null,
    siteId: body.siteId,
    position: body.position,
    occurredAt: body.occurredAt,
    severity: body.severity,
    title: body.title,
    description: body.description,
    values: body.values,
    photos: body.photos,
    templateId: body.templateId,
    templateVersion: body.templateVersion,
    // The device holds the template's current revision: the form was built from it.
    template: { name: template?.name ?? '', icon: template?.icon ?? 'warning', fields: template?.version === body.templateVersion ? template.fields : (template?.fields ?? []) },
    capturedAt: body.capturedAt,
    siteName: null,
    status: 'new',
    assignee: null,
    cause: '',
    measures: '',
    lockedAt: null,
    comments: [],
    attachments: [],
    actionIds: [],
  };
  return applyPending(declaration, writes, me);
}

export const isWaiting = (id: string, writes: readonly PendingWrite[]) => writes.some((write) => undelivered(write, id));
export const hasConflict = (id: string, writes: readonly PendingWrite[]) => writes.some((write) => undelivered(write, id) && write.item.state === 'conflict');
export const hasFailed = (id: string, writes: readonly PendingWrite[]) => writes.some((write) => undelivered(write, id) && write.item.state === 'failed');

const TEMPLATE_WRITES = new Set(Object.values(templates.writeKinds));
/** The writes of declarations themselves (a template's writes name the template). */
export const declarationRecordWrites = (writes: readonly PendingWrite[]) => writes.filter((write) => !TEMPLATE_WRITES.has(write.item.kind));

/** The day (YYYY-MM-DD, local) of an instant. */
const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Whether a declaration belongs in the list as the user filtered it, decided as the server
 * decides it (repository.ts list): the search in title, description and site name, folded;
 * type, site, severity, status, own, period.
 */
export function declarationMatches(search: DeclarationListSearch, meId: string | null): (row: WithPending<DeclarationSummary> & { description?: string }) => boolean {
  return (row) =>
    matchesSearch(search.search, [row.title, row.description ?? '', row.siteName ?? '']) &&
    (search.template === undefined || row.templateId === search.template) &&
    (search.site === undefined || row.siteId === search.site) &&
    (search.severity === undefined || row.severity === search.severity) &&
    (search.status === undefined || (row.status ?? 'new') === search.status) &&
    (search.author === undefined || row.author?.id === meId || row.pending?.created === true) &&
    (search.from === undefined || dayOf(row.occurredAt) >= search.from) &&
    (search.to === undefined || dayOf(row.occurredAt) <= search.to);
}

/** A list row touched by pending writes made whole: a report made here is its payload, with its type's name and icon. */
export function completeDeclarationRow(templates: readonly Template[] | undefined, me: { id: string; name: string }) {
  return (row: WithPending<DeclarationSummary>): WithPending<DeclarationSummary> => {
    const template = templates?.find((t) => t.id === row.templateId);
    return {
      ...row,
      templateName: row.templateName ?? template?.name ?? '',
      templateIcon: row.templateIcon ?? template?.icon ?? 'warning',
      siteName: row.siteName ?? null,
      status: row.status ?? 'new',
      author: row.author ?? me,
      assignee: row.assignee ?? null,
      thumbnailUrl: row.thumbnailUrl ?? null,
      position: row.position ?? null,
      version: row.version ?? 0,
      updatedAt: row.updatedAt ?? '',
    };
  };
}
