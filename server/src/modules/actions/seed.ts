/**
 * The actions' demo data for one district (seed/demo.ts calls it inside the district's
 * transaction, after the declarations and the inspections): six action templates and three
 * action plans in French, and about sixty actions over the last twelve months: the follow-up
 * of the demo inspections' failed items (as a submit makes them), actions following demo
 * declarations, and others made by hand, some from a template. They are shared among the
 * district's members who may work on actions (the field user has its own), the older ones done
 * and verified with a closing note and a photo, some cancelled, the recent ones to do or in
 * progress, some overdue; a few carry comments. Each status step is in the action's timeline
 * and its history. Reminders already due are marked sent, so the first run of the reminder job
 * does not ring a year of demo actions at once.
 */
import { randomUUID } from 'node:crypto';
import { actionPowers } from '../../../../common/modules/actions/access.js';
import { ACTION_REMIND_DAYS, ACTION_TEMPLATES_MODULE, ACTIONS_MODULE, PLANS_MODULE, type ActionStatus, type Priority } from '../../../../common/modules/actions/schemas.js';
import type { FailedItem } from '../../../../common/modules/questionnaires/schemas.js';
import { drawDemoPhotos, storeDemoPhoto } from '../../seed/photos.js';
import type { DistrictSeed } from '../index.js';
import { addDays, districtToday } from '../_platform/dates.js';
import { seedHistory } from '../_platform/records.js';

const DAY_MS = 86_400_000;
const COUNT = 60;

const TEMPLATES: { name: string; title: string; description: string; priority: Priority; dueInDays: number | null; photo: boolean; note: boolean }[] = [
  { name: 'Remplacer un extincteur', title: 'Remplacer l’extincteur', description: 'Remplacer l’extincteur manquant ou périmé par un modèle équivalent et noter son numéro.', priority: 'high', dueInDays: 7, photo: true, note: false },
  { name: 'Réparer une issue de secours', title: 'Réparer l’issue de secours', description: 'Remettre en état la porte, la barre anti-panique ou le balisage de l’issue.', priority: 'critical', dueInDays: 2, photo: true, note: true },
  { name: 'Refaire le marquage au sol', title: 'Refaire le marquage au sol', description: 'Repeindre les allées piétonnes et les zones de stockage.', priority: 'normal', dueInDays: 30, photo: true, note: false },
  { name: 'Former l’équipe', title: 'Former l’équipe aux consignes', description: 'Rappel des consignes de sécurité en réunion d’équipe ; feuille d’émargement.', priority: 'normal', dueInDays: 21, photo: false, note: true },
  { name: 'Remplacer un éclairage de sécurité', title: 'Remplacer le bloc d’éclairage de sécurité', description: 'Changer le BAES défaillant et tester le fonctionnement.', priority: 'high', dueInDays: 10, photo: true, note: false },
  { name: 'Ranger et dégager une zone', title: 'Dégager la zone encombrée', description: 'Évacuer les palettes et le matériel qui gênent le passage.', priority: 'low', dueInDays: 5, photo: true, note: false },
];

const PLANS = [
  { name: 'Plan d’actions incendie 2026', description: 'Extincteurs, éclairage de sécurité, issues : mise en conformité après la visite de la commission.', months: [0, 11] },
  { name: 'Suite audit sûreté T3', description: 'Actions décidées à la restitution de l’audit sûreté du troisième trimestre.', months: [6, 9] },
  { name: 'Mise en conformité EPI', description: 'Dotation, stockage et port des équipements de protection individuelle.', months: [3, 8] },
];

const FREE_TITLES = [
  'Vérifier le registre de sécurité',
  'Remplacer la signalétique d’évacuation',
  'Contrôler les armoires électriques',
  'Afficher le plan d’évacuation à jour',
  'Réparer la clôture côté parking',
  'Nettoyer le bac de rétention',
  'Tester l’alarme incendie',
  'Commander des gants anti-coupure',
];

const CLOSING_NOTES = ['Travaux réalisés, zone contrôlée.', 'Remplacement effectué, photo jointe.', 'Fait avec l’équipe de maintenance ; rien à signaler.', 'Intervention terminée et vérifiée sur place.'];
const COMMENTS = ['Pièce commandée, livraison prévue la semaine prochaine.', 'Le prestataire passe jeudi matin.', 'Besoin d’une nacelle : demande faite au service technique.', 'Vu sur place, c’est en cours.'];
const PRIORITY_CYCLE: Priority[] = ['normal', 'high', 'normal', 'low', 'critical', 'high', 'normal'];

