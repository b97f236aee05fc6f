/**
 * The send payload of spec section 3, built from what the dialog has loaded: the 3D stages,
 * the 360 stages and whichever of their images arrived within the budget (the others go as
 * null and the server fills them). Pure: no network here, so Confirm never waits.
 */
import type {
  Emergency360Stage,
  EmergencyPayload,
  EmergencySiteStage,
} from '../../../common/api-types';
import { EMERGENCY_DEFAULT_DELAY } from '../../../common/constants';

/** Spec section 3's general fields (the server names the same list in its payload schema). */
export const EMERGENCY_GENERAL_FIELDS = ['name', 'description', 'address.fullAddress', 'gps', 'owner.name'] as const;

export interface PayloadInput {
  siteId: string;
  threeD: readonly EmergencySiteStage[];
  threeSixty: readonly Emergency360Stage[];
  /** Data URLs by image path; a missing entry is sent as null. */
  images: ReadonlyMap<string, string>;
  recipients: readonly string[];
}

export function buildEmergencyPayload({ siteId, threeD, threeSixty, images, recipients }: PayloadInput): EmergencyPayload {
  return {
    sites: [
      {
        _id: siteId,
        informations: {
          threeD: threeD.map(({ name }) => ({ name })),
          threeSixty: threeSixty.map(({ name, imageUrl }) => ({
            name,
            image: imageUrl === null ? null : (images.get(imageUrl) ?? null),
          })),
        },
        files: [],
        fields: {
          allFields: false,
          general: [...EMERGENCY_GENERAL_FIELDS],
          clientFields: [],
          districtFields: [],
          siteFields: [],
          siteTypeFields: [],
        },
      },
    ],
    delay: { ...EMERGENCY_DEFAULT_DELAY },
    recipients: recipients.map((r) => r.trim()),
    emergency: false,
    description: '',
  };
}
