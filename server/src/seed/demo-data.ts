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
    rights: ['sites.read', 'cartography.read', 'notifications.access', 'declarations.read', 'questionnaryV2.questionnary_read', 'actions-plans-actions.read', 'action-plans.read', 'contactV2.contactV2_read',
      // The site's equipment: find it, check it, audit a room; count a stock area.
      'inventoryV2.equipment_read', 'stockManagement.inventory_read',
      // Requests a hot-work permit and follows it (workflows).
      'workflows.workflow_read'],
    memberships: { acme: ['Lyon', 'Marseille'] },
  },
  { email: 'districts@demo.vigie.test', role: 'district switcher', admin: false, rights: ['opteamum.districts', 'sites.read'], memberships: { acme: ['Lyon', 'Marseille', 'Paris'] } },
];

/** Every demo account starts in this client and district. */
export const DEMO_HOME = { database: 'acme', district: 'Lyon' };

export const DEMO_MODULES = ['cartography', 'sites', 'questionnary-v2', 'declarations', 'actionsV3', 'notifications', 'files'];

export const DEMO_SITE_TYPES = ['Bureaux', 'Entrepôt', 'Atelier', 'Chantier', 'ERP'] as const;
export type DemoSiteType = (typeof DEMO_SITE_TYPES)[number];

export interface DemoSite {
  name: string;
  description: string;
  address: string;
  gps: [number, number];
  owner: string;
  type: DemoSiteType;
}