interface Planned {
  title: string;
  description: string;
  siteId: string | null;
  siteName: string | null;
  gps: { lat: number; lng: number } | null;
  planId: string | null;
  templateId: string | null;
  source: { kind: 'declaration' | 'inspection'; id: string; question: string | null } | null;
  priority: Priority;
  photo: boolean;
  note: boolean;
  createdAt: Date;
  createdBy: string;
}

export async function seedActions({ tx, clientDb, districtId, actorId, actorName, storage }: DistrictSeed): Promise<void> {
  const now = Date.now();
  const today = districtToday(new Date(now));
  const yearAgo = new Date(now - 365 * DAY_MS);
  const pictures = await drawDemoPhotos();
  const after = pictures[pictures.length - 1]!;
  const history = seedHistory(tx, districtId, actorId);

  // Who works on actions: the members with an actions right, the field staff first (the fewest rights).
  const { rows: members } = await tx.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1 order by account_id', [districtId]);
  const workers = members.filter((m) => actionPowers(m.rights).own).sort((a, b) => a.rights.length - b.rights.length).map((m) => m.account_id);
  const people = workers.length > 0 ? workers : [actorId];
  const { rows: sites } = await tx.query<{ id: string; name: string; gps_lat: number | null; gps_lng: number | null }>(
    'select id, name, gps_lat, gps_lng from sites where district_id = $1 and deleted_at is null order by name',
    [districtId],
  );

  const templateIds: string[] = [];
  for (const t of TEMPLATES) {
    const id = randomUUID();
    templateIds.push(id);
    await tx.query(
      `insert into action_templates (id, district_id, name, title, description, priority, due_in_days, proof_photo, proof_note, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $11)`,
      [id, districtId, t.name, t.title, t.description, t.priority, t.dueInDays, t.photo, t.note, yearAgo, actorId],
    );
    await history(ACTION_TEMPLATES_MODULE, id, 1, 'create', [{ field: 'name', before: null, after: t.name }], yearAgo);
  }

  const planIds: string[] = [];
  const year = new Date(now).getUTCFullYear();
  for (const [n, p] of PLANS.entries()) {
    const id = randomUUID();
    planIds.push(id);
    const site = n === 1 && sites[0] ? sites[0] : null;
    const month = (m: number) => `${year}-${String(m + 1).padStart(2, '0')}-01`;
    const startOn = month(p.months[0]!);
    const endOn = addDays(month(p.months[1]!), 27);
    await tx.query(
      `insert into action_plans (id, district_id, name, description, site_id, owner_id, start_on, end_on, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $6, $9, $6)`,
      [id, districtId, p.name, p.description, site?.id ?? null, actorId, startOn, endOn, yearAgo],
    );
    await history(PLANS_MODULE, id, 1, 'create', [{ field: 'name', before: null, after: p.name }], yearAgo);
  }

  // What the actions follow: the submitted inspections' failed items with an action draft (as
  // their submit makes them), and the declarations.
  const { rows: inspections } = await tx.query<{ id: string; site_id: string | null; assignee_id: string; submitted_at: Date; failed_items: FailedItem[] }>(
    `select id, site_id, assignee_id, submitted_at, failed_items from inspections where district_id = $1 and status = 'submitted' order by submitted_at`,
    [districtId],
  );
  const { rows: declarations } = await tx.query<{ id: string; title: string; site_id: string | null; created_at: Date }>(
    'select id, title, site_id, created_at from declarations where district_id = $1 order by occurred_at',
    [districtId],
  );
  const siteOf = (id: string | null) => sites.find((s) => s.id === id) ?? null;
  const gpsOf = (site: (typeof sites)[number] | null) => (site?.gps_lat != null && site.gps_lng != null ? { lat: site.gps_lat, lng: site.gps_lng } : null);

  const planned: Planned[] = [];
  for (const inspection of inspections) {
    for (const item of inspection.failed_items) {
      if (!item.action || planned.length >= COUNT / 2) continue;
      const site = siteOf(inspection.site_id);
      planned.push({
        title: item.action.title,
        description: item.note ?? '',
        siteId: inspection.site_id,
        siteName: site?.name ?? null,
        gps: gpsOf(site),
        planId: null,
        templateId: null,
        source: { kind: 'inspection', id: inspection.id, question: item.questionKey },
        priority: 'high',
        photo: false,
        note: false,
        createdAt: new Date(inspection.submitted_at),
        createdBy: inspection.assignee_id,
      });
    }
  }
  for (const [n, declaration] of declarations.entries()) {
    if (n % 3 !== 0) continue;
    const site = siteOf(declaration.site_id);
    planned.push({
      title: `Traiter : ${declaration.title.split(' – ')[0]!.toLowerCase()}`,
      description: 'Mesure corrective décidée à la suite de la déclaration.',
      siteId: declaration.site_id,
      siteName: site?.name ?? null,
      gps: gpsOf(site),
      planId: null,
      templateId: null,
      source: { kind: 'declaration', id: declaration.id, question: null },
      priority: PRIORITY_CYCLE[n % PRIORITY_CYCLE.length]!,
      photo: n % 2 === 0,
      note: false,
      createdAt: new Date(new Date(declaration.created_at).getTime() + DAY_MS),
      createdBy: actorId,
    });
  }
  for (let n = 0; planned.length < COUNT; n++) {
    const site = sites.length > 0 ? sites[n % sites.length]! : null;
    const template = n % 2 === 0 ? TEMPLATES[n % TEMPLATES.length]! : null;
    planned.push({
      title: template ? template.title : FREE_TITLES[n % FREE_TITLES.length]!,
      description: template ? template.description : '',
      siteId: site?.id ?? null,
      siteName: site?.name ?? null,
      gps: gpsOf(site),
      planId: null,
      templateId: template ? templateIds[n % TEMPLATES.length]! : null,
      source: null,
      priority: template ? template.priority : PRIORITY_CYCLE[n % PRIORITY_CYCLE.length]!,
      photo: template ? template.photo : n % 3 === 0,
      note: template ? template.note : false,
      createdAt: new Date(now - (350 - ((n * 41) % 345)) * DAY_MS),
      createdBy: actorId,
    });
  }

  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const [i, p] of planned.entries()) {
    const id = randomUUID();
    const age = Math.floor((now - p.createdAt.getTime()) / DAY_MS);
    // Plans gather one action in three; the people share them in turn.
    const planId = i % 3 === 0 ? planIds[i % planIds.length]! : null;
    const assigneeId = i % 11 === 10 ? null : people[i % people.length]!;
    const createdDay = districtToday(p.createdAt);
    const dueOn = i % 13 === 12 ? null : addDays(createdDay, 7 + ((i * 17) % 40));
    // The older, the further along: verified, done or cancelled; the recent ones open (overdue when their day passed).
    const steps: ActionStatus[] =
      assigneeId === null ? [] : age > 90 ? (i % 9 === 4 ? ['cancelled'] : i % 4 === 0 ? ['inProgress', 'done'] : ['inProgress', 'done', 'verified']) : age > 30 ? (i % 3 === 0 ? ['inProgress'] : i % 3 === 1 ? ['inProgress', 'done'] : []) : i % 2 === 0 ? ['inProgress'] : [];
    const status: ActionStatus = steps.at(-1) ?? 'todo';
    const closed = steps.includes('done');
    const changes: { from: ActionStatus; to: ActionStatus; at: string; by: string; note: string | null }[] = [];
    let previous: ActionStatus = 'todo';
    let doneAt: Date | null = null;
    let verifiedAt: Date | null = null;
    const closingNote = closed ? CLOSING_NOTES[i % CLOSING_NOTES.length]! : null;
    for (const [n, next] of steps.entries()) {
      const at = new Date(Math.min(p.createdAt.getTime() + (n + 1) * 4 * DAY_MS + (i % 8) * 3_600_000, now - 3_600_000));
      const by = next === 'verified' || next === 'cancelled' ? actorId : (assigneeId ?? actorId);
      const note = next === 'done' ? closingNote : next === 'cancelled' ? 'Sans objet : équipement retiré du site.' : null;
      changes.push({ from: previous, to: next, at: at.toISOString(), by, note });
      if (next === 'done') doneAt = at;
      if (next === 'verified') verifiedAt = at;
      previous = next;
    }
    const proofPhoto = p.photo;
    const proofNote = p.note;
    const withPhoto = closed && (proofPhoto || i % 2 === 0);
    const comments = i % 5 === 2 ? [COMMENTS[i % COMMENTS.length]!] : i % 7 === 3 ? [COMMENTS[i % COMMENTS.length]!, COMMENTS[(i + 1) % COMMENTS.length]!] : [];
    const updatedAt = new Date(Math.max(p.createdAt.getTime(), ...changes.map((c) => Date.parse(c.at))));
    const version = 1 + steps.length + comments.length;
    const open = status === 'todo' || status === 'inProgress';
    // The notices already due are marked sent (see the header).
    const remindOn = dueOn === null ? null : addDays(dueOn, -ACTION_REMIND_DAYS);
    const remindedAt = remindOn !== null && remindOn <= today ? new Date(now) : null;
    const overdueNotifiedAt = open && dueOn !== null && dueOn < today ? new Date(now) : null;
    await tx.query(
      `insert into actions (id, district_id, title, description, site_id, plan_id, template_id, source_kind, source_id, source_question, assignee_id, due_on,
                            priority, status, proof_photo, proof_note, closing_note, done_at, done_by, verified_at, verified_by, status_changes, comment_count,
                            search_text, remind_on, reminded_at, overdue_notified_at, version, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::date, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
               vigie_fold($3 || ' ' || $4 || ' ' || coalesce($24, '')), $25::date, $26, $27, $28, $29, $30, $31, $32)`,
      [
        id,
        districtId,
        p.title,
        p.description,
        p.siteId,
        planId,
        p.templateId,
        p.source?.kind ?? null,
        p.source?.id ?? null,
        p.source?.question ?? null,
        assigneeId,
        dueOn,
        p.priority,
        status,
        proofPhoto,
        proofNote,
        closingNote,
        doneAt,
        doneAt ? (assigneeId ?? actorId) : null,
        verifiedAt,
        verifiedAt ? actorId : null,
        JSON.stringify(changes),
        comments.length,
        p.siteName,
        remindOn,
        remindedAt,
        overdueNotifiedAt,
        version,
        p.createdAt,
        p.createdBy,
        updatedAt,
        changes.at(-1)?.by ?? p.createdBy,
      ],
    );
    const created: unknown[] = [
      { field: 'title', before: null, after: p.title },
      { field: 'priority', before: null, after: p.priority },
    ];
    if (assigneeId) created.push({ field: 'assigneeId', before: null, after: assigneeId });
    if (dueOn) created.push({ field: 'dueOn', before: null, after: dueOn });
    if (p.source) created.push({ field: 'source', before: null, after: p.source });
    await history(ACTIONS_MODULE, id, 1, 'create', created, p.createdAt, p.createdBy);
    let v = 1;
    for (const [n, text] of comments.entries()) {
      const at = new Date(Math.min(p.createdAt.getTime() + (n + 1) * 2 * DAY_MS, now - 7_200_000));
      const by = n % 2 === 0 ? (assigneeId ?? actorId) : actorId;
      await tx.query('insert into action_comments (id, action_id, district_id, text, at, created_at, created_by) values ($1, $2, $3, $4, $5, $5, $6)', [randomUUID(), id, districtId, text, at, by]);
      await history(ACTIONS_MODULE, id, ++v, 'update', [{ field: 'comment', before: null, after: text }], at, by);
    }
    for (const change of changes) {
      const entry: unknown[] = [{ field: 'status', before: change.from, after: change.to }];
      if (change.note) entry.push({ field: change.to === 'done' ? 'closingNote' : 'note', before: null, after: change.note });
      await history(ACTIONS_MODULE, id, ++v, 'update', entry, new Date(change.at), change.by);
    }
    if (withPhoto && doneAt) {
      await storeDemoPhoto(tx, storage, {
        id: randomUUID(),
        picture: after,
        clientDb,
        districtId,
        module: ACTIONS_MODULE,
        recordId: id,
        takenAt: new Date(doneAt.getTime() - 10 * 60_000),
        gps: p.gps,
        createdAt: new Date(doneAt.getTime() - 5 * 60_000),
        createdBy: actorId,
        createdByName: actorName,
      });
    }
  }
}
