/** GET /api/users (district.admin): the members of the session's district, by e-mail. */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface UserEntry {
  _id: string;
  email: string;
  rights: string[];
  disabled: boolean;
}

export function getUsersRequest(): Promise<UserEntry[]> {
  return apiGet<UserEntry[]>('users');
}

export const usersQueryOptions = () => queryOptions({ queryKey: ['admin', 'users'], queryFn: getUsersRequest });
