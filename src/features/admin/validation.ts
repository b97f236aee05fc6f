/** Field rules of the administration forms (mirrors the server's schemas). Pure. */
import { PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { isValidEmail } from '../../lib/validation';

export const DISTRICT_NAME_MAX_LENGTH = 100;

/** A translation key of the problem, or null when the name is acceptable. */
export function validateDistrictName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'administration.name_required';
  if (trimmed.length > DISTRICT_NAME_MAX_LENGTH) return 'administration.name_too_long';
  return null;
}

export interface NewUserProblems {
  email?: string;
  password?: string;
}

export function validateNewUser(email: string, password: string): NewUserProblems {
  const problems: NewUserProblems = {};
  if (email.trim() === '') problems.email = 'validation.email_required';
  else if (!isValidEmail(email)) problems.email = 'validation.email_invalid';
  if (password === '') problems.password = 'validation.password_required';
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'validation.password_min_length';
  return problems;
}

/** The server's rule for client database names (CLIENT_DATABASE_NAME in server/src/db/databases.ts). */
const DATABASE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export interface NewClientProblems {
  name?: string;
  database?: string;
  district?: string;
}

export function validateNewClient(name: string, database: string, district: string): NewClientProblems {
  const problems: NewClientProblems = {};
  const nameProblem = validateDistrictName(name);
  if (nameProblem !== null) problems.name = nameProblem;
  if (!DATABASE_NAME_PATTERN.test(database)) problems.database = 'administration.database_invalid';
  const districtProblem = validateDistrictName(district);
  if (districtProblem !== null) problems.district = districtProblem;
  return problems;
}
