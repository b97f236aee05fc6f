/** PATCH /api/sites/types/:id (sites.admin): rename. */
import type { SiteType, SiteTypeUpdate } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';

export const updateSiteTypeRequest = (id: string, body: SiteTypeUpdate, key: string) =>
  sendWrite<SiteType>('patch', `sites/types/${encodeURIComponent(id)}`, body, key);
