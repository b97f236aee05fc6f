/**
 * The Declarations module's demo data for one district (seed/demo.ts calls it inside the
 * district's transaction, after the sites): five templates (incident, presque-accident,
 * observation sécurité, dégradation, environnement), each at revision 1, and about forty
 * declarations over the last twelve months on the district's sites, in every status (the
 * older the more likely closed), each with its history: the report, then each status step
 * with its reason. About one in four has a photo or two (demo pictures drawn once per process
 * by sharp, stored through the attachment storage as complete attachments of the declaration).
 * Written by the demo administrator (the seed's only account).
 */
import { randomUUID } from 'node:crypto';
import { drawDemoPhotos, storeDemoPhoto } from '../../seed/photos.js';
import type { Severity, Status, TemplateField } from '../../../../common/modules/declarations/schemas.js';
import type { DistrictSeed } from '../index.js';
import { appendLock } from '../_platform/lock-chain.js';
import { DECLARATIONS_MODULE, lockedContent, TEMPLATES_HISTORY } from './repository.js';
import { seedHistory } from '../_platform/records.js';

const DAY_MS = 86_400_000;

interface DemoTemplate {
  name: string;
  icon: string;
  severity: Severity;
  fields: TemplateField[];
  titles: string[];
  values: (i: number) => Record<string, unknown>;
}

const TEMPLATES: DemoTemplate[] = [
  {
    name: 'Incident',
    icon: 'medkit',
    severity: 'high',
    fields: [
      { key: 'injured', label: 'Personne blessée', kind: 'yesNo', required: true },
      { key: 'nature', label: 'Nature', kind: 'choice', required: true, options: ['Chute', 'Coupure', 'Brûlure', 'Heurt', 'Autre'] },
      { key: 'first_aid', label: 'Premiers soins donnés', kind: 'longText', required: false },
      { key: 'photos', label: 'Photos', kind: 'photo', required: false },
    ],
    titles: ['Chute dans l’escalier B', 'Coupure lors d’une découpe', 'Brûlure légère au poste de soudure', 'Heurt avec un chariot élévateur', 'Glissade sur sol mouillé'],
    values: (i) => ({ injured: i % 2 === 0, nature: ['Chute', 'Coupure', 'Brûlure', 'Heurt', 'Chute'][i % 5], first_aid: i % 2 === 0 ? 'Soins par le sauveteur secouriste du travail.' : '' }),
  },
  {
    name: 'Presque-accident',
    icon: 'warning',
    severity: 'medium',
    fields: [
      { key: 'consequence', label: 'Conséquence possible', kind: 'longText', required: true },
      { key: 'people', label: 'Personnes exposées', kind: 'number', required: false },
    ],
    titles: ['Charge suspendue au-dessus d’un passage', 'Chariot à contresens dans l’allée', 'Outil tombé d’un échafaudage', 'Porte coupe-feu qui se referme brusquement'],
    values: (i) => ({ consequence: 'Blessure grave évitée de peu.', people: 1 + (i % 4) }),
  },
  {
    name: 'Observation sécurité',
    icon: 'eye',
    severity: 'low',
    fields: [
      { key: 'category', label: 'Catégorie', kind: 'multiChoice', required: true, options: ['EPI', 'Circulation', 'Rangement', 'Signalisation', 'Incendie'] },
      { key: 'fixed_now', label: 'Corrigé sur place', kind: 'yesNo', required: false },
    ],
    titles: ['Sortie de secours encombrée', 'Extincteur non vérifié depuis un an', 'Port du casque non respecté', 'Marquage au sol effacé', 'Câbles au sol dans le couloir'],
    values: (i) => ({ category: [['Incendie'], ['Incendie'], ['EPI'], ['Circulation', 'Signalisation'], ['Rangement']][i % 5], fixed_now: i % 3 === 0 }),
  },
  {
    name: 'Dégradation',
    icon: 'construct',
    severity: 'medium',
    fields: [
      { key: 'equipment', label: 'Équipement concerné', kind: 'text', required: true },
      { key: 'found_on', label: 'Constaté le', kind: 'date', required: false },
    ],
    titles: ['Clôture endommagée côté parking', 'Vitre fissurée à l’accueil', 'Portail coulissant bloqué', 'Éclairage extérieur hors service'],
    values: (i) => ({ equipment: ['Clôture', 'Vitrage', 'Portail', 'Éclairage'][i % 4] }),
  },
  {
    name: 'Environnement',
    icon: 'leaf',
    severity: 'high',
    fields: [
      { key: 'product', label: 'Produit', kind: 'text', required: true },
      { key: 'volume', label: 'Volume estimé (litres)', kind: 'number', required: false },
      { key: 'contained', label: 'Fuite contenue', kind: 'yesNo', required: true },
    ],
    titles: ['Fuite d’huile sous un compresseur', 'Bidon de solvant renversé', 'Bac de rétention plein', 'Déchets dangereux mal stockés'],
    values: (i) => ({ product: ['Huile hydraulique', 'Solvant', 'Eaux pluviales souillées', 'Peintures'][i % 4], volume: 5 + ((i * 7) % 40), contained: i % 2 === 1 }),
  },
];

