/** DELETE /api/sites/types/:id (sites.admin). */
import type { SiteType } from '../../../../common/modules/sites/schemas';
import type { VersionBody } from '../../../../common/schemas/platform';
import { sendWrite } from '../../../lib/outbox/http';

export const deleteSiteTypeRequest = (id: string, body: VersionBody, key: string) =>
  sendWrite<SiteType>('delete', `sites/types/${encodeURIComponent(id)}`, body, key);
