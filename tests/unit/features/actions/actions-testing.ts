/**
 * The actions API as the component tests see it (msw, the contract's shapes): a few actions of
 * the demo user and of others, one action's sheet and history, two plans, a template, the
 * members; every list request is recorded with its search params, so a test sees what the
 * list asked for.
 */
import { http, HttpResponse } from 'msw';
import type { Action, ActionSummary, ActionTemplate, Plan, PlanSummary } from '../../../../common/modules/actions/schemas';
import type { HistoryEntry, Page } from '../../../../common/schemas/platform';
import type { SiteChoice } from '../../../../common/schemas/site-choices';
import { DEMO_USER, makeAccessToken, makeEnvelope } from '../../../../src/testing/fixtures';
import { seedSession } from '../../../../src/testing/session';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';

export const FIELD = ['actions-plans-actions.read', 'action-plans.read', 'notifications.access'];
export const MANAGER = ['actions-plans-actions.admin', 'action-plans.admin', 'actionsV3-templates.admin', 'notifications.access'];

/** The session's account: an id as the server's are (a UUID), so an action assigned to it is valid. */
export const ME = { id: '88888888-0000-4000-8000-000000000001', name: DEMO_USER.email };

/** A session of the demo user with `rights`, its account being ME. */
export const seedActionsSession = (rights: string[]) => seedSession({ rights, token: makeAccessToken({ sub: ME.id }) });
export const OTHER = { id: '99999999-9999-4999-8999-999999999999', name: 'Claire Martin' };
export const PLAN_ID = '77777777-0000-4000-8000-000000000001';
export const SITE_ID = '55555555-0000-4000-8000-000000000001';
export const DECLARATION_ID = '44444444-0000-4000-8000-000000000001';

