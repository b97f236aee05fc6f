/** DELETE /api/sites/:id/stages/:stageId (sites.admin). */
import type { Site } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export const deleteStageRequest = (siteId: string, stageId: string, key: string) =>
  sendWrite<Site>('delete', sitePath(siteId, `/stages/${encodeURIComponent(stageId)}`), undefined, key);
