/**
 * The Sharing bank's record kinds on the app's record core (lib/record-kind.ts): resources (the
 * district's library, one list the device keeps whole and filters) and groups; and its own
 * outbox writes: a reading (opened, acknowledged: made offline, sent once), a new version, a
 * reminder and a template's import. Its other reads (the board, the members, the templates of
 * the client's other districts, the district's templates to share) are queries kept offline.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Board, Group, GroupFields, ImportAnswer, Member, RemindAnswer, Resource, ResourceFields, ResourceRow, SharedTemplate } from '../../../common/modules/sharingBank/schemas';
import { apiGet } from '../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite } from '../../lib/outbox';
import { defineRecordKind } from '../../lib/record-kind';

/** The outbox module and the attachments' module of the resources' files. */
export const SHARING_MODULE = 'sharingBank';

export const resources = defineRecordKind<ResourceFields, Resource, ResourceRow>({
  module: SHARING_MODULE,
  kind: 'resources',
  path: 'sharing-bank/resources',
  fields: ['title', 'kind', 'description', 'tags', 'audience', 'groupIds', 'remindAfterDays', 'sourceId'],
});

export const groups = defineRecordKind<GroupFields, Group, Group>({
  module: SHARING_MODULE,
  kind: 'groups',
  path: 'sharing-bank/groups',
  fields: ['name', 'memberIds'],
});

export const READ_WRITE = 'sharingBank.reading';
export const PUBLISH_WRITE = 'sharingBank.publish';
export const REMIND_WRITE = 'sharingBank.remind';
export const IMPORT_WRITE = 'sharingBank.import';

export interface ReadingPayload {
  version: number;
  acknowledged: boolean;
}

/** Queues the caller's reading of `version` (opened, or acknowledged): sent once, offline included. */
export const queueReading = (resourceId: string, version: number, acknowledged: boolean) =>
  enqueueWrite({ kind: READ_WRITE, module: SHARING_MODULE, recordId: resourceId, baseVersion: null, payload: { version, acknowledged } satisfies ReadingPayload });
/** Queues a new version of a resource, from the version the manager saw. */
export const queuePublish = (resource: Pick<Resource, 'id' | 'version'>) => enqueueWrite({ kind: PUBLISH_WRITE, module: SHARING_MODULE, recordId: resource.id, baseVersion: resource.version, payload: {} });
export const queueRemind = (resourceId: string) => enqueueWrite({ kind: REMIND_WRITE, module: SHARING_MODULE, recordId: resourceId, baseVersion: null, payload: {} });
/** Queues the import of a shared template with the device's id for the copy. */
export const queueImport = (resourceId: string) =>
  enqueueWrite({ kind: IMPORT_WRITE, module: SHARING_MODULE, recordId: resourceId, baseVersion: null, payload: { id: crypto.randomUUID() } });

let registered = false;
export function registerSharingBankSenders(): void {
  resources.registerSenders();
  groups.registerSenders();
  if (registered) return;
  registered = true;
  const path = (id: string, what: string) => `sharing-bank/resources/${encodeURIComponent(id)}/${what}`;
  registerSender(
    READ_WRITE,
    async (item, ctx) => {
      const payload = ctx.payload as ReadingPayload;
      return { result: await sendWrite<Resource>('post', path(item.recordId, payload.acknowledged ? 'acknowledge' : 'open'), { version: payload.version }, ctx.idempotencyKey) };
    },
    { onConflict: 'fail' },
  );
  registerSender(PUBLISH_WRITE, async (item, ctx) => ({ result: await sendWrite<Resource>('post', path(item.recordId, 'publish'), { baseVersion: item.baseVersion ?? 1 }, ctx.idempotencyKey) }), {
    onConflict: 'fail',
  });
  registerSender(REMIND_WRITE, async (item, ctx) => ({ result: await sendWrite<RemindAnswer>('post', path(item.recordId, 'remind'), undefined, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(
    IMPORT_WRITE,
    async (item, ctx) => ({ result: await sendWrite<ImportAnswer>('post', `sharing-bank/shared-templates/${encodeURIComponent(item.recordId)}/import`, ctx.payload, ctx.idempotencyKey) }),
    { onConflict: 'fail' },
  );
}

const kept = { staleTime: 30_000, meta: { offline: true } } as const;

export const boardQueryOptions = (resourceId: string) =>
  queryOptions({ queryKey: [SHARING_MODULE, 'board', resourceId] as const, queryFn: ({ signal }) => apiGet<Board>(`sharing-bank/resources/${encodeURIComponent(resourceId)}/board`, { signal }), ...kept });
export const membersQueryOptions = () => queryOptions({ queryKey: [SHARING_MODULE, 'members'] as const, queryFn: ({ signal }) => apiGet<Member[]>('sharing-bank/members', { signal }), ...kept });
export const sharedTemplatesQueryOptions = () =>
  queryOptions({ queryKey: [SHARING_MODULE, 'shared-templates'] as const, queryFn: ({ signal }) => apiGet<SharedTemplate[]>('sharing-bank/shared-templates', { signal }), ...kept });

/** The district's templates a manager may publish (read from their modules' APIs). */
export const sourceTemplatesQueryOptions = (kind: 'questionnaireTemplate' | 'declarationType') =>
  queryOptions({
    queryKey: [SHARING_MODULE, 'sources', kind] as const,
    queryFn: async ({ signal }) => {
      const rows = await apiGet<{ id: string; name: string }[]>(kind === 'questionnaireTemplate' ? 'questionnaires/templates' : 'declarations/templates', { signal });
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },
    staleTime: 60_000,
  });
