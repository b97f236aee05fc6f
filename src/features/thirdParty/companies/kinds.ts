/**
 * The outside companies in the app: three kinds on the generic record core (companies, workers,
 * interventions: small lists, managers' writes), the sites' sign-in register and the plans'
 * signatures as outbox writes of their own (a sign-in, a sign-out, a signature with its picture
 * uploaded first), and the reads kept on the device for the register to work offline: who is on
 * site now, the sites picked from. Every write is queued, shown at once, and sent once.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CompaniesChoices,
  Company,
  CompanyFields,
  Intervention,
  InterventionFields,
  Presence,
  SignerRole,
  SignInBody,
  SignOutBody,
  Worker,
  WorkerFields,
} from '../../../../common/modules/thirdParty/companies';
import { SIGNATURES_MODULE } from '../../../../common/modules/thirdParty/names';
import { apiGet } from '../../../lib/api-client';
import { enqueueWrite, registerSender, sendWrite, type PendingWrite } from '../../../lib/outbox';
import { defineRecordKind } from '../../../lib/record-kind';

export const COMPANIES_MODULE = 'thirdPartyV2';
export { SIGNATURES_MODULE };

export const companies = defineRecordKind<CompanyFields, Company, Company>({
  module: COMPANIES_MODULE,
  kind: 'companies',
  path: 'third-party/companies',
  fields: ['name', 'siret', 'address', 'contactName', 'email', 'phone', 'activity'],
});

export const workers = defineRecordKind<WorkerFields, Worker, Worker>({
  module: COMPANIES_MODULE,
  kind: 'workers',
  path: 'third-party/workers',
  fields: ['companyId', 'name', 'role', 'phone', 'qualifications'],
});

export const interventions = defineRecordKind<InterventionFields, Intervention, Intervention>({
  module: COMPANIES_MODULE,
  kind: 'interventions',
  path: 'third-party/interventions',
  fields: ['companyId', 'siteId', 'title', 'startsOn', 'endsOn', 'workerIds', 'state', 'planSections'],
});

export const presenceKeys = {
  all: [COMPANIES_MODULE, 'presence'] as const,
  current: () => [COMPANIES_MODULE, 'presence', 'current'] as const,
  sites: () => [COMPANIES_MODULE, 'presence', 'sites'] as const,
};

/** Who is on every site now (the register's screen groups it by site), kept for offline work. */
export const currentQueryOptions = () =>
  queryOptions({ queryKey: presenceKeys.current(), queryFn: ({ signal }) => apiGet<Presence[]>('third-party/presence/current', { signal }), staleTime: 15_000, meta: { offline: true } });

/** Who is on one site now (the site's sheet). */
export const siteCurrentQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: [...presenceKeys.current(), siteId] as const,
    queryFn: ({ signal }) => apiGet<Presence[]>('third-party/presence/current', { searchParams: { siteId }, signal }),
    staleTime: 15_000,
    meta: { offline: true },
  });

/** The sites the register and the interventions pick from, kept for offline work. */
export const sitesQueryOptions = () =>
  queryOptions({ queryKey: presenceKeys.sites(), queryFn: ({ signal }) => apiGet<CompaniesChoices>('third-party/presence/sites', { signal }), staleTime: 5 * 60_000, meta: { offline: true } });

export const SIGN_IN = 'thirdPartyV2.presence.signIn';
export const SIGN_OUT = 'thirdPartyV2.presence.signOut';
export const SIGN_PLAN = 'thirdPartySignatures.sign';

/** Signs a worker (or a visitor) in on a site now; resolves with the presence's id once queued. */
export async function queueSignIn(who: Omit<SignInBody, 'id' | 'signedInAt'>, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: SIGN_IN, module: COMPANIES_MODULE, recordId: id, baseVersion: null, payload: { id, ...who, signedInAt: now.toISOString() } satisfies SignInBody });
  return id;
}

/** Signs a presence out now, its sign-in's fields with it (so it is never lost). */
export const queueSignOut = (presence: Pick<Presence, 'id' | 'siteId' | 'workerId' | 'visitorName' | 'signedInAt'>, now = new Date()) =>
  enqueueWrite({
    kind: SIGN_OUT,
    module: COMPANIES_MODULE,
    recordId: presence.id,
    baseVersion: null,
    payload: { siteId: presence.siteId, workerId: presence.workerId, visitorName: presence.visitorName, signedInAt: presence.signedInAt, signedOutAt: now.toISOString() } satisfies SignOutBody,
  });

export interface SignPayload {
  interventionId: string;
  id: string;
  role: SignerRole;
  name: string;
  attachmentId: string;
  planVersion: number;
  signedAt: string;
}

/** A representative's signature of the plan's version they read: its picture is uploaded first (tus), then the signature is posted. */
export async function queueSignature(intervention: Pick<Intervention, 'id' | 'planVersion'>, role: SignerRole, name: string, picture: Blob, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const attachmentId = crypto.randomUUID();
  const payload: SignPayload = { interventionId: intervention.id, id, role, name, attachmentId, planVersion: intervention.planVersion, signedAt: now.toISOString() };
  await enqueueWrite({
    kind: SIGN_PLAN,
    module: SIGNATURES_MODULE,
    recordId: id,
    baseVersion: null,
    payload,
    attachments: [{ attachmentId, blob: picture, name: 'signature.png', type: 'image/png' }],
  });
  return id;
}

/** The presence as the device shows it while its sign-in waits in the outbox. */
export function pendingPresence(write: PendingWrite, sites: CompaniesChoices | undefined, people: readonly Worker[] | undefined): Presence | null {
  if (write.item.kind !== SIGN_IN || write.payload === undefined) return null;
  const body = write.payload as SignInBody;
  const worker = body.workerId === null ? undefined : people?.find((w) => w.id === body.workerId);
  return {
    id: body.id,
    siteId: body.siteId,
    siteName: sites?.sites.find((s) => s.id === body.siteId)?.name ?? '',
    workerId: body.workerId,
    name: worker?.name ?? body.visitorName,
    visitorName: body.visitorName,
    companyId: worker?.companyId ?? null,
    companyName: worker?.companyName ?? '',
    signedInAt: body.signedInAt ?? new Date().toISOString(),
    signedOutAt: null,
  };
}

let registered = false;
/** The senders of every write of the part. */
export function registerCompaniesSenders(): void {
  companies.registerSenders();
  workers.registerSenders();
  interventions.registerSenders();
  if (registered) return;
  registered = true;
  registerSender(SIGN_IN, async (_item, ctx) => ({ result: await sendWrite<Presence>('post', 'third-party/presence', ctx.payload, ctx.idempotencyKey) }), { onConflict: 'fail' });
  registerSender(
    SIGN_OUT,
    async (item, ctx) => ({ result: await sendWrite<Presence>('post', `third-party/presence/${encodeURIComponent(item.recordId)}/sign-out`, ctx.payload, ctx.idempotencyKey) }),
    { onConflict: 'fail' },
  );
  registerSender(
    SIGN_PLAN,
    async (_item, ctx) => {
      const { interventionId, ...body } = ctx.payload as SignPayload;
      return { result: await sendWrite<Intervention>('post', `third-party/interventions/${encodeURIComponent(interventionId)}/signatures`, body, ctx.idempotencyKey) };
    },
    { onConflict: 'fail', attachmentsFirst: true },
  );
}
