/**
 * Every query of the Sharing bank (sharing_groups, sharing_resources, sharing_readings,
 * sharing_reminders, sharing_imports), scoped to the session's district. Groups and resources
 * are kinds of the record core (_platform/record-kind.ts); what is the module's own is here:
 * - who a resource asks: its audience, the district's members holding the read right, all of
 *   them or those of its groups (a member outside them does not see it: 404, like another
 *   district's);
 * - each member's reading per version (first opened, acknowledged): a new version asks again;
 * - the acknowledgement board and the reminders, each kind once per version;
 * - a template resource keeps a copy of its template's definition (JSON) at each version and is
 *   seen by the client's other districts, which import it as a copy through the owning
 *   module's repository (idempotent by the copy's id, the importer's device's).
 */
import { can } from '../../../../common/rights.js';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access.js';
import {
  isTemplateKind,
  LIBRARY_MAX,
  type Board,
  type BoardRow,
  type Group,
  type GroupFields,
  type ImportAnswer,
  type Member,
  type Reminder,
  type Resource,
  type ResourceFields,
  type ResourceKind,
  type ResourceRow,
  type SharedTemplate,
} from '../../../../common/modules/sharingBank/schemas.js';
import { listRecordAttachments } from '../../attachments/index.js';
import { ApiError } from '../../lib/errors.js';
import { RecordStore, trimmedName, type RecordKind } from '../_platform/record-kind.js';
import { actorNames, deletedRecord, districtMembers, recordMetaOf, requireEditable, writeVersion, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { DeclarationsRepository, TEMPLATES_HISTORY as DECLARATION_TEMPLATES } from '../declarations/repository.js';
import { QuestionnairesRepository, TEMPLATES_HISTORY as QUESTIONNAIRE_TEMPLATES } from '../questionnaires/repository.js';
import { isUuid } from '../../../../common/uuid.js';

/** The history's, the attachments' and the socket's module names of the kinds. */
export const SHARING_MODULES = { groups: 'sharing_groups', resources: 'sharing_resources' } as const;
/** The attachments' module name of the resources' files. */
export const SHARING_FILES = 'sharingBank';

export const RESOURCE_NOT_FOUND = 'sharingBank.not_found';
export const GROUP_NOT_FOUND = 'sharingBank.group_not_found';
export const MEMBER_NOT_FOUND = 'sharingBank.member_not_found';
export const TEMPLATE_NOT_FOUND = 'sharingBank.template_not_found';
export const SOURCE_REQUIRED = 'sharingBank.source_required';
export const SOURCE_NOT_TEMPLATE = 'sharingBank.source_not_template';
export const GROUPS_REQUIRED = 'sharingBank.groups_required';
export const MANAGERS_ONLY = 'sharingBank.managers_only';
export const FUTURE_VERSION = 'sharingBank.unknown_version';
export const ALREADY_REMINDED = 'sharingBank.already_reminded';
export const GROUP_IN_USE = 'sharingBank.group_in_use';
export const IMPORT_FORBIDDEN = 'sharingBank.import_forbidden';
export const OWN_TEMPLATE = 'sharingBank.own_template';
export const IMPORT_ID_TAKEN = 'sharingBank.import_id_taken';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

interface GroupRow extends RecordMetaRow {
  name: string;
  member_ids: string[];
  resource_count: number;
}

interface ResourceDbRow extends RecordMetaRow {
  title: string;
  kind: ResourceKind;
  description: string;
  tags: string[];
  audience: 'district' | 'groups';
  group_ids: string[];
  remind_after_days: number | null;
  source_id: string | null;
  scope: 'district' | 'client';
  template: unknown;
  current_version: number;
  published_at: Date;
  file_count: number;
  my_opened_at: Date | null;
  my_acknowledged_at: Date | null;
}

const resourceFields = (row: ResourceDbRow): ResourceFields => ({
  title: row.title,
  kind: row.kind,
  description: row.description,
  tags: row.tags,
  audience: row.audience,
  groupIds: row.group_ids,
  remindAfterDays: row.remind_after_days,
  sourceId: row.source_id,
});

/**
 * Whether a reader (the SQL `account`) sees a resource (its columns prefixed by `row`): one
 * published to the district, or to a group they are in. The same rule for the records and
 * their files (module.ts, the attachment rule).
 */
export const readerSees = (row: string, account: string): string =>
  `${row}audience = 'district' or exists (select 1 from sharing_groups g where g.id = any(${row}group_ids) and g.deleted_at is null and ${account} = any(g.member_ids))`;

/** The members of a district who hold the read right, and the live groups' members: who a resource asks. */
export interface AudienceBook {
  readers: string[];
  groups: Map<string, string[]>;
}

export async function audienceBook(db: RecordScope['db'], districtId: string): Promise<AudienceBook> {
  const { rows: members } = await db.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1', [districtId]);
  const { rows: groups } = await db.query<{ id: string; member_ids: string[] }>('select id, member_ids from sharing_groups where district_id = $1 and deleted_at is null', [districtId]);
  return { readers: members.filter((m) => can(m.rights, 'sharingBank', 'read')).map((m) => m.account_id), groups: new Map(groups.map((g) => [g.id, g.member_ids])) };
}

/** The accounts a resource asks to read it (district members with the read right, within its groups if it has an audience of groups; nobody for a template). */
export function audienceOf(book: AudienceBook, resource: { kind: ResourceKind; audience: string; group_ids: string[] }): string[] {
  // A template is offered to import, not asked to be read.
  if (isTemplateKind(resource.kind)) return [];
  if (resource.audience === 'district') return book.readers;
  const wanted = new Set(resource.group_ids.flatMap((id) => book.groups.get(id) ?? []));
  return book.readers.filter((id) => wanted.has(id));
}

/** A template's definition as a resource keeps it (people of its district left out: a declaration type's notified members). */
export async function templateCopy(db: RecordScope['db'], districtId: string, kind: ResourceKind, sourceId: string): Promise<unknown> {
  if (kind === 'questionnaireTemplate') {
    const { rows } = await db.query<{ family: string; name: string; description: string; sections: unknown; pass_mark: string | null }>(
      'select family, name, description, sections, pass_mark from questionnaire_templates where id = $1 and district_id = $2 and deleted_at is null',
      [sourceId, districtId],
    );
    const row = rows[0];
    if (!row) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return { family: row.family, name: row.name, description: row.description, sections: row.sections, passMark: row.pass_mark === null ? null : Number(row.pass_mark) };
  }
  const { rows } = await db.query<{ name: string; icon: string; default_severity: string; fields: unknown }>(
    'select name, icon, default_severity, fields from declaration_templates where id = $1 and district_id = $2 and deleted_at is null',
    [sourceId, districtId],
  );
  const row = rows[0];
  if (!row) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
  return { name: row.name, icon: row.icon, defaultSeverity: row.default_severity, fields: row.fields };
}

export class SharingBankRepository {
  readonly store: RecordStore;
  private readonly actorId: string;

  constructor(
    readonly scope: RecordScope,
    /** The caller's rights in the district (sharing-bank.admin manages; an import asks the target module's). */
    private readonly rights: readonly string[],
  ) {
    this.store = new RecordStore(scope);
    if (!isUuid(scope.actor.id)) throw ApiError.forbidden(MANAGERS_ONLY);
    this.actorId = scope.actor.id.toLowerCase();
  }

  get manage(): boolean {
    return can(this.rights, 'sharingBank', 'manage');
  }

  private deleted = (deleted: 'true' | 'false' | undefined) => RecordStore.deletedFilter(deleted, this.manage, MANAGERS_ONLY);

  // ================================================================ groups

  readonly groups: RecordKind<GroupRow, GroupFields, Group> = {
    module: SHARING_MODULES.groups,
    table: 'sharing_groups',
    notFound: GROUP_NOT_FOUND,
    select: `select t.*, (select count(*)::int from sharing_resources r where t.id = any(r.group_ids) and r.deleted_at is null) as resource_count from sharing_groups t`,
    defaults: { memberIds: [] },
    historyFields: ['name', 'memberIds'],
    fieldsOf: (row) => ({ name: row.name, memberIds: row.member_ids }),
    columns: (f) => ({ name: f.name, member_ids: f.memberIds }),
    actors: (row) => row.member_ids,
    toRecord: (row, names) => ({
      ...recordMetaOf(row, names),
      name: row.name,
      memberIds: row.member_ids,
      memberNames: row.member_ids.map((id) => ({ id, name: names.get(id) ?? '' })),
    }),
    clean: (f) => ({ ...trimmedName(f), memberIds: [...new Set(f.memberIds.map((id) => id.toLowerCase()))] }),
    check: async (f, before) => {
      const added = f.memberIds.filter((id) => !before?.memberIds.includes(id));
      if (added.length === 0) return;
      const { rows } = await this.scope.db.query('select account_id from memberships where district_id = $1 and account_id = any($2::uuid[])', [this.scope.districtId, added]);
      if (rows.length !== added.length) throw ApiError.badRequest(MEMBER_NOT_FOUND, 'memberIds');
    },
    inUse: (row) => (row.resource_count > 0 ? GROUP_IN_USE : null),
  };

  listGroups(deleted?: 'true' | 'false'): Promise<Group[]> {
    return this.store.all(this.groups, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }

  /** The district's members (the groups' and the board's people), by name. */
  async members(): Promise<Member[]> {
    return districtMembers(this.scope);
  }

  // ================================================================ resources

  /** A reader sees the resources asked of the district, or of a group it is in; a manager all of them. */
  private get visible(): string {
    return this.manage
      ? 'sharing_resources'
      : `(select * from sharing_resources x where ${readerSees('x.', `'${this.actorId}'::uuid`)})`;
  }

  private get resourceSelect(): string {
    return `select t.*,
        (select count(*)::int from attachments a where a.module = '${SHARING_FILES}' and a.record_id = t.id and a.state = 'complete' and a.deleted_at is null) as file_count,
        (select r.opened_at from sharing_readings r where r.resource_id = t.id and r.resource_version = t.current_version and r.account_id = '${this.actorId}'::uuid) as my_opened_at,
        (select r.acknowledged_at from sharing_readings r where r.resource_id = t.id and r.resource_version = t.current_version and r.account_id = '${this.actorId}'::uuid) as my_acknowledged_at
      from ${this.visible} t`;
  }

  /** Counts and the caller's place in the audience, for rows read together (one book for all). */
  private async states(rows: ResourceDbRow[]): Promise<Map<string, { asked: boolean; audienceCount: number | null; acknowledged: number | null }>> {
    const book = await audienceBook(this.scope.db, this.scope.districtId);
    const acknowledgedBy = new Map<string, Set<string>>();
    if (this.manage && rows.length > 0) {
      const { rows: readings } = await this.scope.db.query<{ resource_id: string; account_id: string }>(
        `select r.resource_id, r.account_id from sharing_readings r join sharing_resources t on t.id = r.resource_id and r.resource_version = t.current_version
          where t.district_id = $1 and r.resource_id = any($2::uuid[]) and r.acknowledged_at is not null`,
        [this.scope.districtId, rows.map((r) => r.id)],
      );
      for (const r of readings) acknowledgedBy.set(r.resource_id, (acknowledgedBy.get(r.resource_id) ?? new Set()).add(r.account_id));
    }
    return new Map(
      rows.map((row) => {
        const audience = audienceOf(book, row);
        const done = acknowledgedBy.get(row.id) ?? new Set<string>();
        return [
          row.id,
          {
            asked: audience.includes(this.actorId),
            audienceCount: this.manage && !isTemplateKind(row.kind) ? audience.length : null,
            acknowledged: this.manage && !isTemplateKind(row.kind) ? audience.filter((id) => done.has(id)).length : null,
          },
        ];
      }),
    );
  }

  private stateOf(row: ResourceDbRow, state: { asked: boolean; audienceCount: number | null; acknowledged: number | null }) {
    return {
      currentVersion: row.current_version,
      publishedAt: iso(row.published_at),
      scope: row.scope,
      mine: { version: row.current_version, openedAt: isoOrNull(row.my_opened_at), acknowledgedAt: isoOrNull(row.my_acknowledged_at), asked: state.asked },
      acknowledged: state.acknowledged,
      audienceCount: state.audienceCount,
      fileCount: row.file_count,
    };
  }

  get resources(): RecordKind<ResourceDbRow, ResourceFields, Resource> {
    return {
      module: SHARING_MODULES.resources,
      table: 'sharing_resources',
      notFound: RESOURCE_NOT_FOUND,
      select: this.resourceSelect,
      defaults: { description: '', tags: [], audience: 'district', groupIds: [], remindAfterDays: null, sourceId: null },
      historyFields: ['title', 'kind', 'description', 'tags', 'audience', 'groupIds', 'remindAfterDays', 'sourceId'],
      fieldsOf: resourceFields,
      columns: (f) => ({
        title: f.title,
        kind: f.kind,
        description: f.description,
        tags: f.tags,
        audience: f.audience,
        group_ids: f.audience === 'groups' ? f.groupIds : [],
        remind_after_days: f.remindAfterDays,
        source_id: f.sourceId,
        scope: isTemplateKind(f.kind) ? 'client' : 'district',
      }),
      toRecord: (row, names) => ({
        ...recordMetaOf(row, names),
        ...resourceFields(row),
        ...this.stateOf(row, { asked: false, audienceCount: null, acknowledged: null }),
        template: row.template ?? null,
        files: [],
      }),
      readOne: async (row, names) => {
        const state = (await this.states([row])).get(row.id)!;
        return {
          ...recordMetaOf(row, names),
          ...resourceFields(row),
          ...this.stateOf(row, state),
          template: row.template ?? null,
          files: await listRecordAttachments(this.scope.db, this.scope.districtId, SHARING_FILES, row.id),
        };
      },
      clean: (f) => ({
        ...f,
        title: f.title.trim(),
        description: f.description.trim(),
        tags: [...new Set(f.tags.map((t) => t.trim()).filter((t) => t !== ''))],
        groupIds: f.audience === 'groups' ? [...new Set(f.groupIds.map((id) => id.toLowerCase()))] : [],
      }),
      check: async (f, before, _id, restoring) => {
        if (isTemplateKind(f.kind)) {
          if (!f.sourceId) throw ApiError.badRequest(SOURCE_REQUIRED, 'sourceId');
          if (!before && !restoring) await templateCopy(this.scope.db, this.scope.districtId, f.kind, f.sourceId);
        } else if (f.sourceId) throw ApiError.badRequest(SOURCE_NOT_TEMPLATE, 'sourceId');
        if (f.audience === 'groups') {
          if (f.groupIds.length === 0) throw ApiError.badRequest(GROUPS_REQUIRED, 'groupIds');
          const { rows } = await this.scope.db.query('select id from sharing_groups where district_id = $1 and id = any($2::uuid[]) and deleted_at is null', [this.scope.districtId, f.groupIds]);
          if (rows.length !== f.groupIds.length) throw ApiError.notFound(GROUP_NOT_FOUND);
        }
      },
      // A template's definition copied at creation (a new version copies it again).
      written: async (id, version, f) => {
        if (version !== 1 || !isTemplateKind(f.kind) || !f.sourceId) return;
        const copy = await templateCopy(this.scope.db, this.scope.districtId, f.kind, f.sourceId);
        await this.scope.db.query('update sharing_resources set template = $2 where id = $1', [id, JSON.stringify(copy)]);
      },
      attachments: SHARING_FILES,
    };
  }

  /** The library: every resource the caller sees, by title (a district's library is small: the device filters it). */
  async library(deleted?: 'true' | 'false'): Promise<ResourceRow[]> {
    const { rows } = await this.scope.db.query<ResourceDbRow>(
      `${this.resourceSelect} where t.district_id = $1 and ${this.deleted(deleted)} order by vigie_fold(t.title), t.id limit ${LIBRARY_MAX}`,
      [this.scope.districtId],
    );
    const states = await this.states(rows);
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      title: row.title,
      kind: row.kind,
      description: row.description,
      tags: row.tags,
      audience: row.audience,
      groupIds: row.group_ids,
      updatedAt: iso(row.updated_at),
      deletedAt: isoOrNull(row.deleted_at),
      ...this.stateOf(row, states.get(row.id)!),
    }));
  }

  /** A resource the caller sees, live (404 otherwise), locked when asked. */
  private async live(id: string, lock = false): Promise<ResourceDbRow> {
    const { rows } = await this.scope.db.query<ResourceDbRow>(
      `select t.* from ${this.visible} t where t.id = $1 and t.district_id = $2 and t.deleted_at is null${lock && this.manage ? ' for update of t' : ''}`,
      [id, this.scope.districtId],
    );
    if (!rows[0]) throw ApiError.notFound(RESOURCE_NOT_FOUND);
    return rows[0];
  }

  /** The caller opened (`acknowledged`: read and acknowledged) version `version`: the first time is kept. */
  async read(id: string, version: number, acknowledged: boolean): Promise<Resource> {
    const row = await this.live(id);
    if (version > row.current_version) throw ApiError.badRequest(FUTURE_VERSION, 'version');
    await this.scope.db.query(
      `insert into sharing_readings (resource_id, account_id, resource_version, district_id, opened_at, acknowledged_at)
       values ($1, $2, $3, $4, now(), ${acknowledged ? 'now()' : 'null'})
       on conflict (resource_id, account_id, resource_version) do update
         set opened_at = coalesce(sharing_readings.opened_at, excluded.opened_at),
             acknowledged_at = coalesce(sharing_readings.acknowledged_at, excluded.acknowledged_at)`,
      [id, this.actorId, version, this.scope.districtId],
    );
    return this.store.get(this.resources, id);
  }

  /** A new version: published now, asked again of everyone (a template copied again from its source, if it still exists). */
  async newVersion(id: string, baseVersion: number): Promise<Resource> {
    const kind = this.resources;
    const row = await this.live(id, true).catch(async (error: unknown) => {
      // A deleted resource is answered as the core answers an edit of one.
      const { rows } = await this.scope.db.query('select 1 from sharing_resources where id = $1 and district_id = $2 and deleted_at is not null', [id, this.scope.districtId]);
      if (rows.length > 0) throw deletedRecord(await this.store.get(kind, id));
      throw error;
    });
    await requireEditable(row, baseVersion, () => this.store.get(kind, id));
    let template: string | null = null;
    if (isTemplateKind(row.kind) && row.source_id) {
      // Copied again from its source; kept as it was if the source is gone.
      template = JSON.stringify(await templateCopy(this.scope.db, this.scope.districtId, row.kind, row.source_id).catch(() => row.template));
    }
    await writeVersion(this.scope, { table: 'sharing_resources', module: SHARING_MODULES.resources, id, version: row.version }, [{ field: 'currentVersion', before: row.current_version, after: row.current_version + 1 }], {
      set: 'current_version = current_version + 1, published_at = now(), template = coalesce($4::jsonb, template)',
      values: [template],
    });
    return this.store.get(kind, id);
  }

  /** Who read and acknowledged the current version among those it asks, and the reminders sent. */
  async board(id: string): Promise<Board> {
    const row = await this.live(id);
    const audience = audienceOf(await audienceBook(this.scope.db, this.scope.districtId), row);
    const { rows: readings } = await this.scope.db.query<{ account_id: string; resource_version: number; opened_at: Date | null; acknowledged_at: Date | null }>(
      'select account_id, resource_version, opened_at, acknowledged_at from sharing_readings where resource_id = $1 order by resource_version',
      [id],
    );
    const names = await actorNames(this.scope.control, audience);
    const rows: BoardRow[] = audience.map((accountId) => {
      const mine = readings.filter((r) => r.account_id === accountId);
      const current = mine.find((r) => r.resource_version === row.current_version);
      const last = mine.filter((r) => r.acknowledged_at !== null && r.resource_version < row.current_version).at(-1);
      return {
        accountId,
        name: names.get(accountId) ?? '',
        openedAt: isoOrNull(current?.opened_at ?? null),
        acknowledgedAt: isoOrNull(current?.acknowledged_at ?? null),
        lastAcknowledgedVersion: current?.acknowledged_at ? null : (last?.resource_version ?? null),
      };
    });
    // Those still to acknowledge first, then by name.
    rows.sort((a, b) => Number(a.acknowledgedAt !== null) - Number(b.acknowledgedAt !== null) || a.name.localeCompare(b.name));
    return { resourceId: id, title: row.title, currentVersion: row.current_version, publishedAt: iso(row.published_at), rows, reminders: await this.reminders(id, row.current_version) };
  }

  async reminders(id: string, version: number): Promise<Reminder[]> {
    const { rows } = await this.scope.db.query<{ kind: Reminder['kind']; sent_at: Date; recipients: number }>(
      'select kind, sent_at, recipients from sharing_reminders where resource_id = $1 and resource_version = $2 order by sent_at',
      [id, version],
    );
    return rows.map((r) => ({ kind: r.kind, sentAt: iso(r.sent_at), count: r.recipients }));
  }

  /** The resource as the reminders read it (locked: a manual and a scheduled reminder at once wait for each other). */
  async resourceForReminder(id: string): Promise<ResourceDbRow> {
    return this.live(id, true);
  }

  // ================================================================ shared templates

  /** The templates the client's other districts share, with the copy already made here. */
  async sharedTemplates(): Promise<SharedTemplate[]> {
    const { rows } = await this.scope.db.query<{
      id: string;
      title: string;
      kind: ResourceKind;
      description: string;
      tags: string[];
      current_version: number;
      published_at: Date;
      district_id: string;
      district_name: string;
      imported_as: string | null;
    }>(
      `select t.id, t.title, t.kind, t.description, t.tags, t.current_version, t.published_at, t.district_id, d.name as district_name,
              (select i.target_id from sharing_imports i where i.resource_id = t.id and i.district_id = $1) as imported_as
         from sharing_resources t join districts d on d.id = t.district_id
        where t.scope = 'client' and t.deleted_at is null and t.template is not null and t.district_id <> $1
        order by vigie_fold(t.title), t.id limit ${LIBRARY_MAX}`,
      [this.scope.districtId],
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      kind: r.kind,
      description: r.description,
      tags: r.tags,
      currentVersion: r.current_version,
      publishedAt: iso(r.published_at),
      districtId: r.district_id,
      districtName: r.district_name,
      importedAs: r.imported_as,
      canImport: this.canImport(r.kind, r.kind === 'questionnaireTemplate' ? null : undefined),
    }));
  }

  /** Whether the caller builds the target module's templates (a questionnaire family's, when known). */
  private canImport(kind: ResourceKind, family?: string | null): boolean {
    if (kind === 'declarationType') return can(this.rights, 'declarations', 'manage');
    const build = questionnairePowers(this.rights).buildTemplates as readonly string[];
    return family ? build.includes(family) : build.length > 0;
  }

  /**
   * A shared template copied into the caller's district as `targetId` (the device's id) through
   * the owning module's repository. Idempotent: a second import (a replay, another device) answers
   * the copy already made.
   */
  async importTemplate(resourceId: string, targetId: string): Promise<{ answer: ImportAnswer; module: string | null }> {
    const { rows } = await this.scope.db.query<{ id: string; district_id: string; kind: ResourceKind; title: string; template: Record<string, unknown> | null }>(
      `select id, district_id, kind, title, template from sharing_resources where id = $1 and scope = 'client' and deleted_at is null and template is not null`,
      [resourceId],
    );
    const resource = rows[0];
    if (!resource || !isTemplateKind(resource.kind)) throw ApiError.notFound(RESOURCE_NOT_FOUND);
    if (resource.district_id === this.scope.districtId) throw ApiError.badRequest(OWN_TEMPLATE);
    const template = resource.template!;
    if (!this.canImport(resource.kind, resource.kind === 'questionnaireTemplate' ? String(template.family) : undefined)) throw ApiError.forbidden(IMPORT_FORBIDDEN);
    // Serialises two imports of one resource into one district.
    await this.scope.db.query('select pg_advisory_xact_lock(hashtext($1))', [`sharing-import:${resourceId}:${this.scope.districtId}`]);
    const { rows: done } = await this.scope.db.query<{ target_id: string }>('select target_id from sharing_imports where resource_id = $1 and district_id = $2', [resourceId, this.scope.districtId]);
    const name = typeof template.name === 'string' ? template.name : resource.title;
    if (done[0]) return { answer: { resourceId, kind: resource.kind, templateId: done[0].target_id, name, created: false }, module: null };
    const table = resource.kind === 'questionnaireTemplate' ? 'questionnaire_templates' : 'declaration_templates';
    const { rows: taken } = await this.scope.db.query(`select 1 from ${table} where id = $1`, [targetId]);
    if (taken.length > 0) throw new ApiError(409, { message: IMPORT_ID_TAKEN });
    if (resource.kind === 'questionnaireTemplate') {
      const repo = new QuestionnairesRepository(this.scope, questionnairePowers(this.rights));
      await repo.createTemplate({
        id: targetId,
        family: template.family as never,
        name,
        description: typeof template.description === 'string' ? template.description : '',
        sections: template.sections as never,
        passMark: (template.passMark ?? null) as number | null,
      });
    } else {
      const repo = new DeclarationsRepository({ ...this.scope, dbName: '' });
      await repo.createTemplate({ id: targetId, name, icon: template.icon as never, defaultSeverity: template.defaultSeverity as never, fields: template.fields as never, notify: [] });
    }
    await this.scope.db.query('insert into sharing_imports (resource_id, district_id, target_id, imported_by) values ($1, $2, $3, $4)', [
      resourceId,
      this.scope.districtId,
      targetId,
      this.actorId,
    ]);
    return {
      answer: { resourceId, kind: resource.kind, templateId: targetId, name, created: true },
      module: resource.kind === 'questionnaireTemplate' ? QUESTIONNAIRE_TEMPLATES : DECLARATION_TEMPLATES,
    };
  }
}
