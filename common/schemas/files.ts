/** The file service (spec section 7, "Emergency"): a 360 stage image as a base64 data URL. */
import Type from 'typebox';
import { MAX_STAGE_NAME } from './emergency.js';
import { UuidString } from './ids.js';

export const ViewerParams = Type.Object(
  { districtId: UuidString, siteId: UuidString, stageName: Type.String({ minLength: 1, maxLength: MAX_STAGE_NAME }) },
  { additionalProperties: false },
);
/** `data:image/<type>;base64,…` */
export const ImageDataUrl = Type.String({ description: 'The image as a data URL (data:image/<png|jpeg|webp>;base64,…).' });
