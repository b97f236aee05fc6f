/**
 * The ready-made definitions every district starts with (seed.ts): a hot-work permit, a work
 * permit for an outside company, a declaration's closure approval, a contract's approval and a
 * purchase request from a low-stock list. Approvers are named by right (the district's
 * administrators), so they hold in every district; a manager edits and publishes new versions.
 */
import type { WorkflowSpec } from '../../../../common/modules/workflow/schemas.js';

const ADMIN = { type: 'right', right: 'district.admin' } as const;
const STARTER = { type: 'role', role: 'starter' } as const;

export interface ReadyMade {
  key: string;
  name: string;
  target: string | null;
  spec: WorkflowSpec;
}

export const HOT_WORK: WorkflowSpec = {
  initial: 'requested',
  states: [
    { key: 'requested', label: { fr: 'Demandé', en: 'Requested' }, remindHours: 24 },
    { key: 'approval', label: { fr: 'En attente d’approbation', en: 'Awaiting approval' }, remindHours: 4, deadlineHours: 8, escalateTo: [ADMIN] },
    { key: 'work', label: { fr: 'Travaux en cours', en: 'Work in progress' } },
    { key: 'endCheck', label: { fr: 'Contrôle de fin de travaux', en: 'End-of-work check' }, remindHours: 2, deadlineHours: 4, escalateTo: [ADMIN] },
    { key: 'closed', label: { fr: 'Clos', en: 'Closed' }, final: true },
    { key: 'refused', label: { fr: 'Refusé', en: 'Refused' }, final: true },
  ],
  transitions: [
    {
      key: 'submit',
      from: 'requested',
      to: 'approval',
      label: { fr: 'Transmettre l’analyse des risques', en: 'Submit the risk analysis' },
      actors: [STARTER],
      requiredFields: [
        { key: 'location', label: { fr: 'Lieu des travaux', en: 'Work location' } },
        { key: 'risks', label: { fr: 'Risques et mesures de prévention', en: 'Risks and preventive measures' } },
      ],
    },
    { key: 'approve', from: 'approval', to: 'work', label: { fr: 'Approuver', en: 'Approve' }, actors: [ADMIN], approvals: { required: 1 }, signature: true },
    { key: 'refuse', from: 'approval', to: 'refused', label: { fr: 'Refuser', en: 'Refuse' }, actors: [ADMIN], reasonRequired: true },
    { key: 'endWork', from: 'work', to: 'endCheck', label: { fr: 'Déclarer la fin des travaux', en: 'Declare the end of work' }, actors: [STARTER] },
    {
      key: 'check',
      from: 'endCheck',
      to: 'closed',
      label: { fr: 'Valider le contrôle (2 h après)', en: 'Confirm the check (2 h after)' },
      actors: [STARTER],
      notBeforeMinutes: 120,
      requiredFields: [{ key: 'checkNote', label: { fr: 'Constat du contrôle', en: 'Check findings' } }],
    },
  ],
};

const WORK_PERMIT: WorkflowSpec = {
  initial: 'requested',
  states: [
    { key: 'requested', label: { fr: 'Demandé', en: 'Requested' } },
    { key: 'approval', label: { fr: 'En attente d’approbation', en: 'Awaiting approval' }, remindHours: 24, deadlineHours: 48, escalateTo: [ADMIN] },
    { key: 'inProgress', label: { fr: 'Intervention en cours', en: 'Work in progress' } },
    { key: 'closed', label: { fr: 'Clos', en: 'Closed' }, final: true },
    { key: 'refused', label: { fr: 'Refusé', en: 'Refused' }, final: true },
  ],
  transitions: [
    {
      key: 'submit',
      from: 'requested',
      to: 'approval',
      label: { fr: 'Transmettre', en: 'Submit' },
      actors: [STARTER],
      requiredFields: [
        // A company of the third parties V2 register, picked on the device (offline too).
        { key: 'company', label: { fr: 'Entreprise extérieure', en: 'Outside company' }, ref: 'thirdPartyV2.company' },
        { key: 'preventionPlan', label: { fr: 'Plan de prévention', en: 'Prevention plan' } },
      ],
    },
    { key: 'approve', from: 'approval', to: 'inProgress', label: { fr: 'Approuver', en: 'Approve' }, actors: [ADMIN], approvals: { required: 1 } },
    { key: 'refuse', from: 'approval', to: 'refused', label: { fr: 'Refuser', en: 'Refuse' }, actors: [ADMIN], reasonRequired: true },
    { key: 'close', from: 'inProgress', to: 'closed', label: { fr: 'Clore l’intervention', en: 'Close the work' }, actors: [STARTER] },
  ],
};

