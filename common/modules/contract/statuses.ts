/** A contract's types and statuses, without their schemas (./schemas.ts): the app's route table validates a list's search with them at every start. */
export const CONTRACT_TYPES = ['maintenance', 'regulatoryInspection', 'supply', 'service'] as const;

export const CONTRACT_STATUSES = ['draft', 'active', 'toRenew', 'terminated', 'expired'] as const;
