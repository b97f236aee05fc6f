/**
 * Every query of the companies part, scoped to the session's district. Companies, workers and
 * interventions are record kinds of the platform's core (_platform/record-kind.ts); what is the
 * part's own is here: a worker's qualifications read as valid / expiring / expired on the
 * district's day, an intervention's assigned workers checked and their qualifications expired on
 * its days reported, the prevention plan's signatures (one record each, the version read by the
 * signer) and its new version when its sections change after a signature, and the sites'
 * sign-in register (idempotent by the client's id, one open presence per worker and site, a
 * sign-out never lost).
 */
import {
  INTERVENTION_STATES,
  PLAN_SECTION_KEYS,
  qualificationState,
  SIGNATURES_MODULE,
  type Company,
  type CompanyFields,
  type Intervention,
  type InterventionFields,
  type PlanSection,
  type PlanSignature,
  type PlanState,
  type Presence,
  type Qualification,
  type QualificationWarning,
  type SignatureBody,
  type SignInBody,
  type SignOutBody,
  type Worker,
  type WorkerFields,
} from '../../../../../common/modules/thirdParty/companies.js';
import { requireRecordAttachments } from '../../../attachments/index.js';
import { ApiError } from '../../../lib/errors.js';
import { districtToday } from '../../_platform/dates.js';
import { RecordStore, type RecordKind } from '../../_platform/record-kind.js';
import { recordMetaOf, writeHistory, type RecordMetaRow, type RecordScope } from '../../_platform/records.js';
import { isUuid } from '../../../../../common/uuid.js';

/** The history's and the socket's module names of the kinds. */
export const COMPANIES_MODULES = { companies: 'tp_companies', workers: 'tp_workers', interventions: 'tp_interventions', presence: 'tp_presence' } as const;

const K = 'thirdParty.companies';
export const KEYS = {
  companyNotFound: `${K}.company_not_found`,
  workerNotFound: `${K}.worker_not_found`,
  interventionNotFound: `${K}.intervention_not_found`,
  presenceNotFound: `${K}.presence_not_found`,
  siteNotFound: `${K}.site_not_found`,
  companyInUse: `${K}.company_in_use`,
  workerOfAnotherCompany: `${K}.worker_of_another_company`,
  dates: `${K}.dates`,
  managersOnly: `${K}.managers_only`,
  alreadyOnSite: `${K}.already_on_site`,
  whoIsIt: `${K}.who_is_it`,
  planChanged: `${K}.plan_changed`,
  alreadySigned: `${K}.already_signed`,
  signOutBeforeSignIn: `${K}.sign_out_before_sign_in`,
  notThisPresence: `${K}.not_this_presence`,
} as const;

interface CompanyRow extends RecordMetaRow {
  name: string;
  siret: string;
  address: string;
  contact_name: string;
  email: string;
  phone: string;
  activity: string;
  worker_count: number;
}

interface WorkerRow extends RecordMetaRow {
  company_id: string;
  name: string;
  role: string;
  phone: string;
  qualifications: Qualification[];
  company_name: string | null;
}

export interface InterventionRow extends RecordMetaRow {
  company_id: string;
  site_id: string;
  name: string;
  starts_on: string;
  ends_on: string;
  worker_ids: string[];
  state: InterventionFields['state'];
  plan_sections: PlanSection[];
  plan_version: number;
  company_name: string | null;
  company_email: string | null;
  site_name: string | null;
  workers: { id: string; name: string; qualifications: Qualification[] }[] | null;
  signatures: (Omit<PlanSignature, 'signedAt'> & { signedAt: string })[] | null;
}

interface PresenceRow {
  id: string;
  site_id: string;
  site_name: string | null;
  worker_id: string | null;
  worker_name: string | null;
  visitor_name: string;
  company_id: string | null;
  company_name: string | null;
  signed_in_at: Date;
  signed_out_at: Date | null;
}

/** A new plan's sections: the template's, empty (their titles are translated by key). */
export const templateSections = (): PlanSection[] => PLAN_SECTION_KEYS.map((key) => ({ key, title: '', body: '' }));

