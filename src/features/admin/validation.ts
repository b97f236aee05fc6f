/**
 * Field rules of the administration forms: the API's own schemas (common/schemas/), checked
 * with TypeBox's interpreting validator (`Value.Check`, no `eval`: the CSP forbids it; it never
 * builds a compiled checker, so it never even tries `new Function`). These pages are lazy
 * chunks, so the validator does not weigh on the first screen. Pure: returns translation keys.
 */
import { Value } from 'typebox/value';
import { PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { DatabaseName } from '../../../common/schemas/clients';
import { DISTRICT_NAME_MAX_LENGTH, DistrictName } from '../../../common/schemas/districts';
import { Email } from '../../../common/schemas/email';
import { UserPassword } from '../../../common/schemas/users';

export { DISTRICT_NAME_MAX_LENGTH };

/** A translation key of the problem, or null when the name is acceptable (sent trimmed). */
export function validateDistrictName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'administration.name_required';
  if (!Value.Check(DistrictName, trimmed)) return 'administration.name_too_long';
  return null;
}

export interface NewUserProblems {
  email?: string;
  password?: string;
}

export function validateNewUser(email: string, password: string): NewUserProblems {
  const problems: NewUserProblems = {};
  if (email.trim() === '') problems.email = 'validation.email_required';
  else if (!Value.Check(Email, email.trim())) problems.email = 'validation.email_invalid';
  if (password === '') problems.password = 'validation.password_required';
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'validation.password_min_length';
  else if (!Value.Check(UserPassword, password)) problems.password = 'validation.password_too_long';
  return problems;
}

export interface NewClientProblems {
  name?: string;
  database?: string;
  district?: string;
}

export function validateNewClient(name: string, database: string, district: string): NewClientProblems {
  const problems: NewClientProblems = {};
  const nameProblem = validateDistrictName(name);
  if (nameProblem !== null) problems.name = nameProblem;
  if (!Value.Check(DatabaseName, database)) problems.database = 'administration.database_invalid';
  const districtProblem = validateDistrictName(district);
  if (districtProblem !== null) problems.district = districtProblem;
  return problems;
}
