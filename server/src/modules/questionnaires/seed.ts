/**
 * The Questionnaires module's demo data for one district (seed/demo.ts calls it inside the
 * district's transaction, after the sites): four templates in French (registre de sécurité
 * incendie, visite de chantier, contrôle des EPI, and the Securesphere audit sûreté), and a year
 * of inspections on the district's sites, one a week or so: the older ones submitted (answered,
 * scored by the engine, some failing with their failed items' notes and actions, signed, locked,
 * hashed and chained as a submit does), the last ones in progress or to do, some overdue. They
 * are shared among the district's members, so the field user has its own to fill.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { evaluate, questionsOf, shownAnswers } from '../../../../common/modules/questionnaires/engine.js';
import type { Answer, Answers, Family, Question, Section } from '../../../../common/modules/questionnaires/schemas.js';
import { attachmentKey } from '../../attachments/storage.js';
import type { DistrictSeed } from '../index.js';
import { appendLock, contentHash } from '../_platform/lock-chain.js';
import { lockedContent, QUESTIONNAIRES_MODULE, TEMPLATES_HISTORY } from './repository.js';
import { seedHistory } from '../_platform/records.js';

const DAY_MS = 86_400_000;

const yesNo = (key: string, label: string, extra: Partial<Question> = {}): Question => ({ key, type: 'yesNo', label, required: true, ...extra });
const FOLLOW_UP = { note: true, action: true } as const;

interface DemoTemplate {
  family: Family;
  name: string;
  description: string;
  passMark: number | null;
  sections: Section[];
}

export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    family: 'questionnary',
    name: 'Registre de sécurité incendie',
    description: 'Vérifications périodiques des moyens de secours (article R4227-39 du Code du travail).',
    passMark: 90,
    sections: [
      {
        key: 'extinction',
        title: 'Moyens d’extinction',
        questions: [
          yesNo('extincteurs_presents', 'Les extincteurs sont-ils en place, accessibles et signalés ?', { weight: 2, onFail: FOLLOW_UP }),
          yesNo('extincteurs_verifies', 'La vérification annuelle des extincteurs date-t-elle de moins d’un an ?', { weight: 2, onFail: FOLLOW_UP }),
          { key: 'date_verification', type: 'date', label: 'Date de la dernière vérification', required: true, showIf: { question: 'extincteurs_verifies', op: 'is', values: ['yes'] } },
          yesNo('ria', 'Les robinets d’incendie armés sont-ils dégagés ?', { onFail: { note: true } }),
        ],
      },
      {
        key: 'evacuation',
        title: 'Évacuation',
        questions: [
          yesNo('issues_degagees', 'Les issues de secours sont-elles dégagées ?', { weight: 3, onFail: FOLLOW_UP }),
          yesNo('baes', 'Les blocs d’éclairage de sécurité fonctionnent-ils ?', { weight: 2, onFail: FOLLOW_UP }),
          yesNo('plans', 'Les plans d’évacuation sont-ils affichés à chaque niveau ?'),
          { key: 'exercice', type: 'date', label: 'Date du dernier exercice d’évacuation', required: false },
        ],
      },
      {
        key: 'alarme',
        title: 'Alarme et formation',
        questions: [
          yesNo('alarme_testee', 'L’alarme a-t-elle été testée ce mois-ci ?', { weight: 2, onFail: FOLLOW_UP }),
          { key: 'personnes_formees', type: 'number', label: 'Personnes formées à l’utilisation des extincteurs', required: false, min: 2, weight: 1, unit: 'pers.' },
          { key: 'observations', type: 'text', label: 'Observations', required: false },
        ],
      },
    ],
  },
  {
    family: 'questionnary',
    name: 'Visite de chantier',
    description: 'Visite sécurité hebdomadaire du chantier.',
    passMark: 80,
    sections: [
      {
        key: 'acces',
        title: 'Accès et circulation',
        questions: [
          yesNo('cloture', 'La clôture du chantier est-elle continue et fermée ?', { weight: 2, onFail: FOLLOW_UP }),
          yesNo('circulation', 'Les circulations piétons et engins sont-elles séparées ?', { weight: 2, onFail: FOLLOW_UP }),
          {
            key: 'proprete',
            type: 'choice',
            label: 'État de propreté du chantier',
            required: true,
            weight: 2,
            options: [
              { key: 'bon', label: 'Bon', score: 1 },
              { key: 'moyen', label: 'Moyen', score: 0.5 },
              { key: 'mauvais', label: 'Mauvais', score: 0, failed: true },
            ],
            onFail: { note: true },
          },
        ],
      },
      {
        key: 'travail_hauteur',
        title: 'Travail en hauteur',
        questions: [
          yesNo('hauteur', 'Des travaux en hauteur sont-ils en cours ?', { weight: 0 }),
          yesNo('garde_corps', 'Les garde-corps sont-ils en place ?', { weight: 3, onFail: FOLLOW_UP, showIf: { question: 'hauteur', op: 'is', values: ['yes'] } }),
          yesNo('echafaudage', 'L’échafaudage a-t-il été réceptionné ?', { weight: 3, onFail: FOLLOW_UP, showIf: { question: 'hauteur', op: 'is', values: ['yes'] } }),
        ],
      },
      {
        key: 'epi',
        title: 'Équipements de protection',
        questions: [
          {
            key: 'epi_portes',
            type: 'multiChoice',
            label: 'EPI portés par toutes les personnes présentes',
            required: true,
            weight: 3,
            options: [
              { key: 'casque', label: 'Casque', score: 0.4 },
              { key: 'chaussures', label: 'Chaussures de sécurité', score: 0.4 },
              { key: 'gilet', label: 'Gilet haute visibilité', score: 0.2 },
              { key: 'aucun', label: 'Aucun', score: 0, failed: true, exclusive: true },
            ],
            onFail: FOLLOW_UP,
          },
          { key: 'effectif', type: 'number', label: 'Personnes présentes', required: false },
          { key: 'position', type: 'position', label: 'Position de la visite', required: false },
        ],
      },
    ],
  },
  {
    family: 'questionnary',
    name: 'Contrôle des EPI',
    description: 'Contrôle trimestriel de l’état des équipements de protection individuelle.',
    passMark: 75,
    sections: [
      {
        key: 'etat',
        title: 'État des équipements',
        questions: [
          yesNo('harnais', 'Les harnais sont-ils sans usure ni coupure ?', { weight: 3, onFail: FOLLOW_UP }),
          yesNo('casques', 'Les casques ont-ils moins de cinq ans ?', { weight: 2, onFail: FOLLOW_UP }),
          yesNo('gants', 'Les gants sont-ils adaptés aux produits manipulés ?', { onFail: { note: true } }),
          { key: 'stock_bouchons', type: 'number', label: 'Stock de bouchons d’oreille (paires)', required: true, min: 50, weight: 1 },
        ],
      },
      {
        key: 'registre',
        title: 'Registre',
        questions: [
          yesNo('registre_a_jour', 'Le registre de remise des EPI est-il à jour ?', { weight: 2, onFail: FOLLOW_UP }),
          { key: 'commentaire', type: 'text', label: 'Commentaire', required: false },
        ],
      },
    ],
  },
  {
    family: 'securesphere',
    name: 'Audit sûreté',
    description: 'Audit Securesphere de la sûreté du site : accès, vidéoprotection, clés et procédures.',
    passMark: 70,
    sections: [
      {
        key: 'acces',
        title: 'Contrôle d’accès',
        questions: [
          yesNo('badges', 'Les accès sont-ils contrôlés par badge ?', { weight: 3, onFail: FOLLOW_UP }),
          yesNo('visiteurs', 'Les visiteurs sont-ils enregistrés et accompagnés ?', { weight: 2, onFail: FOLLOW_UP }),
          {
            key: 'perimetre',
            type: 'choice',
            label: 'Protection du périmètre',
            required: true,
            weight: 3,
            options: [
              { key: 'complete', label: 'Complète', score: 1 },
              { key: 'partielle', label: 'Partielle', score: 0.5 },
              { key: 'absente', label: 'Absente', score: 0, failed: true },
              { key: 'sans_objet', label: 'Sans objet' },
            ],
            onFail: FOLLOW_UP,
          },
        ],
      },
      {
        key: 'video',
        title: 'Vidéoprotection',
        questions: [
          yesNo('cameras', 'Les caméras fonctionnent-elles ?', { weight: 2, onFail: FOLLOW_UP }),
          { key: 'conservation', type: 'number', label: 'Durée de conservation des images', required: true, min: 1, max: 30, unit: 'jours', weight: 2 },
        ],
      },
      {
        key: 'cles',
        title: 'Clés et procédures',
        questions: [
          yesNo('cles', 'Le tableau des clés est-il tenu à jour ?', { weight: 2, onFail: FOLLOW_UP }),
          yesNo('procedure_intrusion', 'La procédure en cas d’intrusion est-elle connue du personnel ?', { weight: 2, onFail: { note: true } }),
        ],
      },
    ],
  },
];

/** A fixed pseudo-random fraction of (i, j): the demo is the same at every seed. */
const chance = (i: number, j: number) => ((i * 7919 + j * 104_729 + 13) % 101) / 101;

