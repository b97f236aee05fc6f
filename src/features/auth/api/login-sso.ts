/** POST /api/auth/loginSSO: starts an SSO login; answers the identity provider's URL. */
import type { LoginSsoBody, LoginSsoData } from '../../../../common/api-types';
import { apiPost } from '../../../lib/api-client';

export function loginSsoRequest(body: LoginSsoBody): Promise<LoginSsoData> {
  return apiPost<LoginSsoData>('auth/loginSSO', body);
}
