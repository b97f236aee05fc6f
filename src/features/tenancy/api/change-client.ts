/** POST /api/admin/changeClient { database, district } (opteamum.clients): moves the session. */
import type { ClientRef, DistrictRef } from '../../../../common/api-types';
import { apiPost } from '../../../lib/api-client';

export interface ChangeResult {
  client: ClientRef;
  district: DistrictRef;
}

export interface ChangeClientPayload {
  database: string;
  district: string;
}

export function changeClientRequest(payload: ChangeClientPayload): Promise<ChangeResult> {
  return apiPost<ChangeResult>('admin/changeClient', payload);
}
