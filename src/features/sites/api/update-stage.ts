/** PATCH /api/sites/:id/stages/:stageId (sites.admin): rename it or replace its image. */
import type { Site } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export interface StageChanges {
  name?: string;
  attachmentId?: string;
}

export const updateStageRequest = (siteId: string, stageId: string, body: StageChanges, key: string) =>
  sendWrite<Site>('patch', sitePath(siteId, `/stages/${encodeURIComponent(stageId)}`), body, key);
