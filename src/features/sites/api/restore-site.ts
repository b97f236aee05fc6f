/** POST /api/sites/:id/restore (sites.admin). */
import type { Site } from '../../../../common/modules/sites/schemas';
import type { VersionBody } from '../../../../common/schemas/platform';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export const restoreSiteRequest = (id: string, body: VersionBody, key: string) => sendWrite<Site>('post', sitePath(id, '/restore'), body, key);
