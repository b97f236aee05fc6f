// The third parties' names the app's start reads, without their schemas (./companies.ts
// re-exports them): no TypeBox before the first screen.

/** The companies' attachments module name of the plans' signature pictures (one record per signature). */
export const SIGNATURES_MODULE = 'thirdPartySignatures';
