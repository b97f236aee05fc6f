/** POST /api/sites/:id/stages (sites.admin): a 3D or 360 stage, its image uploaded beforehand (tus). */
import type { Site, StageCreate } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export const createStageRequest = (siteId: string, body: StageCreate, key: string) => sendWrite<Site>('post', sitePath(siteId, '/stages'), body, key);
