/** POST /api/admin/changeDistrict { district } (opteamum.districts or opteamum.clients): moves the session within its client. */
import { apiPost } from '../../../lib/api-client';
import type { ChangeResult } from './change-client';

export function changeDistrictRequest(district: string): Promise<ChangeResult> {
  return apiPost<ChangeResult>('admin/changeDistrict', { district });
}