/** About ten sites per district, in real towns of the district's area. */
export const DEMO_SITES: Record<string, DemoSite[]> = {
  Lyon: [
    { name: 'Entrepôt Gerland', description: 'Entrepôt logistique, 3 quais de chargement', address: '12 rue de Gerland, 69007 Lyon', gps: [45.7316, 4.8325], owner: 'Claire Martin', type: 'Entrepôt' },
    { name: 'Siège Part-Dieu', description: 'Bureaux, 6 étages', address: '40 boulevard Vivier-Merle, 69003 Lyon', gps: [45.7606, 4.8595], owner: 'Hugo Bernard', type: 'Bureaux' },
    { name: 'Atelier Vaise', description: 'Atelier de maintenance', address: '5 quai Paul Sédallian, 69009 Lyon', gps: [45.7747, 4.8047], owner: 'Claire Martin', type: 'Atelier' },
    { name: 'Chantier Confluence', description: 'Réhabilitation d’un immeuble de bureaux, livraison 2027', address: '52 cours Charlemagne, 69002 Lyon', gps: [45.7431, 4.8181], owner: 'Hugo Bernard', type: 'Chantier' },
    { name: 'Médiathèque de Villeurbanne', description: 'Établissement recevant du public, 3e catégorie', address: '247 cours Émile Zola, 69100 Villeurbanne', gps: [45.7667, 4.8797], owner: 'Sarah Benoît', type: 'ERP' },
    { name: 'Plateforme Saint-Priest', description: 'Plateforme de cross-docking, 12 000 m²', address: '10 rue du Progrès, 69800 Saint-Priest', gps: [45.6965, 4.9441], owner: 'Julien Fabre', type: 'Entrepôt' },
    { name: 'Bureaux Écully', description: 'Centre de formation et bureaux', address: '36 avenue Guy de Collongue, 69130 Écully', gps: [45.783, 4.7763], owner: 'Sarah Benoît', type: 'Bureaux' },
    { name: 'Usine Vénissieux', description: 'Atelier de production, zone ATEX', address: '5 boulevard Joliot-Curie, 69200 Vénissieux', gps: [45.705, 4.871], owner: 'Julien Fabre', type: 'Atelier' },
    { name: 'Salle polyvalente de Bron', description: 'Salle de 400 places', address: '1 place de la Liberté, 69500 Bron', gps: [45.7386, 4.9127], owner: 'Claire Martin', type: 'ERP' },
    { name: 'Garage Vaulx-en-Velin', description: 'Garage des véhicules de service', address: '12 avenue Salvador Allende, 69120 Vaulx-en-Velin', gps: [45.7781, 4.922], owner: 'Hugo Bernard', type: 'Atelier' },
  ],
  Marseille: [
    { name: 'Dépôt Arenc', description: 'Dépôt portuaire', address: '2 quai d’Arenc, 13002 Marseille', gps: [43.3105, 5.3665], owner: 'Nadia Haddad', type: 'Entrepôt' },
    { name: 'Agence Prado', description: 'Agence commerciale', address: '101 avenue du Prado, 13008 Marseille', gps: [43.2775, 5.3897], owner: 'Louis Roux', type: 'Bureaux' },
    { name: 'Entrepôt Vitrolles', description: 'Entrepôt sous douane', address: '45 avenue de Rome, 13127 Vitrolles', gps: [43.4469, 5.2478], owner: 'Nadia Haddad', type: 'Entrepôt' },
    { name: 'Bureaux Euroméditerranée', description: 'Plateau de 800 m², 4e étage', address: '14 rue Mazenod, 13002 Marseille', gps: [43.3072, 5.3679], owner: 'Louis Roux', type: 'Bureaux' },
    { name: 'Chantier Joliette', description: 'Construction d’un parking silo', address: '20 boulevard du Littoral, 13002 Marseille', gps: [43.311, 5.3646], owner: 'Karim Benali', type: 'Chantier' },
    { name: 'Atelier Aubagne', description: 'Atelier de chaudronnerie', address: '8 avenue des Paluds, 13400 Aubagne', gps: [43.2872, 5.5903], owner: 'Karim Benali', type: 'Atelier' },
    { name: 'Gymnase La Ciotat', description: 'Gymnase municipal, 600 places', address: '2 avenue Guillaume Dulac, 13600 La Ciotat', gps: [43.1748, 5.6046], owner: 'Élodie Garcia', type: 'ERP' },
    { name: 'Plateforme Aix', description: 'Plateforme de distribution régionale', address: '155 rue Ampère, 13290 Aix-en-Provence', gps: [43.49, 5.3775], owner: 'Nadia Haddad', type: 'Entrepôt' },
    { name: 'Musée Vieux-Port', description: 'Musée, accueil de groupes scolaires', address: '7 quai du Port, 13002 Marseille', gps: [43.2961, 5.3699], owner: 'Élodie Garcia', type: 'ERP' },
    { name: 'Hangar Marignane', description: 'Hangar de maintenance aéronautique', address: 'Avenue Marcel Pagnol, 13700 Marignane', gps: [43.4158, 5.2146], owner: 'Louis Roux', type: 'Atelier' },
  ],
  Paris: [
    { name: 'Plateforme Rungis', description: 'Plateforme frigorifique', address: '1 rue de la Tour, 94150 Rungis', gps: [48.7494, 2.3522], owner: 'Inès Petit', type: 'Entrepôt' },
    { name: 'Bureaux Bercy', description: 'Bureaux et salle de crise', address: '8 rue de Bercy, 75012 Paris', gps: [48.8387, 2.3822], owner: 'Marc Lefèvre', type: 'Bureaux' },
    { name: 'Entrepôt Gennevilliers', description: 'Entrepôt portuaire, stockage de palettes', address: '15 route du Port, 92230 Gennevilliers', gps: [48.9366, 2.3046], owner: 'Inès Petit', type: 'Entrepôt' },
    { name: 'Chantier Saint-Ouen', description: 'Construction de logements, 120 lots', address: '30 rue des Rosiers, 93400 Saint-Ouen-sur-Seine', gps: [48.9036, 2.3433], owner: 'Thomas Dubois', type: 'Chantier' },
    { name: 'Atelier Ivry', description: 'Atelier de réparation', address: '12 quai Marcel Boyer, 94200 Ivry-sur-Seine', gps: [48.8146, 2.3958], owner: 'Thomas Dubois', type: 'Atelier' },
    { name: 'Siège La Défense', description: 'Siège social, 22 étages', address: '1 parvis de La Défense, 92800 Puteaux', gps: [48.8918, 2.238], owner: 'Marc Lefèvre', type: 'Bureaux' },
    { name: 'Théâtre Montreuil', description: 'Salle de spectacle, 350 places', address: '10 place Jean Jaurès, 93100 Montreuil', gps: [48.8615, 2.443], owner: 'Camille Moreau', type: 'ERP' },
    { name: 'Dépôt Bobigny', description: 'Dépôt de matériel', address: '5 rue de Paris, 93000 Bobigny', gps: [48.9076, 2.437], owner: 'Inès Petit', type: 'Entrepôt' },
    { name: 'Agence Massy', description: 'Agence régionale', address: '2 avenue Carnot, 91300 Massy', gps: [48.7253, 2.2606], owner: 'Camille Moreau', type: 'Bureaux' },
    { name: 'Centre sportif Nanterre', description: 'Piscine et gymnase', address: '3 rue des Anciennes Mairies, 92000 Nanterre', gps: [48.8924, 2.2069], owner: 'Marc Lefèvre', type: 'ERP' },
  ],
  Nantes: [
    { name: 'Clinique Erdre', description: 'Clinique, 120 lits', address: '3 quai de Versailles, 44000 Nantes', gps: [47.2263, -1.5517], owner: 'Sophie Leroy', type: 'ERP' },
    { name: 'Laboratoire Chantenay', description: 'Laboratoire d’analyses', address: '27 boulevard de Chantenay, 44100 Nantes', gps: [47.2037, -1.5912], owner: 'Paul Girard', type: 'Atelier' },
    { name: 'Entrepôt Carquefou', description: 'Stock de matériel médical', address: '8 rue de la Fleuriaye, 44470 Carquefou', gps: [47.2958, -1.4905], owner: 'Paul Girard', type: 'Entrepôt' },
    { name: 'Siège Île de Nantes', description: 'Direction et services administratifs', address: '5 rue Arthur III, 44200 Nantes', gps: [47.2079, -1.5484], owner: 'Sophie Leroy', type: 'Bureaux' },
    { name: 'Chantier Saint-Herblain', description: 'Extension d’un centre de soins', address: '40 boulevard Salvador Allende, 44800 Saint-Herblain', gps: [47.2236, -1.6303], owner: 'Antoine Lemoine', type: 'Chantier' },
    { name: 'Atelier Rezé', description: 'Atelier biomédical', address: '3 rue Jean Jaurès, 44400 Rezé', gps: [47.1898, -1.5698], owner: 'Antoine Lemoine', type: 'Atelier' },
    { name: 'Maison de santé Orvault', description: 'Maison de santé pluridisciplinaire', address: '12 route de Vannes, 44700 Orvault', gps: [47.2453, -1.6039], owner: 'Sophie Leroy', type: 'ERP' },
    { name: 'Pharmacie Vertou', description: 'Pharmacie et stock de proximité', address: '1 place du Beau Verger, 44120 Vertou', gps: [47.1687, -1.4703], owner: 'Paul Girard', type: 'ERP' },
    { name: 'Dispensaire Bouguenais', description: 'Centre de soins de jour', address: '6 rue de la Mairie, 44340 Bouguenais', gps: [47.178, -1.6228], owner: 'Antoine Lemoine', type: 'ERP' },
    { name: 'Garage Couëron', description: 'Garage des ambulances', address: '2 rue de la Loire, 44220 Couëron', gps: [47.213, -1.727], owner: 'Paul Girard', type: 'Atelier' },
  ],
  Rennes: [
    { name: 'Centre Beaulieu', description: 'Centre de rééducation', address: '14 avenue des Buttes de Coësmes, 35700 Rennes', gps: [48.1196, -1.6394], owner: 'Julie Morel', type: 'ERP' },
    { name: 'Pharmacie centrale', description: 'Stock pharmaceutique', address: '9 rue de Brest, 35000 Rennes', gps: [48.1105, -1.6936], owner: 'Yann Le Gall', type: 'Entrepôt' },
    { name: 'Entrepôt Chantepie', description: 'Entrepôt de consommables', address: '10 rue des Landelles, 35135 Chantepie', gps: [48.0886, -1.6164], owner: 'Yann Le Gall', type: 'Entrepôt' },
    { name: 'Siège Colombier', description: 'Bureaux de la direction régionale', address: '2 place du Colombier, 35000 Rennes', gps: [48.1055, -1.68], owner: 'Julie Morel', type: 'Bureaux' },
    { name: 'Chantier EuroRennes', description: 'Construction d’un pôle de santé', address: '21 boulevard Solférino, 35000 Rennes', gps: [48.103, -1.672], owner: 'Maël Guillou', type: 'Chantier' },
    { name: 'Atelier Cesson', description: 'Atelier de maintenance des équipements', address: '4 rue du Bordage, 35510 Cesson-Sévigné', gps: [48.1213, -1.603], owner: 'Maël Guillou', type: 'Atelier' },
    { name: 'Clinique Saint-Grégoire', description: 'Clinique chirurgicale', address: '6 boulevard de la Boutière, 35760 Saint-Grégoire', gps: [48.1461, -1.677], owner: 'Julie Morel', type: 'ERP' },
    { name: 'Maison médicale Bruz', description: 'Maison médicale de garde', address: '1 rue Alphonse Legault, 35170 Bruz', gps: [48.0247, -1.7456], owner: 'Yann Le Gall', type: 'ERP' },
    { name: 'Laboratoire Villejean', description: 'Laboratoire hospitalier', address: '15 avenue Winston Churchill, 35000 Rennes', gps: [48.119, -1.703], owner: 'Maël Guillou', type: 'ERP' },
    { name: 'Dépôt Vern-sur-Seiche', description: 'Dépôt de matériel', address: '3 rue de la Poste, 35770 Vern-sur-Seiche', gps: [48.045, -1.601], owner: 'Julie Morel', type: 'Entrepôt' },
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