const REASONS: Record<Exclude<Status, 'new'>, string> = {
  acknowledged: 'Pris en compte par le responsable du site.',
  investigating: 'Analyse des causes lancée avec l’équipe.',
  closed: 'Mesures réalisées et vérifiées sur place.',
};

export async function seedDeclarations({ tx, clientDb, districtId, actorId, actorName, storage }: DistrictSeed): Promise<void> {
  const now = Date.now();
  const pictures = await drawDemoPhotos();
  const yearAgo = new Date(now - 365 * DAY_MS);
  const { rows: sites } = await tx.query<{ id: string; name: string; gps_lat: number | null; gps_lng: number | null }>(
    'select id, name, gps_lat, gps_lng from sites where district_id = $1 and deleted_at is null order by name',
    [districtId],
  );
  const history = seedHistory(tx, districtId, actorId);

  const templateIds: string[] = [];
  for (const t of TEMPLATES) {
    const id = randomUUID();
    templateIds.push(id);
    await tx.query(
      `insert into declaration_templates (id, district_id, name, icon, default_severity, fields, notify, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)`,
      [id, districtId, t.name, t.icon, t.severity, JSON.stringify(t.fields), [actorId], yearAgo, actorId],
    );
    await tx.query(
      `insert into declaration_template_versions (template_id, version, name, icon, default_severity, fields, notify, created_at, created_by)
       values ($1, 1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, t.name, t.icon, t.severity, JSON.stringify(t.fields), [actorId], yearAgo, actorId],
    );
    await history(TEMPLATES_HISTORY, id, 1, 'create', [{ field: 'name', before: null, after: t.name }], yearAgo);
  }

  const COUNT = 40;
  for (let i = 0; i < COUNT; i++) {
    const t = TEMPLATES[i % TEMPLATES.length]!;
    const site = sites.length > 0 && i % 7 !== 6 ? sites[i % sites.length]! : null;
    // Spread over the last 360 days, the oldest first; the older, the further along the workflow.
    const age = 360 - Math.floor((i * 355) / COUNT);
    const occurredAt = new Date(now - age * DAY_MS + ((i * 37) % 600) * 60_000);
    const createdAt = new Date(occurredAt.getTime() + 20 * 60_000);
    const steps: Exclude<Status, 'new'>[] =
      age > 120 ? ['acknowledged', 'investigating', 'closed'] : age > 60 ? (i % 2 ? ['acknowledged', 'investigating'] : ['closed']) : age > 20 ? ['acknowledged'] : [];
    const status: Status = steps.at(-1) ?? 'new';
    const severity: Severity = i % 9 === 0 ? 'critical' : t.severity;
    const title = `${t.titles[i % t.titles.length]!}${site ? ` – ${site.name}` : ''}`;
    const description = 'Constaté lors de la tournée ; zone balisée en attendant l’intervention.';
    // Where it was seen: within about 150 m of its site (the map shows each apart), rounded as a device reports it.
    const near = (base: number, k: number) => Math.round((base + ((((i * k) % 25) - 12) * 0.00011)) * 1e6) / 1e6;
    const position = site?.gps_lat != null && site.gps_lng != null ? { lat: near(site.gps_lat, 7), lng: near(site.gps_lng, 11), accuracy: 8 + (i % 20), source: 'device' } : null;
    const values = t.values(i);
    const id = randomUUID();
    // One in four, with a second photo for one in eight, taken a few minutes after the event.
    const photos = i % 4 === 1 ? (i % 8 === 1 ? [0, 1] : [0]).map((k) => ({ id: randomUUID(), picture: pictures[(i + k) % pictures.length]! })) : [];
    for (const [k, photo] of photos.entries()) {
      await storeDemoPhoto(tx, storage, {
        ...photo,
        clientDb,
        districtId,
        module: DECLARATIONS_MODULE,
        recordId: id,
        takenAt: new Date(occurredAt.getTime() + (k + 2) * 60_000),
        gps: position,
        createdAt,
        createdBy: actorId,
        createdByName: actorName,
      });
    }
    const version = 1 + steps.length;
    const updatedAt = new Date(createdAt.getTime() + steps.length * 3 * DAY_MS);
    const closed = status === 'closed';
    await tx.query(
      `insert into declarations (id, district_id, template_id, template_version, site_id, position, occurred_at, captured_at, severity, title,
                                 description, field_values, status, assignee_id, cause, measures, locked_at, search_text,
                                 version, created_at, created_by, updated_at, updated_by, photos)
       values ($1, $2, $3, 1, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
               vigie_fold($9 || ' ' || $10 || ' ' || coalesce($19, '')), $17, $7, $18, $20, $18, $21)`,
      [
        id,
        districtId,
        templateIds[i % TEMPLATES.length],
        site?.id ?? null,
        position === null ? null : JSON.stringify(position),
        occurredAt,
        createdAt,
        severity,
        title,
        description,
        JSON.stringify(values),
        status,
        steps.length > 0 ? actorId : null,
        steps.includes('investigating') ? 'Procédure non suivie, signalisation insuffisante.' : '',
        closed ? 'Rappel des consignes, signalisation refaite.' : '',
        closed ? updatedAt : null,
        version,
        actorId,
        site?.name ?? null,
        updatedAt,
        photos.map((p) => p.id),
      ],
    );
    await history(
      DECLARATIONS_MODULE,
      id,
      1,
      'create',
      [
        { field: 'template', before: null, after: { id: templateIds[i % TEMPLATES.length], version: 1 } },
        { field: 'title', before: null, after: title },
        { field: 'severity', before: null, after: severity },
      ],
      createdAt,
    );
    let previous: Status = 'new';
    for (const [n, next] of steps.entries()) {
      const at = new Date(createdAt.getTime() + (n + 1) * 3 * DAY_MS);
      const changes: unknown[] = [
        { field: 'status', before: previous, after: next },
        { field: 'reason', before: null, after: REASONS[next] },
      ];
      if (next === 'closed') changes.push({ field: 'lockedAt', before: null, after: at.toISOString() });
      await history(DECLARATIONS_MODULE, id, n + 2, 'update', changes, at);
      previous = next;
    }
  }
  // The closed ones, hash-chained in the order they were closed, as a closing does it.
  const { rows: locked } = await tx.query<{ id: string }>('select id from declarations where district_id = $1 and locked_at is not null order by locked_at, id', [districtId]);
  for (const { id } of locked) await appendLock(tx, { districtId, module: DECLARATIONS_MODULE, recordId: id, content: await lockedContent(tx, districtId, id) });
}