/** A plausible answer; about one item in ten fails. */
function demoAnswer(question: Question, i: number, j: number, at: string, site: { lat: number; lng: number } | null): Answer | null {
  const r = chance(i, j);
  const failing = r < 0.1;
  const answer = (value: Answer['value']): Answer => ({ value, at });
  switch (question.type) {
    case 'yesNo':
      if (question.weight === 0) return answer(r < 0.5 ? 'yes' : 'no');
      return answer(failing ? (question.failOn ?? 'no') : r > 0.95 ? 'na' : question.failOn === 'yes' ? 'no' : 'yes');
    case 'choice': {
      const options = question.options ?? [];
      return answer(options[failing ? options.length - 1 : r < 0.35 ? 1 : 0]?.key ?? null);
    }
    case 'multiChoice': {
      const options = question.options ?? [];
      return answer(failing ? [options[options.length - 1]!.key] : options.slice(0, r < 0.4 ? 2 : 3).map((o) => o.key));
    }
    case 'number': {
      if (question.min === undefined && question.max === undefined) return answer(3 + Math.round(r * 20));
      const low = question.min ?? 0;
      const high = question.max ?? low + 100;
      return answer(failing ? (question.max !== undefined ? high + 5 : Math.max(0, low - 1)) : Math.round(low + (high - low) * r));
    }
    case 'date':
      return answer(at.slice(0, 10));
    case 'text':
      return r < 0.5 ? answer(r < 0.25 ? 'RAS.' : 'Rien à signaler, consignes rappelées à l’équipe.') : null;
    case 'position':
      return site ? answer({ ...site, accuracy: 6 + Math.round(r * 20) }) : null;
    default:
      return null;
  }
}

