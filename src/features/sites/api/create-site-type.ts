/** POST /api/sites/types (sites.admin). */
import type { SiteType, SiteTypeCreate } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';

export const createSiteTypeRequest = (body: SiteTypeCreate, key: string) => sendWrite<SiteType>('post', 'sites/types', body, key);
