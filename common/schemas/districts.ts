/** District administration (pages /admin/districtManagement and /admin/simpleDistrictManagement). */
import Type from 'typebox';
import { Name, UuidString } from './ids.js';

export const DISTRICT_NAME_MAX_LENGTH = 100;
export const DistrictName = Name(DISTRICT_NAME_MAX_LENGTH);

export const DistrictBody = Type.Object({ name: DistrictName }, { additionalProperties: false });
export const DistrictIdParams = Type.Object({ id: UuidString }, { additionalProperties: false });
