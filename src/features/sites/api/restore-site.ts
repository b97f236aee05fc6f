/** POST /api/sites/:id/restore (sites.admin). */
import type { Site } from '../../../../common/modules/sites/schemas';
import type { VersionBody } from '../../../../common/schemas/platform';
import { sendWrite, sitePath } from './send-write';

export const restoreSiteRequest = (id: string, body: VersionBody, key: string) => sendWrite<Site>('post', sitePath(id, '/restore'), body, key);