const companyFields = (row: CompanyRow): CompanyFields => ({
  name: row.name,
  siret: row.siret,
  address: row.address,
  contactName: row.contact_name,
  email: row.email,
  phone: row.phone,
  activity: row.activity,
});

const workerFields = (row: WorkerRow): WorkerFields => ({ companyId: row.company_id, name: row.name, role: row.role, phone: row.phone, qualifications: row.qualifications });

const interventionFields = (row: InterventionRow): InterventionFields => ({
  companyId: row.company_id,
  siteId: row.site_id,
  title: row.name,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  workerIds: row.worker_ids,
  state: row.state,
  planSections: row.plan_sections,
});

/** The qualifications of the assigned workers that expire before the intervention's last day. */
export function qualificationWarnings(row: Pick<InterventionRow, 'ends_on' | 'workers'>): QualificationWarning[] {
  return (row.workers ?? []).flatMap((w) =>
    w.qualifications.filter((q) => q.expiresOn !== null && q.expiresOn < row.ends_on).map((q) => ({ workerId: w.id, workerName: w.name, qualification: q.name, expiresOn: q.expiresOn! })),
  );
}

export function planStateOf(signatures: readonly { role: string }[]): PlanState {
  const roles = new Set(signatures.map((s) => s.role));
  return roles.size === 0 ? 'toSign' : roles.size === 1 ? 'partlySigned' : 'signed';
}

const INTERVENTION_SELECT = `select t.*, t.starts_on::text as starts_on, t.ends_on::text as ends_on,
  c.name as company_name, c.email as company_email, s.name as site_name,
  (select json_agg(json_build_object('id', w.id, 'name', w.name, 'qualifications', w.qualifications) order by vigie_fold(w.name))
     from tp_workers w where w.id = any(t.worker_ids)) as workers,
  (select json_agg(json_build_object('id', g.id, 'role', g.role, 'name', g.name, 'attachmentId', g.attachment_id, 'signedAt', g.signed_at, 'planVersion', g.plan_version)
     order by g.plan_version desc, g.signed_at) from tp_plan_signatures g where g.intervention_id = t.id) as signatures
  from tp_interventions t left join tp_companies c on c.id = t.company_id left join sites s on s.id = t.site_id`;

const PRESENCE_SELECT = `select p.id, p.site_id, s.name as site_name, p.worker_id, w.name as worker_name, p.visitor_name, w.company_id, c.name as company_name,
  p.signed_in_at, p.signed_out_at
  from tp_presence p left join sites s on s.id = p.site_id left join tp_workers w on w.id = p.worker_id left join tp_companies c on c.id = w.company_id`;

const presenceOf = (row: PresenceRow): Presence => ({
  id: row.id,
  siteId: row.site_id,
  siteName: row.site_name ?? '',
  workerId: row.worker_id,
  name: row.worker_name ?? row.visitor_name,
  visitorName: row.visitor_name,
  companyId: row.company_id,
  companyName: row.company_name ?? '',
  signedInAt: new Date(row.signed_in_at).toISOString(),
  signedOutAt: row.signed_out_at === null ? null : new Date(row.signed_out_at).toISOString(),
});

/** A filter's id, checked before it is written in a list's condition (400 otherwise). */
function uuid(value: string): string {
  if (!isUuid(value)) throw ApiError.badRequest('validation.invalid_filter');
  return value.toLowerCase();
}

export class CompaniesRepository {
  readonly store: RecordStore;

  constructor(
    readonly scope: RecordScope,
    private readonly manage: boolean,
  ) {
    this.store = new RecordStore(scope);
  }

  private deleted = (deleted: 'true' | 'false' | undefined) => RecordStore.deletedFilter(deleted, this.manage, KEYS.managersOnly);

  private async exists(table: string, id: string, notFound: string): Promise<void> {
    const { rows } = await this.scope.db.query(`select 1 from ${table} where id = $1 and district_id = $2 and deleted_at is null`, [id, this.scope.districtId]);
    if (rows.length === 0) throw ApiError.notFound(notFound);
  }

