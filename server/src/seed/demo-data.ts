/**
 * The demo data set, as data: two clients, their districts, one account per role, a few
 * sites per district. The README lists the accounts; the tests log in with them.
 */
import { ALL_RIGHTS } from '../../../common/rights.js';

export const DEMO_PASSWORD = 'vigie-demo-2026';

export interface DemoClient {
  name: string;
  database: string;
  districts: string[];
}

export const DEMO_CLIENTS: DemoClient[] = [
  { name: 'Acme Industrie', database: 'acme', districts: ['Lyon', 'Marseille', 'Paris'] },
  { name: 'Bellevue Santé', database: 'bellevue', districts: ['Nantes', 'Rennes'] },
];

const DISTRICT_ADMIN_RIGHTS = [
  'district.admin', 'file-explorer.read', 'notifications.access', 'cartography.read', 'sites.read',
  'questionnaryV2.questionnary_read', 'action-plans.read', 'actions-plans-actions.read', 'actionsV3.read',
  'declarations.read', 'synthesis.read', 'inventories.catalogs_read', 'inventoryV2.article_read',
  'stockManagement.stockArea_read', 'supplier.supplier_read', 'contactV2.contactV2_read', 'contract.contract_read',
  'exports.read', 'imports.read', 'workflows.workflow_read', 'sharing-bank.read', 'third-party.read',
  'thirdPartyV2.read', 'dsa.dsaManagement_read',
];

export interface DemoAccount {
  email: string;
  role: string;
  admin: boolean;
  rights: readonly string[];
  /** client database → district names the account belongs to (with `rights`). */
  memberships: Record<string, string[]>;
}

const everywhere = Object.fromEntries(DEMO_CLIENTS.map((c) => [c.database, c.districts]));

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'operator@demo.vigie.test', role: 'operator administrator', admin: true, rights: ALL_RIGHTS, memberships: everywhere },
  { email: 'district-admin@demo.vigie.test', role: 'district administrator', admin: false, rights: DISTRICT_ADMIN_RIGHTS, memberships: { acme: ['Lyon', 'Marseille', 'Paris'] } },
  {
    email: 'field@demo.vigie.test',
    role: 'field user',
    admin: false,
    rights: ['sites.read', 'cartography.read', 'notifications.access', 'declarations.read', 'questionnaryV2.questionnary_read'],
    memberships: { acme: ['Lyon', 'Marseille'] },
  },
  { email: 'districts@demo.vigie.test', role: 'district switcher', admin: false, rights: ['opteamum.districts', 'sites.read'], memberships: { acme: ['Lyon', 'Marseille', 'Paris'] } },
];

/** Every demo account starts in this client and district. */
export const DEMO_HOME = { database: 'acme', district: 'Lyon' };

export const DEMO_MODULES = ['cartography', 'sites', 'questionnary-v2', 'declarations', 'actionsV3', 'notifications', 'files'];

export interface DemoSite {
  name: string;
  description: string;
  address: string;
  gps: [number, number];
  owner: string;
}

export const DEMO_SITES: Record<string, DemoSite[]> = {
  Lyon: [
    { name: 'Entrepôt Gerland', description: 'Entrepôt logistique, 3 quais de chargement', address: '12 rue de Gerland, 69007 Lyon', gps: [45.7316, 4.8325], owner: 'Claire Martin' },
    { name: 'Siège Part-Dieu', description: 'Bureaux, 6 étages', address: '40 boulevard Vivier-Merle, 69003 Lyon', gps: [45.7606, 4.8595], owner: 'Hugo Bernard' },
    { name: 'Atelier Vaise', description: 'Atelier de maintenance', address: '5 quai Paul Sédallian, 69009 Lyon', gps: [45.7747, 4.8047], owner: 'Claire Martin' },
  ],
  Marseille: [
    { name: 'Dépôt Arenc', description: 'Dépôt portuaire', address: '2 quai d’Arenc, 13002 Marseille', gps: [43.3105, 5.3665], owner: 'Nadia Haddad' },
    { name: 'Agence Prado', description: 'Agence commerciale', address: '101 avenue du Prado, 13008 Marseille', gps: [43.2775, 5.3897], owner: 'Louis Roux' },
  ],
  Paris: [
    { name: 'Plateforme Rungis', description: 'Plateforme frigorifique', address: '1 rue de la Tour, 94150 Rungis', gps: [48.7494, 2.3522], owner: 'Inès Petit' },
    { name: 'Bureaux Bercy', description: 'Bureaux et salle de crise', address: '8 rue de Bercy, 75012 Paris', gps: [48.8387, 2.3822], owner: 'Marc Lefèvre' },
  ],
  Nantes: [
    { name: 'Clinique Erdre', description: 'Clinique, 120 lits', address: '3 quai de Versailles, 44000 Nantes', gps: [47.2263, -1.5517], owner: 'Sophie Leroy' },
    { name: 'Laboratoire Chantenay', description: 'Laboratoire d’analyses', address: '27 boulevard de Chantenay, 44100 Nantes', gps: [47.2037, -1.5912], owner: 'Paul Girard' },
  ],
  Rennes: [
    { name: 'Centre Beaulieu', description: 'Centre de rééducation', address: '14 avenue des Buttes de Coësmes, 35700 Rennes', gps: [48.1196, -1.6394], owner: 'Julie Morel' },
    { name: 'Pharmacie centrale', description: 'Stock pharmaceutique', address: '9 rue de Brest, 35000 Rennes', gps: [48.1105, -1.6936], owner: 'Yann Le Gall' },
  ],
};

export const DEMO_STAGES = {
  threeSixty: ['Entrée', 'Zone technique'],
  threeD: ['Maquette'],
};

export const DEMO_NOTIFICATIONS = [
  { kind: 'general', name: 'Visite de sécurité planifiée', read: false, ageMinutes: 30 },
  { kind: 'general', name: 'Nouveau questionnaire à compléter', read: false, ageMinutes: 180 },
  { kind: 'general', name: 'Plan d’action clôturé', read: true, ageMinutes: 1440 },
  { kind: 'workflow', name: 'Validation en attente', read: false, ageMinutes: 60 },
] as const;