const DECLARATION_CLOSURE: WorkflowSpec = {
  initial: 'toApprove',
  states: [
    { key: 'toApprove', label: { fr: 'Clôture à approuver', en: 'Closure to approve' }, remindHours: 48 },
    { key: 'approved', label: { fr: 'Clôture approuvée', en: 'Closure approved' }, final: true },
    { key: 'rejected', label: { fr: 'Clôture refusée', en: 'Closure refused' }, final: true },
  ],
  transitions: [
    { key: 'approve', from: 'toApprove', to: 'approved', label: { fr: 'Approuver la clôture', en: 'Approve the closure' }, actors: [ADMIN], approvals: { required: 1 } },
    { key: 'reject', from: 'toApprove', to: 'rejected', label: { fr: 'Refuser la clôture', en: 'Refuse the closure' }, actors: [ADMIN], reasonRequired: true },
  ],
};

const CONTRACT_APPROVAL: WorkflowSpec = {
  initial: 'review',
  states: [
    { key: 'review', label: { fr: 'En revue', en: 'In review' }, remindHours: 72, deadlineHours: 168, escalateTo: [ADMIN] },
    { key: 'approved', label: { fr: 'Approuvé', en: 'Approved' }, final: true },
    { key: 'rejected', label: { fr: 'Rejeté', en: 'Rejected' }, final: true },
  ],
  transitions: [
    // A committee: two of the district's administrators.
    { key: 'approve', from: 'review', to: 'approved', label: { fr: 'Approuver', en: 'Approve' }, actors: [ADMIN], approvals: { required: 2 }, signature: true },
    { key: 'reject', from: 'review', to: 'rejected', label: { fr: 'Rejeter', en: 'Reject' }, actors: [ADMIN], reasonRequired: true },
  ],
};

const PURCHASE_REQUEST: WorkflowSpec = {
  initial: 'requested',
  states: [
    { key: 'requested', label: { fr: 'Demandée', en: 'Requested' }, remindHours: 24 },
    { key: 'ordered', label: { fr: 'Commandée', en: 'Ordered' } },
    { key: 'received', label: { fr: 'Reçue', en: 'Received' }, final: true },
    { key: 'refused', label: { fr: 'Refusée', en: 'Refused' }, final: true },
  ],
  transitions: [
    {
      key: 'order',
      from: 'requested',
      to: 'ordered',
      label: { fr: 'Approuver et commander', en: 'Approve and order' },
      actors: [ADMIN],
      requiredFields: [{ key: 'orderRef', label: { fr: 'Numéro de commande', en: 'Order number' } }],
    },
    { key: 'refuse', from: 'requested', to: 'refused', label: { fr: 'Refuser', en: 'Refuse' }, actors: [ADMIN], reasonRequired: true },
    { key: 'receive', from: 'ordered', to: 'received', label: { fr: 'Réception faite', en: 'Received' }, actors: [STARTER] },
  ],
};

export const READY_MADE: readonly ReadyMade[] = [
  { key: 'hotWork', name: 'Permis de feu', target: null, spec: HOT_WORK },
  { key: 'workPermit', name: 'Permis de travail – entreprise extérieure', target: null, spec: WORK_PERMIT },
  { key: 'declarationClosure', name: 'Approbation de clôture d’une déclaration', target: 'declarations.declaration', spec: DECLARATION_CLOSURE },
  { key: 'contractApproval', name: 'Approbation d’un contrat', target: 'contract.contract', spec: CONTRACT_APPROVAL },
  { key: 'purchaseRequest', name: 'Demande d’achat (stock bas)', target: null, spec: PURCHASE_REQUEST },
];