  readonly companies: RecordKind<CompanyRow, CompanyFields, Company> = {
    module: COMPANIES_MODULES.companies,
    table: 'tp_companies',
    notFound: KEYS.companyNotFound,
    select: `select t.*, (select count(*)::int from tp_workers w where w.company_id = t.id and w.deleted_at is null) as worker_count from tp_companies t`,
    defaults: { siret: '', address: '', contactName: '', email: '', phone: '', activity: '' },
    historyFields: ['name', 'siret', 'address', 'contactName', 'email', 'phone', 'activity'],
    fieldsOf: companyFields,
    columns: (f) => ({ name: f.name, siret: f.siret, address: f.address, contact_name: f.contactName, email: f.email, phone: f.phone, activity: f.activity }),
    toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...companyFields(row), workerCount: row.worker_count }),
    clean: (f) => ({ ...f, name: f.name.trim(), contactName: f.contactName.trim(), email: f.email.trim(), phone: f.phone.trim(), activity: f.activity.trim(), address: f.address.trim() }),
    inUse: (row) => (row.worker_count > 0 ? KEYS.companyInUse : null),
  };

  readonly workers: RecordKind<WorkerRow, WorkerFields, Worker> = {
    module: COMPANIES_MODULES.workers,
    table: 'tp_workers',
    notFound: KEYS.workerNotFound,
    select: `select t.*, (select c.name from tp_companies c where c.id = t.company_id) as company_name from tp_workers t`,
    defaults: { role: '', phone: '', qualifications: [] },
    historyFields: ['companyId', 'name', 'role', 'phone', 'qualifications'],
    fieldsOf: workerFields,
    columns: (f) => ({ company_id: f.companyId, name: f.name, role: f.role, phone: f.phone, qualifications: JSON.stringify(f.qualifications) }),
    toRecord: (row, names) => {
      const today = districtToday();
      return {
        ...recordMetaOf(row, names),
        ...workerFields(row),
        companyName: row.company_name ?? '',
        qualificationStates: row.qualifications.map((q) => qualificationState(q.expiresOn, today)),
      };
    },
    clean: (f) => ({ ...f, name: f.name.trim(), role: f.role.trim(), qualifications: f.qualifications.map((q) => ({ name: q.name.trim(), expiresOn: q.expiresOn })) }),
    check: async (f, before) => {
      if (f.companyId !== before?.companyId) await this.exists('tp_companies', f.companyId, KEYS.companyNotFound);
    },
  };

  readonly interventions: RecordKind<InterventionRow, InterventionFields, Intervention> = {
    module: COMPANIES_MODULES.interventions,
    table: 'tp_interventions',
    notFound: KEYS.interventionNotFound,
    select: INTERVENTION_SELECT,
    defaults: { workerIds: [], state: 'planned', planSections: templateSections() },
    historyFields: ['title', 'companyId', 'siteId', 'startsOn', 'endsOn', 'workerIds', 'state', 'planSections'],
    fieldsOf: interventionFields,
    columns: (f) => ({
      company_id: f.companyId,
      site_id: f.siteId,
      name: f.title,
      starts_on: f.startsOn,
      ends_on: f.endsOn,
      worker_ids: f.workerIds,
      state: f.state,
      plan_sections: JSON.stringify(f.planSections),
    }),
    toRecord: (row, names) => {
      const all = (row.signatures ?? []).map((s) => ({ ...s, signedAt: new Date(s.signedAt).toISOString() }));
      const signatures = all.filter((s) => s.planVersion === row.plan_version);
      return {
        ...recordMetaOf(row, names),
        ...interventionFields(row),
        companyName: row.company_name ?? '',
        companyEmail: row.company_email ?? '',
        siteName: row.site_name ?? '',
        workers: (row.workers ?? []).map((w) => ({ id: w.id, name: w.name })),
        planVersion: row.plan_version,
        planState: planStateOf(signatures),
        signatures,
        previousSignatures: all.filter((s) => s.planVersion !== row.plan_version),
        warnings: qualificationWarnings(row),
      };
    },
    clean: (f) => ({ ...f, title: f.title.trim() }),
    check: async (f, before) => {
      if (f.endsOn < f.startsOn) throw ApiError.badRequest(KEYS.dates, 'endsOn');
      if (f.companyId !== before?.companyId) await this.exists('tp_companies', f.companyId, KEYS.companyNotFound);
      if (f.siteId !== before?.siteId) await this.exists('sites', f.siteId, KEYS.siteNotFound);
      if (f.workerIds.length > 0 && (JSON.stringify(f.workerIds) !== JSON.stringify(before?.workerIds) || f.companyId !== before?.companyId)) {
        const { rows } = await this.scope.db.query<{ company_id: string }>('select company_id from tp_workers where id = any($1::uuid[]) and district_id = $2 and deleted_at is null', [
          f.workerIds,
          this.scope.districtId,
        ]);
        if (rows.length !== f.workerIds.length) throw ApiError.notFound(KEYS.workerNotFound);
        if (rows.some((r) => r.company_id !== f.companyId)) throw ApiError.badRequest(KEYS.workerOfAnotherCompany, 'workerIds');
      }
    },
    // A change of the plan's sections after a signature of its version is a new version: both
    // representatives are asked to sign again (the earlier signatures stay, with what they signed).
    written: async (id) => {
      await this.scope.db.query(
        `update tp_interventions t set plan_version = t.plan_version + 1 where t.id = $1
           and exists (select 1 from tp_plan_signatures g where g.intervention_id = t.id and g.plan_version = t.plan_version and g.sections <> t.plan_sections)`,
        [id],
      );
    },
    filters: { company: { column: 't.company_id', type: 'uuid' }, site: { column: 't.site_id', type: 'uuid' } },
  };

  listCompanies(deleted?: 'true' | 'false'): Promise<Company[]> {
    return this.store.all(this.companies, 'vigie_fold(t.name), t.id', this.deleted(deleted));
  }

  listWorkers(query: { company?: string; deleted?: 'true' | 'false' }): Promise<Worker[]> {
    const company = query.company ? `t.company_id = '${uuid(query.company)}'::uuid and ` : '';
    return this.store.all(this.workers, 'vigie_fold(t.name), t.id', company + this.deleted(query.deleted));
  }

  listInterventions(query: { company?: string; site?: string; deleted?: 'true' | 'false' }): Promise<Intervention[]> {
    const where = [query.company ? `t.company_id = '${uuid(query.company)}'::uuid` : '', query.site ? `t.site_id = '${uuid(query.site)}'::uuid` : '', this.deleted(query.deleted)].filter(Boolean).join(' and ');
    return this.store.all(this.interventions, 't.starts_on desc, vigie_fold(t.name), t.id', where);
  }

  /**
   * A representative signs the version of the plan they read: idempotent by the signature's id
   * (a second post answers the plan), 409 `plan_changed` when the plan moved on since, 409
   * `already_signed` when that role signed this version already (a locked plan).
   */
  async sign(interventionId: string, body: SignatureBody): Promise<Intervention> {
    const { rows } = await this.scope.db.query<{ plan_version: number; plan_sections: PlanSection[]; version: number; deleted_at: Date | null }>(
      'select plan_version, plan_sections, version, deleted_at from tp_interventions where id = $1 and district_id = $2 for update',
      [interventionId, this.scope.districtId],
    );
    const row = rows[0];
    if (!row) throw ApiError.notFound(KEYS.interventionNotFound);
    const { rows: same } = await this.scope.db.query<{ intervention_id: string }>('select intervention_id from tp_plan_signatures where id = $1 and district_id = $2', [
      body.id,
      this.scope.districtId,
    ]);
    if (same[0]) {
      if (same[0].intervention_id !== interventionId) throw new ApiError(409, { message: 'record.exists' });
      return this.store.get(this.interventions, interventionId);
    }
    if (row.deleted_at !== null) throw new ApiError(409, { message: 'record.deleted' });
    if (body.planVersion !== row.plan_version) throw new ApiError(409, { message: KEYS.planChanged });
    await requireRecordAttachments(this.scope.db, { districtId: this.scope.districtId, module: SIGNATURES_MODULE, recordId: body.id }, [body.attachmentId], 'attachmentId');
    const signedAt = body.signedAt ? new Date(body.signedAt) : new Date();
    const { rows: inserted } = await this.scope.db.query(
      `insert into tp_plan_signatures (id, district_id, intervention_id, plan_version, role, name, attachment_id, sections, signed_at, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) on conflict (intervention_id, plan_version, role) do nothing returning id`,
      [body.id, this.scope.districtId, interventionId, row.plan_version, body.role, body.name.trim(), body.attachmentId, JSON.stringify(row.plan_sections), signedAt, this.scope.actor.id],
    );
    if (inserted.length === 0) throw new ApiError(409, { message: KEYS.alreadySigned });
    await this.scope.db.query('update tp_interventions set version = version + 1, updated_at = now(), updated_by = $2 where id = $1', [interventionId, this.scope.actor.id]);
    await writeHistory(this.scope, {
      module: COMPANIES_MODULES.interventions,
      recordId: interventionId,
      version: row.version + 1,
      action: 'update',
      changes: [{ field: body.role === 'district' ? 'districtSignature' : 'companySignature', before: null, after: `${body.name.trim()} (v${row.plan_version})` }],
    });
    return this.store.get(this.interventions, interventionId);
  }

  // ------------------------------------------------------------ presence

  private async presence(id: string): Promise<Presence | null> {
    const { rows } = await this.scope.db.query<PresenceRow>(`${PRESENCE_SELECT} where p.id = $1 and p.district_id = $2`, [id, this.scope.districtId]);
    return rows[0] ? presenceOf(rows[0]) : null;
  }

  private async checkWho(body: { siteId: string; workerId: string | null; visitorName: string }): Promise<void> {
    if (body.workerId === null && body.visitorName.trim() === '') throw ApiError.badRequest(KEYS.whoIsIt, 'visitorName');
    await this.exists('sites', body.siteId, KEYS.siteNotFound);
    if (body.workerId !== null) await this.exists('tp_workers', body.workerId, KEYS.workerNotFound);
  }

  /** Someone open on the site already: the worker, or a visitor of the same name. */
  private async openOnSite(body: { siteId: string; workerId: string | null; visitorName: string }, except: string): Promise<string | null> {
    const { rows } = await this.scope.db.query<{ id: string }>(
      body.workerId !== null
        ? 'select id from tp_presence where district_id = $1 and site_id = $2 and signed_out_at is null and id <> $3 and worker_id = $4 limit 1'
        : 'select id from tp_presence where district_id = $1 and site_id = $2 and signed_out_at is null and id <> $3 and worker_id is null and vigie_fold(visitor_name) = vigie_fold($4) limit 1',
      [this.scope.districtId, body.siteId, except, body.workerId ?? body.visitorName.trim()],
    );
    return rows[0]?.id ?? null;
  }

  /** A sign-in, idempotent by its id; 409 `already_on_site` when the person is on the site already. */
  async signIn(body: SignInBody): Promise<{ created: boolean; presence: Presence }> {
    const existing = await this.presence(body.id);
    if (existing) {
      if (existing.siteId !== body.siteId || existing.workerId !== body.workerId) throw new ApiError(409, { message: 'record.exists' });
      return { created: false, presence: existing };
    }
    await this.checkWho(body);
    if (await this.openOnSite(body, body.id)) throw new ApiError(409, { message: KEYS.alreadyOnSite });
    const { rows } = await this.scope.db.query(
      `insert into tp_presence (id, district_id, site_id, worker_id, visitor_name, signed_in_at, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $7) on conflict do nothing returning id`,
      [body.id, this.scope.districtId, body.siteId, body.workerId, body.workerId === null ? body.visitorName.trim() : '', body.signedInAt ? new Date(body.signedInAt) : new Date(), this.scope.actor.id],
    );
    // Two sign-ins of one worker at once: the partial unique index let one in.
    if (rows.length === 0) throw new ApiError(409, { message: KEYS.alreadyOnSite });
    return { created: true, presence: (await this.presence(body.id))! };
  }

  /**
   * A sign-out: closes the presence (its first sign-out time kept); when its sign-in never
   * arrived, the presence is written closed; any other open presence of the same worker on the
   * site from before is closed with it (the worker left).
   */
  async signOut(id: string, body: SignOutBody): Promise<Presence> {
    const at = body.signedOutAt ? new Date(body.signedOutAt) : new Date();
    const signedInAt = new Date(body.signedInAt);
    if (at < signedInAt) throw ApiError.badRequest(KEYS.signOutBeforeSignIn, 'signedOutAt');
    const existing = await this.presence(id);
    if (existing) {
      if (existing.siteId !== body.siteId || existing.workerId !== body.workerId) throw ApiError.badRequest(KEYS.notThisPresence, 'siteId');
      if (existing.signedOutAt !== null) return existing;
      await this.scope.db.query('update tp_presence set signed_out_at = greatest($3, signed_in_at), version = version + 1, updated_at = now(), updated_by = $4 where id = $1 and district_id = $2', [
        id,
        this.scope.districtId,
        at,
        this.scope.actor.id,
      ]);
    } else {
      await this.checkWho(body);
      await this.scope.db.query(
        `insert into tp_presence (id, district_id, site_id, worker_id, visitor_name, signed_in_at, signed_out_at, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [id, this.scope.districtId, body.siteId, body.workerId, body.workerId === null ? body.visitorName.trim() : '', signedInAt, at, this.scope.actor.id],
      );
    }
    if (body.workerId !== null) {
      await this.scope.db.query(
        `update tp_presence set signed_out_at = $4, version = version + 1, updated_at = now(), updated_by = $5
         where district_id = $1 and site_id = $2 and worker_id = $3 and signed_out_at is null and signed_in_at <= $4`,
        [this.scope.districtId, body.siteId, body.workerId, at, this.scope.actor.id],
      );
    }
    return (await this.presence(id))!;
  }

  /** Who is on the site now (every site without `siteId`), by site then arrival. */
  async current(siteId?: string): Promise<Presence[]> {
    const { rows } = await this.scope.db.query<PresenceRow>(
      `${PRESENCE_SELECT} where p.district_id = $1 and p.signed_out_at is null and p.deleted_at is null${siteId ? ' and p.site_id = $2' : ''}
       order by vigie_fold(coalesce(s.name, '')), p.site_id, p.signed_in_at, p.id`,
      siteId ? [this.scope.districtId, siteId] : [this.scope.districtId],
    );
    return rows.map(presenceOf);
  }

  /** The register's rows from `from` to `to` (district days), newest first, PRESENCE_HISTORY_MAX at most. */
  async history(query: { siteId?: string; from?: string; to?: string }, max: number): Promise<Presence[]> {
    const params: unknown[] = [this.scope.districtId];
    const where = ['p.district_id = $1', 'p.deleted_at is null'];
    if (query.siteId) {
      params.push(query.siteId);
      where.push(`p.site_id = $${params.length}`);
    }
    if (query.from) {
      params.push(query.from);
      where.push(`(p.signed_in_at at time zone 'Europe/Paris')::date >= $${params.length}::date`);
    }
    if (query.to) {
      params.push(query.to);
      where.push(`(p.signed_in_at at time zone 'Europe/Paris')::date <= $${params.length}::date`);
    }
    const { rows } = await this.scope.db.query<PresenceRow>(`${PRESENCE_SELECT} where ${where.join(' and ')} order by p.signed_in_at desc, p.id limit ${max}`, params);
    return rows.map(presenceOf);
  }
}

export { INTERVENTION_STATES };
