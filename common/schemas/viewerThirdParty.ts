/** The public viewer of an emergency share (spec section 2's viewerThirdParty pages): no session, the token is the key. */
import Type from 'typebox';

/** The unguessable token of the e-mailed link (43 base64url characters); any other string is an unknown token (404). */
export const ShareTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });

const Stage = Type.Object({ name: Type.String() });

/** GET /api/viewerThirdParty/:token data. */
export const ViewerThirdPartyData = Type.Object({
  site: Type.Object({
    name: Type.String(),
    description: Type.Optional(Type.String()),
    address: Type.Optional(Type.Object({ fullAddress: Type.String() })),
    gps: Type.Optional(Type.Union([Type.Object({ lat: Type.Number(), lng: Type.Number() }), Type.Null()])),
    owner: Type.Optional(Type.Object({ name: Type.String() })),
    threeD: Type.Array(Stage),
    threeSixty: Type.Array(Type.Object({ name: Type.String(), image: Type.Union([Type.String(), Type.Null()]) })),
  }),
  description: Type.String(),
  emergency: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
