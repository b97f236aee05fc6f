/**
 * The third-party family's API contract, written once per part: the share links and their
 * public viewer (./links.ts), the outside companies, workers, interventions, prevention plans and
 * sign-in register (./companies.ts). This file gathers them.
 */
export * from './links';
export * from './companies';
