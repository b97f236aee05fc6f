/** User administration of the session's district (page /admin/userManagement). */
import Type, { type Static } from 'typebox';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { ALL_RIGHTS } from '../rights.js';
import { Email } from './email.js';
import { UuidString } from './ids.js';

export const USER_PASSWORD_MAX_LENGTH = 200;

export const UserEntry = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  rights: Type.Array(Type.String()),
  disabled: Type.Boolean(),
});
export type UserEntry = Static<typeof UserEntry>;

/** Rights of the catalogue (common/rights.ts), each at most once. */
export const Right = Type.Unsafe<string>({ type: 'string', enum: [...ALL_RIGHTS] });
export const Rights = Type.Array(Right, { uniqueItems: true, maxItems: ALL_RIGHTS.length });

export const UserPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: USER_PASSWORD_MAX_LENGTH });
export const UserCreateBody = Type.Object({ email: Email, password: UserPassword, rights: Rights }, { additionalProperties: false });
export const UserRightsBody = Type.Object({ rights: Rights }, { additionalProperties: false });
export const UserIdParams = Type.Object({ id: UuidString }, { additionalProperties: false });

/** What disabling a member did: the account is disabled, or it left this district only. */
export const DisableOutcome = Type.Union([Type.Literal('disabled'), Type.Literal('removed')]);
export const DisableResult = Type.Object({ ...UserEntry.properties, outcome: DisableOutcome });
