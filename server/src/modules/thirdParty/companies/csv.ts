/**
 * The CSV exports of the companies part (GET /api/third-party/companies/export.csv,
 * workers/export.csv, presence/export.csv), in the platform's CSV form (_platform/csv.ts), in
 * French as the district's other exports.
 */
import { qualificationState, type Company, type Presence, type Worker } from '../../../../../common/modules/thirdParty/companies.js';
import { csvDocument } from '../../_platform/csv.js';
import { districtToday } from '../../_platform/dates.js';

const STATES = { valid: 'valide', expiring: 'expire bientôt', expired: 'expirée' } as const;
const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });

export function companiesCsv(rows: readonly Company[]): string {
  return csvDocument(
    ['Identifiant', 'Raison sociale', 'SIRET', 'Adresse', 'Contact', 'E-mail', 'Téléphone', 'Activité', 'Intervenants'],
    rows.map((c) => [c.id, c.name, c.siret, c.address, c.contactName, c.email, c.phone, c.activity, c.workerCount]),
  );
}

export function workersCsv(rows: readonly Worker[]): string {
  const today = districtToday();
  return csvDocument(
    ['Identifiant', 'Nom', 'Entreprise', 'Fonction', 'Téléphone', 'Habilitations'],
    rows.map((w) => [
      w.id,
      w.name,
      w.companyName,
      w.role,
      w.phone,
      w.qualifications.map((q) => `${q.name}${q.expiresOn ? ` (jusqu’au ${q.expiresOn}, ${STATES[qualificationState(q.expiresOn, today)]})` : ''}`).join(' | '),
    ]),
  );
}

export function presenceCsv(rows: readonly Presence[]): string {
  return csvDocument(
    ['Identifiant', 'Site', 'Nom', 'Entreprise', 'Visiteur', 'Arrivée', 'Départ'],
    rows.map((p) => [p.id, p.siteName, p.name, p.companyName, p.workerId === null ? 'oui' : 'non', paris.format(new Date(p.signedInAt)), p.signedOutAt ? paris.format(new Date(p.signedOutAt)) : null]),
  );
}