export const summary = (n: number, extra: Partial<ActionSummary> = {}): ActionSummary => ({
  id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Action ${String(n).padStart(3, '0')}`,
  status: 'todo',
  priority: 'normal',
  dueOn: '2026-12-20',
  overdue: false,
  siteId: SITE_ID,
  siteName: 'Entrepôt de Vénissieux',
  assignee: ME,
  planId: null,
  planName: null,
  source: null,
  proof: { photo: false, note: false },
  photoCount: 0,
  commentCount: 0,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  ...extra,
});

export const ACTION: Action = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  districtId: 'cccccccc-0000-4000-8000-000000000001',
  version: 2,
  createdAt: '2026-10-01T08:00:00.000Z',
  createdBy: OTHER,
  updatedAt: '2026-11-02T09:30:00.000Z',
  updatedBy: OTHER,
  deletedAt: null,
  title: 'Remplacer l’extincteur du quai',
  description: 'L’extincteur du quai 3 est périmé.',
  siteId: SITE_ID,
  planId: PLAN_ID,
  assigneeId: ME.id,
  dueOn: '2026-11-10',
  priority: 'high',
  proof: { photo: true, note: true },
  status: 'todo',
  siteName: 'Entrepôt de Vénissieux',
  planName: 'Audit sécurité 2026',
  assignee: ME,
  templateId: null,
  source: { kind: 'declaration', id: DECLARATION_ID, questionKey: null, label: 'Extincteur périmé' },
  overdue: true,
  closingNote: null,
  doneAt: null,
  doneBy: null,
  verifiedAt: null,
  verifiedBy: null,
  attachments: [],
  comments: [{ id: 'dddddddd-0000-4000-8000-000000000001', text: 'Commandé chez le fournisseur.', at: '2026-11-03T10:00:00.000Z', by: OTHER }],
  statusChanges: [],
};

export const HISTORY: HistoryEntry[] = [
  { id: 'eeeeeeee-0000-4000-8000-000000000001', at: '2026-10-01T08:00:00.000Z', by: OTHER, action: 'create', version: 1, changes: [] },
];

export const PLANS: PlanSummary[] = [
  {
    id: PLAN_ID,
    name: 'Audit sécurité 2026',
    siteId: SITE_ID,
    siteName: 'Entrepôt de Vénissieux',
    owner: OTHER,
    startOn: '2026-01-01',
    endOn: '2026-12-31',
    progress: { total: 4, done: 1, overdue: 2, percent: 25 },
    version: 1,
    updatedAt: '2026-11-01T10:00:00.000Z',
    deletedAt: null,
  },
];

export const PLAN: Plan = {
  ...PLANS[0]!,
  districtId: ACTION.districtId,
  createdAt: '2026-01-01T08:00:00.000Z',
  createdBy: OTHER,
  updatedBy: OTHER,
  description: 'Suite à l’audit de janvier.',
  ownerId: OTHER.id,
  owner: OTHER,
};

export const TEMPLATE: ActionTemplate = {
  id: '66666666-0000-4000-8000-000000000001',
  districtId: ACTION.districtId,
  version: 1,
  createdAt: '2026-01-01T08:00:00.000Z',
  createdBy: OTHER,
  updatedAt: '2026-01-01T08:00:00.000Z',
  updatedBy: OTHER,
  deletedAt: null,
  name: 'Extincteur',
  title: 'Vérifier l’extincteur',
  description: 'Contrôler la date de validité et la pression.',
  priority: 'high',
  dueInDays: 7,
  proof: { photo: true, note: false },
  usageCount: 3,
};

/** The actions' site choices (GET /api/actions/sites: the module's own, without the sites right). */
export const SITES: SiteChoice[] = [
  { id: SITE_ID, name: 'Entrepôt de Vénissieux', address: '12 rue du Port, 69200 Vénissieux', distance: null },
  { id: '55555555-0000-4000-8000-000000000002', name: 'Dépôt de Bron', address: '3 avenue Franklin Roosevelt, 69500 Bron', distance: null },
];

export interface ActionsApi {
  /** The search params of every list request, in order. */
  listRequests: URLSearchParams[];
  /** The search params of every site picker request (GET /api/actions/sites). */
  siteRequests: URLSearchParams[];
}

/** The actions API for `rights`: `rows` for every list (filtered by status and mine as the server would). */
export function serveActions({ rights, rows = [summary(1), summary(2)], action = ACTION }: { rights: string[]; rows?: ActionSummary[]; action?: Action }): ActionsApi {
  const state: ActionsApi = { listRequests: [], siteRequests: [] };
  const envelope = <T>(data: T) => HttpResponse.json(makeEnvelope(data, { rights }));
  server.use(
    http.get(api('actions/members'), () => envelope([ME, OTHER])),
    http.get(api('actions/sites'), ({ request }) => {
      state.siteRequests.push(new URL(request.url).searchParams);
      return envelope(SITES);
    }),
    http.get(api('actions/plans'), () => envelope({ items: PLANS, nextCursor: null, total: PLANS.length } satisfies Page<PlanSummary>)),
    http.get(api(`actions/plans/${PLAN_ID}`), () => envelope(PLAN)),
    http.get(api('actions/templates'), () => envelope({ items: [TEMPLATE], nextCursor: null, total: 1 } satisfies Page<ActionTemplate>)),
    http.get(api(`actions/templates/${TEMPLATE.id}`), () => envelope(TEMPLATE)),
    http.get(api('actions'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      state.listRequests.push(params);
      const statuses = params.get('status')?.split(',');
      const items = rows.filter((row) => (statuses === undefined || statuses.includes(row.status)) && (params.get('mine') !== 'true' || row.assignee?.id === ME.id));
      return envelope({ items, nextCursor: null, total: items.length } satisfies Page<ActionSummary>);
    }),
    http.get(api(`actions/${action.id}/history`), () => envelope(HISTORY)),
    http.get(api(`actions/${action.id}`), () => envelope(action)),
    http.get(api('actions/:id/history'), () => envelope([])),
    http.get(api('actions/:id'), () => HttpResponse.json({ message: 'record.not_found' }, { status: 404 })),
  );
  return state;
}