interface Picture {
  bytes: Buffer;
  sha256: string;
}
let signaturePicture: Promise<Picture> | null = null;
/** A signature drawn once per process (a PNG, as the app's pad makes one). */
function drawSignature(): Promise<Picture> {
  signaturePicture ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="100%" height="100%" fill="white"/>
      <path d="M20 110 C60 20, 90 150, 130 80 S200 40, 230 100 S300 140, 340 70 S420 60, 460 90" stroke="#1d2b53" stroke-width="5" fill="none" stroke-linecap="round"/></svg>`),
  )
    .png()
    .toBuffer()
    .then((bytes) => ({ bytes, sha256: createHash('sha256').update(bytes).digest('hex') }));
  return signaturePicture;
}

const SIGNERS = ['Camille Martin', 'Karim Benali', 'Julie Moreau', 'Thomas Leroy'];
/** Inspections a district gets, one every week and a half over the year. */
const COUNT = 34;

export async function seedQuestionnaires({ tx, clientDb, districtId, actorId, actorName, storage }: DistrictSeed): Promise<void> {
  const now = Date.now();
  const yearAgo = new Date(now - 365 * DAY_MS);
  const signature = await drawSignature();
  const { rows: sites } = await tx.query<{ id: string; name: string; gps_lat: number | null; gps_lng: number | null }>(
    'select id, name, gps_lat, gps_lng from sites where district_id = $1 and deleted_at is null order by name limit 12',
    [districtId],
  );
  // Members who fill them: those who may (the operator holds every right; the field user and
  // the district administrator the questionnary read right).
  const { rows: members } = await tx.query<{ account_id: string; rights: string[] }>('select account_id, rights from memberships where district_id = $1 order by account_id', [districtId]);
  const fillers = (family: Family) => {
    const right = family === 'questionnary' ? 'questionnaryV2.questionnary_' : 'questionnaryV2.securesphere_';
    // The field staff first (the fewest rights): the open ones go to them before the managers.
    const able = members.filter((m) => m.rights.some((r) => r.startsWith(right))).sort((a, b) => a.rights.length - b.rights.length).map((m) => m.account_id);
    return able.length > 0 ? able : [actorId];
  };
  const history = seedHistory(tx, districtId, actorId);

  const templates: { id: string; template: DemoTemplate }[] = [];
  for (const template of DEMO_TEMPLATES) {
    const id = randomUUID();
    const count = questionsOf(template).length;
    await tx.query(
      `insert into questionnaire_templates (id, district_id, family, name, description, sections, pass_mark, question_count, created_at, created_by, updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10)`,
      [id, districtId, template.family, template.name, template.description, JSON.stringify(template.sections), template.passMark, count, yearAgo, actorId],
    );
    await tx.query(
      `insert into questionnaire_template_versions (template_id, version, name, description, sections, pass_mark, question_count, created_at, created_by)
       values ($1, 1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, template.name, template.description, JSON.stringify(template.sections), template.passMark, count, yearAgo, actorId],
    );
    await history(TEMPLATES_HISTORY, id, 1, 'create', [{ field: 'family', before: null, after: template.family }, { field: 'name', before: null, after: template.name }], yearAgo);
    templates.push({ id, template });
  }

  const opened = new Map<Family, number>();
  for (let i = 0; i < COUNT; i++) {
    const { id: templateId, template } = templates[i % templates.length]!;
    const site = sites.length > 0 ? sites[i % sites.length]! : null;
    const position = site?.gps_lat != null && site.gps_lng != null ? { lat: site.gps_lat, lng: site.gps_lng } : null;
    const people = fillers(template.family);
    // Due every ~10 days from a year ago; the last ones still ahead.
    const due = new Date(now - 350 * DAY_MS + i * 10.8 * DAY_MS + 17 * 3_600_000);
    const age = (now - due.getTime()) / DAY_MS;
    const createdAt = new Date(due.getTime() - 14 * DAY_MS);
    // Submitted when past, but for some of the last weeks' (overdue: to do, or started); the
    // coming ones to do, one of them started.
    const overdue = age > 0 && age <= 40 && i % 3 !== 0;
    const status = age > 0 && !overdue ? 'submitted' : (overdue ? i % 2 === 0 : i === COUNT - 2) ? 'inProgress' : 'todo';
    const nth = opened.get(template.family) ?? 0;
    if (status !== 'submitted') opened.set(template.family, nth + 1);
    const assignee = people[(status === 'submitted' ? i : nth) % people.length]!;
    const startedAt = status === 'todo' ? null : new Date(Math.min(due.getTime() - DAY_MS, now - 3_600_000) + (i % 5) * 3_600_000);
    const at = (startedAt ?? createdAt).toISOString();
    const id = randomUUID();
    const all: Answers = {};
    for (const [j, { question }] of questionsOf(template).entries()) {
      const answer = demoAnswer(question, i, j, at, position);
      if (answer) all[question.key] = answer;
    }
    // Failed items get what their question asks: a note and an action.
    const draft = evaluate(template, shownAnswers(template, all));
    for (const failure of draft.failed) {
      const question = questionsOf(template).find((q) => q.question.key === failure.questionKey)!.question;
      const answer = all[failure.questionKey]!;
      if (question.onFail?.note) answer.note = 'Constaté lors de la visite, signalé au responsable du site.';
      if (question.onFail?.action) answer.action = { title: `Corriger : ${question.label.replace(/ \?$/, '').toLowerCase()}`, dueOn: new Date(due.getTime() + 30 * DAY_MS).toISOString().slice(0, 10), assigneeId: null };
    }
    const answers = status === 'todo' ? {} : status === 'inProgress' ? Object.fromEntries(Object.entries(shownAnswers(template, all)).slice(0, 4)) : shownAnswers(template, all);
    const submitted = status === 'submitted';
    const result = submitted ? evaluate(template, answers) : null;
    const finishedAt = startedAt ? new Date(startedAt.getTime() + (25 + (i % 20)) * 60_000) : null;
    const signatureId = submitted ? randomUUID() : null;
    const updatedAt = finishedAt && submitted ? finishedAt : startedAt ?? createdAt;
    await tx.query(
      `insert into inspections (id, district_id, family, template_id, template_version, site_id, assignee_id, due_at, status, answers, started_at,
                                start_position, finished_at, end_position, signature, signed_by, total, section_scores, percent, passed, failed_items,
                                failed_count, submitted_at, locked_at, search_text, version, created_at, created_by, updated_at, updated_by,
                                remind_at, reminded_at, overdue_notified_at)
       values ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11, $12, $11, $13, $14, $15, $16, $17, $18, $19, $20, $12, $12,
               vigie_fold($21 || ' ' || coalesce($22, '')), $23, $24, $25, $26, $27,
               $7::timestamptz - interval '1 day',
               -- As if the scheduler had run: the past reminders and overdue notices sent.
               case when $7::timestamptz - interval '1 day' <= now() then $7::timestamptz - interval '1 day' end,
               case when $7::timestamptz <= now() and $8 <> 'submitted' then $7::timestamptz + interval '1 minute' end)`,
      [
        id,
        districtId,
        template.family,
        templateId,
        site?.id ?? null,
        assignee,
        due,
        status,
        JSON.stringify(answers),
        startedAt,
        position && startedAt ? JSON.stringify({ ...position, accuracy: 12 }) : null,
        submitted ? finishedAt : null,
        signatureId,
        submitted ? SIGNERS[i % SIGNERS.length] : null,
        result ? JSON.stringify(result.total) : null,
        JSON.stringify(result?.sections ?? []),
        result?.total.percent ?? null,
        result?.passed ?? null,
        JSON.stringify(result?.failed ?? []),
        result?.failed.length ?? 0,
        template.name,
        site?.name ?? null,
        submitted ? 2 : status === 'inProgress' ? 2 : 1,
        createdAt,
        actorId,
        updatedAt,
        submitted || status === 'inProgress' ? assignee : actorId,
      ],
    );
    if (signatureId) {
      const key = attachmentKey(clientDb, signatureId);
      await storage.put(key, signature.bytes, 'image/png');
      await tx.query(
        `insert into attachments (id, district_id, module, record_id, name, type, size, width, height, storage_key, sha256, state, created_at, created_by, created_by_name, completed_at)
         values ($1, $2, $3, $4, 'signature.png', 'image/png', $5, 480, 160, $6, $7, 'complete', $8, $9, $10, $8)`,
        [signatureId, districtId, QUESTIONNAIRES_MODULE, id, signature.bytes.length, key, signature.sha256, finishedAt, assignee, actorName],
      );
    }
    await history(
      QUESTIONNAIRES_MODULE,
      id,
      1,
      'create',
      [
        { field: 'template', before: null, after: { id: templateId, version: 1 } },
        { field: 'assigneeId', before: null, after: assignee },
        { field: 'dueAt', before: null, after: due.toISOString() },
      ],
      createdAt,
    );
    if (submitted && finishedAt) {
      const changes = [
        { field: 'status', before: 'inProgress', after: 'submitted' },
        { field: 'score', before: null, after: result?.total.percent ?? null },
        { field: 'submittedAt', before: null, after: finishedAt.toISOString() },
      ];
      await history(QUESTIONNAIRES_MODULE, id, 2, 'update', changes, finishedAt, assignee);
    } else if (status === 'inProgress' && startedAt) {
      await history(QUESTIONNAIRES_MODULE, id, 2, 'update', [{ field: 'status', before: 'todo', after: 'inProgress' }], startedAt, assignee);
    }
  }
  // The submitted ones, locked, hashed and chained in the order they were submitted, as a submit does it.
  const { rows: locked } = await tx.query<{ id: string }>('select id from inspections where district_id = $1 and locked_at is not null order by locked_at, id', [districtId]);
  for (const { id } of locked) {
    const content = await lockedContent(tx, districtId, id);
    await appendLock(tx, { districtId, module: QUESTIONNAIRES_MODULE, recordId: id, content });
    await tx.query('update inspections set content_hash = $2 where id = $1', [id, contentHash(content)]);
  }
}
