/** DELETE /api/sites/:id (sites.admin): a soft delete (a manager may restore it). */
import type { Site } from '../../../../common/modules/sites/schemas';
import type { VersionBody } from '../../../../common/schemas/platform';
import { sendWrite } from '../../../lib/outbox/http';
import { sitePath } from './site-path';

export const deleteSiteRequest = (id: string, body: VersionBody, key: string) => sendWrite<Site>('delete', sitePath(id), body, key);
