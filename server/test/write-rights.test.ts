/**
 * Every write route needs a manage right (MODULES.md, "Rights": a write route guarded by a read
 * right is a defect), or is on the allow-list below with the reason it may do without one. The
 * route list comes from the server itself (printRoutes), so a write route added later is walked
 * too; its marks come from the marking of server/src/plugins/rights.ts, where a mark is the
 * route's guard, so what this test reads is what the server enforces. A new write route
 * without a manage mark fails here until it is guarded or listed, with its reason. And the
 * guards are walked as a caller meets them: a member holding every read right and no manage
 * right calls every write route that needs one, and is refused (403) before its body is read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE } from '../../common/constants.js';
import { FEATURE_RIGHTS, FEATURES, isOperatorRight, MANAGE_RIGHTS } from '../../common/rights.js';
import type { RouteAccess } from '../src/plugins/rights.js';
import { OWN_CALENDAR } from '../src/calendar/routes.js';
import { OWN_ACCEPTANCE } from '../src/modules/tc/routes.js';
import { OWN_ACCOUNT } from '../src/routes/api/me/index.js';
import { OWN_JOBS } from '../src/modules/importExport/routes.js';
import { bearer, digestDatabases, login, registeredRoutes, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const WRITE = /^(POST|PUT|PATCH|DELETE) /;
const PUBLIC_AUTH: RouteAccess = {
  public: true,
  reason: 'opens, refreshes and closes sessions; the routes reading a session authenticate it themselves',
};

/**
 * The write routes that need no manage right, each with the only marks it may carry. Keep each
 * reason true: it is the documentation of the exception (docs/rights.md, "Own work").
 */
const UPLOAD_MARK = { session: true, reason: "an upload answers to its record's module: the handler checks that module's write right" } as RouteAccess;
const ATTACHMENT_MARK = { session: true, reason: "an attachment answers to its record's module: the handler checks that module's right" } as RouteAccess;

const ACTIONS_READ_MARK = { anyOf: [{ feature: 'actions', action: 'read' }, { feature: 'actionsV3', action: 'read' }] } as RouteAccess;

const INVENTORY_READ_MARK = { anyOf: [{ feature: 'inventory', action: 'read' }, { feature: 'inventoryV2', action: 'read' }] } as RouteAccess;

const FILL_MARK = { anyOf: [{ feature: 'questionnaires', action: 'read' }, { feature: 'securesphere', action: 'read' }] } as RouteAccess;

