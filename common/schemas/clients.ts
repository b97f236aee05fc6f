/** Operator client management (page /opteamum/clientManagement): every client with its districts, and creation. */
import Type, { type Static } from 'typebox';
import { DistrictRef } from './auth.js';
import { DISTRICT_NAME_MAX_LENGTH } from './districts.js';
import { Name } from './ids.js';

export const CLIENT_NAME_MAX_LENGTH = 100;
/** A client database name: lower-case letter, then letters, digits or "_", at most 40 (the server's CLIENT_DATABASE_NAME). */
export const DATABASE_NAME_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
export const DatabaseName = Type.String({ pattern: DATABASE_NAME_PATTERN });

export const ClientEntry = Type.Object({ name: Type.String(), database: Type.String(), districts: Type.Array(DistrictRef) });
export type ClientEntry = Static<typeof ClientEntry>;

export const ClientCreateBody = Type.Object(
  {
    name: Name(CLIENT_NAME_MAX_LENGTH),
    database: DatabaseName,
    /** The name of the client's first district. */
    district: Name(DISTRICT_NAME_MAX_LENGTH),
  },
  { additionalProperties: false },
);
