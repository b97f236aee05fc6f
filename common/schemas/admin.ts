/** The admin service (spec section 7): available clients and districts, change of client or district. */
import Type, { type Static } from 'typebox';
import { ClientRef, DistrictRef } from './auth.js';
import { DatabaseName } from './clients.js';
import { UuidString } from './ids.js';

export const AvailableClient = Type.Object({ name: Type.String(), database: Type.Object({ name: Type.String() }) });
export type AvailableClient = Static<typeof AvailableClient>;

export const ChangeResult = Type.Object({ client: ClientRef, district: DistrictRef });
export type ChangeResult = Static<typeof ChangeResult>;

export const DistrictNamesQuery = Type.Object({ database: DatabaseName }, { additionalProperties: false });
export const ChangeClientBody = Type.Object({ database: DatabaseName, district: UuidString }, { additionalProperties: false });
export const ChangeDistrictBody = Type.Object({ district: UuidString }, { additionalProperties: false });
