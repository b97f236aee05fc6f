/** PUT /api/sites/:id/stages/order (sites.admin): the stages of one kind in their new order. */
import type { Site, StageOrder } from '../../../../common/modules/sites/schemas';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export const orderStagesRequest = (siteId: string, body: StageOrder, key: string) => sendWrite<Site>('put', sitePath(siteId, '/stages/order'), body, key);