const ALLOW_LIST: Record<string, { reason: string; marks: RouteAccess[] }> = {
  // Attachments answer to their record's module, known only from the upload's metadata or row:
  // the handlers check that module's write right (server/src/routes/api/uploads, attachments).
  'POST /api/uploads': { reason: "creates an upload; the handler checks the write right of the metadata's module", marks: [UPLOAD_MARK] },
  'PATCH /api/uploads/:id': { reason: "sends a chunk; the handler checks the write right of the upload's module", marks: [UPLOAD_MARK] },
  'DELETE /api/attachments/:id': { reason: "deletes an attachment; the handler checks the manage right of its record's module", marks: [ATTACHMENT_MARK] },
  // Own work in Declarations (docs/rights.md): a field user reports, comments what it can see,
  // and edits its own declaration while it is new and unassigned (the repository checks that
  // the caller is its author, or holds declarations' manage right).
  'POST /api/declarations': { reason: 'reports a declaration: the field user’s own work', marks: [{ feature: 'declarations', action: 'read' }] },
  'PATCH /api/declarations/:id': {
    reason: 'edits the caller’s own declaration while new and unassigned; anyone else’s needs the manage right (checked in the handler)',
    marks: [{ feature: 'declarations', action: 'read' }],
  },
  'POST /api/declarations/:id/comments': { reason: 'adds the caller’s own comment to a declaration it can see, until it is closed', marks: [{ feature: 'declarations', action: 'read' }] },
  // Own work in the stock (common/modules/inventory/stock.ts): a field user records the movements of its subjects
  // (the repository checks the subject's read right: incoming, outgoing; transfers and adjustments need the admin right),
  // its loans and their returns (loanStuff_read), its count lines (inventory_read).
  'POST /api/inventory/stock/movements': { reason: 'records a movement of a subject the caller reads (the handler checks the subject’s right; transfers and adjustments need the admin right)', marks: [{ feature: 'stock', action: 'read' }] },
  'POST /api/inventory/stock/loans': { reason: 'lends an article: the field user’s own work (the handler checks loanStuff_read)', marks: [{ feature: 'stock', action: 'read' }] },
  'POST /api/inventory/stock/loans/:id/return': { reason: 'records a loan’s return: the field user’s own work (the handler checks loanStuff_read)', marks: [{ feature: 'stock', action: 'read' }] },
  'POST /api/inventory/stock/counts/:id/entries': { reason: 'adds the caller’s count lines to an open count (the handler checks inventory_read)', marks: [{ feature: 'stock', action: 'read' }] },
  // Authentication: no session yet, or the caller's own session.
  // Questionnaires (docs/rights.md, "Own work"): a filler's own inspection, either family's read right;
  // planning one for someone else and a manager's fields are checked by the repository.
  'POST /api/questionnaires/inspections': { reason: 'starts the caller’s own inspection; planning one for someone else needs the family’s manage right (checked by the repository)', marks: [FILL_MARK] },
  'PATCH /api/questionnaires/inspections/:id': { reason: 'the assignee’s progress on its own inspection; assignee and due time need the manage right (checked by the repository)', marks: [FILL_MARK] },
  'POST /api/questionnaires/inspections/:id/submit': { reason: 'the assignee submits its own inspection, which locks it', marks: [FILL_MARK] },
  // Share links (docs/rights.md): whoever may read a submitted report shares it and cuts its links (the repository's read rule).
  'POST /api/questionnaires/inspections/:id/shares': { reason: 'shares a submitted report the caller may read (its own, or its family’s as a manager: checked by the repository)', marks: [FILL_MARK] },
  'DELETE /api/questionnaires/inspections/:id/shares/:shareId': {
    reason: 'revokes a link of a report the caller may read: revoking only narrows who sees it (the repository checks the read rule)',
    marks: [FILL_MARK],
  },
  'POST /api/questionnaires/inspections/:id/shares/:shareId/mails': {
    reason: 'mails a live link of a report the caller may read, with the link’s own token (the repository checks the read rule)',
    marks: [FILL_MARK],
  },
  // Actions (docs/rights.md, "Own work"; docs/actions.md): with either manifest's actions read right, a member
  // makes an action for itself, moves its own along the assignee's workflow and comments what it sees (its own);
  // the repository checks the ownership and refuses the rest (another assignee, a manager's move, another's action).
  'POST /api/actions': { reason: 'makes an action for the caller itself (the assignee must be the caller); for anyone else it needs the manage right (checked by the repository)', marks: [ACTIONS_READ_MARK] },
  'POST /api/actions/:id/status': {
    reason: 'the assignee moves its own action (start, close with its proof, reopen before verification); a manager’s moves need the manage right (checked by the repository)',
    marks: [ACTIONS_READ_MARK],
  },
  'POST /api/actions/:id/comments': { reason: 'adds the caller’s own comment to an action it sees: assigned to it or made by it (a manager sees all)', marks: [ACTIONS_READ_MARK] },
  // Inventory (common/modules/inventory/catalog.ts): a field user with either family's read right records a check of an
  // item it reads and reports it out of order with a note; any other status move needs the manage right (checked by the repository).
  'POST /api/inventory/equipment/:id/checks': { reason: 'records the caller’s own periodic check of an item (a failure opens an action)', marks: [INVENTORY_READ_MARK] },
  'POST /api/inventory/equipment/:id/status': {
    reason: 'reports an item out of order with a note; any other move needs the manage right (checked by the repository)',
    marks: [INVENTORY_READ_MARK],
  },
  'POST /api/auth/login': { reason: 'opens a session from a password', marks: [PUBLIC_AUTH] },
  'POST /api/auth/loginSSO': { reason: 'opens a session from an SSO code', marks: [PUBLIC_AUTH] },
  'POST /api/auth/refresh': { reason: 'renews the caller’s own session from its cookie', marks: [PUBLIC_AUTH] },
  'POST /api/auth/logout': { reason: 'closes the caller’s own session', marks: [PUBLIC_AUTH] },
  // Own work: a member marks its own notifications read (its bell).
  'POST /api/notifications/:id/read': { reason: 'marks one of the caller’s own notifications read', marks: [{ feature: 'notifications', action: 'read' }] },
  'POST /api/notifications/readAll': { reason: 'marks the caller’s own notifications read', marks: [{ feature: 'notifications', action: 'read' }] },
  // The emergency alert is its own right: raising it is what the right is for.
  'POST /api/emergency/sendInformations': { reason: 'raises an emergency alert, the emergency right’s one action', marks: [{ feature: 'emergency', action: 'read' }] },
  // Moving the caller's own session to another client or district, within its memberships.
  'POST /api/admin/changeClient': { reason: 'moves the caller’s own session to another client it belongs to', marks: [{ feature: 'changeClient', action: 'read' }] },
  'POST /api/admin/changeDistrict': {
    reason: 'moves the caller’s own session to another district it belongs to',
    marks: [{ anyOf: [{ feature: 'changeClient', action: 'read' }, { feature: 'changeDistrict', action: 'read' }] }],
  },
  // The caller's own private calendar address (server/src/calendar/routes.ts, OWN_CALENDAR).
  ...Object.fromEntries(
    ['POST', 'DELETE'].map((method) => [`${method} /api/calendar/feed`, { reason: 'makes or revokes the caller’s own private calendar address', marks: [OWN_CALENDAR] }]),
  ),
  // The caller's own account's language (server/src/routes/api/me/, OWN_ACCOUNT).
  'PUT /api/me/language': { reason: 'sets the language the server writes the caller’s own bells, e-mails and feed in', marks: [OWN_ACCOUNT] },
  // Own work in the inventory's audits (server/src/modules/inventory/audit/routes.ts): a field user
  // reading the equipment starts an audit, scans and completes it; moving an item needs the manage right.
  ...Object.fromEntries(
    [
      ['POST /api/inventory/audits', 'starts an audit of a site or a room: the field user’s own work'],
      ['POST /api/inventory/audits/:id/scans', 'records the caller’s own scan in an open audit'],
      ['POST /api/inventory/audits/:id/complete', 'completes an audit once every scan the caller’s device made is on the server'],
    ].map(([route, reason]) => [route, { reason, marks: [{ anyOf: [{ feature: 'inventoryV2', action: 'read' }, { feature: 'inventory', action: 'read' }] }] as RouteAccess[] }]),
  ),
  // Reads that the spec makes POST calls (section 7, cached POST calls): they change nothing.
  ...Object.fromEntries(
    ['isElementsOfFeatureAvailable', 'getFunctionalityElements', 'getFunctionalityElementPosition'].map((call) => [
      `POST /api/functionalities/${call}`,
      {
        reason: 'a read of what the member can open; POST because the spec calls it so',
        marks: [{ session: true, reason: 'reads of what the member can open; POST because the spec calls them so' }] as RouteAccess[],
      },
    ]),
  ),  // The sites' sign-in register and the prevention plans' signatures (third parties V2): the site's
  // phone records who comes and goes and the representatives sign there, with the read right.
  ...Object.fromEntries(
    [
      ['POST /api/third-party/presence', 'signs a worker or a visitor in on a site: the register kept on the site’s phone'],
      ['POST /api/third-party/presence/:id/sign-out', 'signs someone out of a site: the register kept on the site’s phone'],
      ['POST /api/third-party/interventions/:id/signatures', 'a representative signs the prevention plan they read, on the site’s phone'],
    ].map(([route, reason]) => [route, { reason, marks: [{ feature: 'thirdPartyV2', action: 'read' }] as RouteAccess[] }]),
  ),
  // Third-party share links (server/src/modules/thirdParty/links/routes.ts): the manifest gives
  // third-party a reading right only (spec section 6); its holders make, extend and revoke their
  // district's links. The public routes answer to the link's token alone.
  ...Object.fromEntries(
    [
      ['POST /api/third-party/links', 'makes a share link of a site of the district: the manifest has no manage right, third-party.read makes links'],
      ['POST /api/third-party/links/:id/extend', 'moves a link’s expiry: the manifest has no manage right, third-party.read manages links'],
      ['POST /api/third-party/links/:id/revoke', 'revokes a link, which only narrows who sees what: third-party.read manages links'],
    ].map(([route, reason]) => [route, { reason, marks: [{ feature: 'thirdParty', action: 'read' }] as RouteAccess[] }]),
  ),
  ...Object.fromEntries(
    [
      ['POST /api/shared/links/:token/code', 'e-mails a one-time code to the recipient of a live share link (public: the token is the key)'],
      ['POST /api/shared/links/:token/code/check', 'checks the one-time code of a live share link (public: the token is the key)'],
    ].map(([route, reason]) => [route, { reason, marks: [{ public: true, reason: 'a share link: the unguessable token is the only key, until it expires or is revoked' }] as RouteAccess[] }]),
  ),
  // Sharing bank (own work): a reader records its own reading of a resource it is asked to read, and imports a template
  // the client's other districts share (the repository checks the target module's template manage right).
  'POST /api/sharing-bank/resources/:id/open': { reason: 'records that the caller opened a resource it may read: its own reading', marks: [{ feature: 'sharingBank', action: 'read' }] },
  'POST /api/sharing-bank/resources/:id/acknowledge': { reason: 'records the caller’s own acknowledgement of a resource it may read', marks: [{ feature: 'sharingBank', action: 'read' }] },
  'POST /api/sharing-bank/shared-templates/:id/import': {
    reason: 'copies a shared template into the caller’s district: the handler checks the target module’s template manage right (declarations, or the questionnaire family’s)',
    marks: [{ feature: 'sharingBank', action: 'read' }],
  },
  // Inventory: an item's check with its category's questionnaire starts that inspection, the field user's own work
  // (the Questionnaires module's create checks the caller's right to fill the template's family).
  'POST /api/inventory/equipment/:id/inspections': { reason: 'starts the caller’s own inspection of the item’s category’s questionnaire (Questionnaires checks the right to fill it)', marks: [INVENTORY_READ_MARK] },
  // Data-sharing area: an outside party deposits through a live upload-only link (the token is the key; types, quota and expiry checked).
  ...Object.fromEntries(
    [
      ['POST /api/shared/dsa/:token/uploads', 'starts a tus deposit through a live upload-only link (public: the token is the key; types and quota checked)'],
      ['PATCH /api/shared/dsa/:token/uploads/:id', 'appends bytes to a tus deposit of a live upload-only link (public: the token is the key)'],
    ].map(([route, reason]) => [route, { reason, marks: [{ public: true, reason: 'an upload-only link: the unguessable token is the only key, until it expires or is revoked' }] as RouteAccess[] }]),
  ),
  // Import/export: the district's ZIP is a read of every list the caller may read, packed by a job for the caller alone;
  // the personal data export is the caller's own data (server/src/modules/importExport/routes.ts, OWN_JOBS).
  'POST /api/import-export/district-export': { reason: 'packs the lists the caller may read into a file only the caller may download: a read', marks: [{ feature: 'export', action: 'read' }] },
  'POST /api/import-export/my-data': { reason: 'packs the caller’s own personal data into a file only the caller may download', marks: [OWN_JOBS] },
  // Workflows (server/src/modules/workflow/routes.ts): a reader requests a permit (its own work);
  // who may make a transition is the definition's to say (a right, a role, named people): the
  // service checks it when the move arrives; a delegation is the caller's own.
  'POST /api/workflow/instances': { reason: 'starts a workflow (a permit request): the reader’s own work', marks: [{ feature: 'workflow', action: 'read' }] },
  ...Object.fromEntries(
    [
      ['POST /api/workflow/instances/:id/transitions', 'a transition or an approval: the definition names who may make it, checked by the service'],
      ['POST /api/workflow/delegations', 'names the caller’s own delegate while away'],
      ['DELETE /api/workflow/delegations/:id', 'ends one of the caller’s own delegations'],
    ].map(([route, reason]) => [route, { reason, marks: [{ session: true, reason: 'the workflow inbox, transitions and delegations: the definition names who may act, checked by the service' }] as RouteAccess[] }]),
  ),
  // The terms of use (server/src/modules/tc/routes.ts, OWN_ACCEPTANCE): every member accepts them for itself.
  'POST /api/tc/accept': { reason: 'records the caller’s own acceptance of the current terms of use', marks: [OWN_ACCEPTANCE] },
  // The synthesis (server/src/modules/synthesis/routes.ts): reads whose body is a table's definition (too long for an
  // address); they compute figures and files and write nothing. The module has reading rights only (spec section 6).
  ...Object.fromEntries(
    ['/query', '/table.csv', '/dashboard.pdf'].map((path) => [`POST /api/synthesisBuilder${path}`, { reason: 'computes a table, its CSV or a dashboard’s PDF from the body: a read that writes nothing', marks: [{ feature: 'synthesis', action: 'read' }] }]),
  ),
  // 2D plans: a field user pins the declaration it reports by a tap on a plan of its site (the repository checks it is the caller's own, or not arrived yet).
  'POST /api/plan2d/plans/:id/declaration-pins': { reason: 'places the pin of the caller’s own declaration, reported from the plan: the field user’s own work', marks: [{ feature: 'sites', action: 'read' }] },
  // Synthesis: any synthesis reader saves their own tables and dashboards; only the author, or a synthesis administrator
  // for a shared one, edits, deletes or restores one (checked by the kinds: server/src/modules/synthesis/saved.ts).
  ...Object.fromEntries(
    (['tables', 'dashboards'] as const)
      .flatMap((kind) => [`POST /api/synthesisBuilder/${kind}`, `PATCH /api/synthesisBuilder/${kind}/:id`, `DELETE /api/synthesisBuilder/${kind}/:id`, `POST /api/synthesisBuilder/${kind}/:id/restore`])
      .map((route) => [route, { reason: 'saves, edits or deletes the caller’s own saved table or dashboard (a shared one also a synthesis administrator’s): checked by the kind', marks: [{ feature: 'synthesis', action: 'read' }] as RouteAccess[] }]),
  ),
  // A one-time link's token (an invitation) sets its own account's password, once.
  'POST /api/auth/resetPassword': { reason: 'sets a password with a one-time link’s token: the token is the only key', marks: [PUBLIC_AUTH] },
  // The login page's "forgot your password": a reset link e-mailed to the address, the same answer for any address.
  'POST /api/auth/forgotPassword': { reason: 'e-mails a reset link to the account’s own address; answers the same for any address', marks: [PUBLIC_AUTH] },
};

