/** POST /api/sites (sites.admin): creates the site with the client's id. */
import type { Site, SiteCreate } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';

export const createSiteRequest = (body: SiteCreate, key: string) => sendWrite<Site>('post', 'sites', body, key);
