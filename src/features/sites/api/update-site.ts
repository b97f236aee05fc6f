/** PATCH /api/sites/:id (sites.admin): only the changed fields; 409 record.version_conflict with the current site. */
import type { Site, SiteUpdate } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export const updateSiteRequest = (id: string, body: SiteUpdate, key: string) => sendWrite<Site>('patch', sitePath(id), body, key);