/** Whether a mark needs a manage right (every alternative of an anyOf does). */
function needsManage(mark: RouteAccess): boolean {
  if ('anyOf' in mark) return mark.anyOf.length > 0 && mark.anyOf.every((check) => check.action === 'manage');
  return 'feature' in mark && mark.action === 'manage';
}

const marksOf = (route: string): RouteAccess[] | undefined => {
  const entries = [...server.app.routeAccess.entries()].map(([key, marks]) => [key.replace(/(.)\/$/, '$1'), marks] as const);
  return new Map(entries).get(route);
};

describe('write routes need a manage right', () => {
  it('walks every registered write route under /api', () => {
    const writes = registeredRoutes(server).filter((route) => WRITE.test(route) && route.includes(' /api/'));
    // The walk is not vacuous: the server's known writes are in it.
    expect(writes).toEqual(expect.arrayContaining(['POST /api/auth/login', 'POST /api/users', 'PUT /api/users/:id/rights', 'PATCH /api/districts/:id']));
    const offending = writes.flatMap((route) => {
      const marks = marksOf(route);
      if (marks === undefined || marks.length === 0) return [`${route}: not marked`];
      const allowed = ALLOW_LIST[route];
      if (allowed !== undefined) return JSON.stringify(marks) === JSON.stringify(allowed.marks) ? [] : [`${route}: ${JSON.stringify(marks)} is not its allowed mark`];
      return marks.some(needsManage) ? [] : [`${route}: ${JSON.stringify(marks)} needs no manage right`];
    });
    expect(offending).toEqual([]);
  });

  it('every allow-listed route exists and says why', () => {
    const writes = new Set(registeredRoutes(server));
    for (const [route, { reason }] of Object.entries(ALLOW_LIST)) {
      expect(writes.has(route), route).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it('the mark is the guard: a plugin mark and a route guard refuse a member without the manage right', async () => {
    const { token } = await login(server, 'field@demo.vigie.test');
    // guardRoutes(app, { feature: 'admin', action: 'manage', page: true }) on the users plugin.
    const created = await server.app.inject({ method: 'POST', url: '/api/users', headers: bearer(token), payload: { email: 'x@example.test', password: 'a-long-password-1', rights: [] } });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ message: 'auth.missing_rights', requiredPermissions: ['district'], redirection: DEFAULT_PAGE });
    expect(marksOf('POST /api/users')).toEqual([{ feature: 'admin', action: 'manage', page: true }]);
    // requireCan('admin', 'manage') on the route, on top of the plugin's notifications mark.
    const announced = await server.app.inject({ method: 'POST', url: '/api/notifications/announce', headers: bearer(token), payload: { name: 'Test' } });
    expect(announced.statusCode).toBe(403);
    expect(announced.json()).toEqual({ message: 'auth.missing_rights', requiredPermissions: ['district'] });
    expect(marksOf('POST /api/notifications/announce')).toEqual([
      { feature: 'notifications', action: 'read' },
      { feature: 'admin', action: 'manage' },
    ]);
  });

  it('refuses every write route that needs a manage right to a member holding every read right and no manage right (403, nothing written)', async () => {
    // Every read right of the catalogue, none that is also a manage right or an operator's.
    const manage = new Set(FEATURES.flatMap((feature) => MANAGE_RIGHTS[feature]));
    const reads = [...new Set(FEATURES.flatMap((feature) => FEATURE_RIGHTS[feature].read))].filter((right) => !manage.has(right) && !isOperatorRight(right));
    expect(reads.length).toBeGreaterThan(10);
    const operator = await login(server, 'operator@demo.vigie.test');
    const created = await server.app.inject({ method: 'POST', url: '/api/users', headers: bearer(operator.token), payload: { email: 'reader@rights.test', password: 'a-long-password-1', rights: reads } });
    expect(created.statusCode, created.body).toBe(201);
    const { token } = await login(server, 'reader@rights.test', 'a-long-password-1');
    const guarded = registeredRoutes(server).filter((route) => WRITE.test(route) && route.includes(' /api/') && ALLOW_LIST[route] === undefined && (marksOf(route) ?? []).some(needsManage));
    expect(guarded).toEqual(expect.arrayContaining(['POST /api/users', 'POST /api/sites', 'PATCH /api/declarations/templates/:id', 'POST /api/cartography/layers']));
    const before = await digestDatabases(server, new Set(['sessions', 'login_throttle', 'sso_logins']));
    const accepted = [];
    for (const route of guarded) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      // Any id: the guard answers before the record is looked up, and before the body is read.
      const url = path.replace(/:[A-Za-z]+/g, () => randomUUID());
      const response = await server.app.inject({ method, url, headers: { ...bearer(token), 'idempotency-key': randomUUID() }, payload: {} });
      const body = response.json<{ message?: string }>();
      if (response.statusCode !== 403 || body.message !== 'auth.missing_rights') accepted.push(`${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(accepted).toEqual([]);
    expect(await digestDatabases(server, new Set(['sessions', 'login_throttle', 'sso_logins']))).toEqual(before);
  });
});
