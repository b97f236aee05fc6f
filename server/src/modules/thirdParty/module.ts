/**
 * The third-party family's descriptor (manifests thirdParty and thirdPartyV2, folder
 * `thirdParty`), listed once in ../index.ts after the modules whose records a link shares. Two
 * parts composed by _platform/parts.ts: the share links, their access log and the public
 * viewer's data (./links), the outside companies with their workers, interventions, prevention
 * plans and sign-in register (./companies). API under /api/third-party, public routes under
 * /api/shared/links.
 */
import { composeParts } from '../_platform/parts.js';
import { companiesPart } from './companies/part.js';
import { linksPart } from './links/part.js';
import { thirdPartyMigrations } from './migrations.js';

export const thirdPartyModule = composeParts({ folder: 'thirdParty', prefix: '/third-party', publicPrefix: '/shared/links', migrations: thirdPartyMigrations }, [linksPart, companiesPart]);
