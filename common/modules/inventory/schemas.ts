/**
 * The inventory family's API contract (routes under /api/inventory), written once per part: the
 * catalog and the equipment with their checks (./catalog.ts), the stock (./stock.ts), the
 * scans, labels and audits (./audit.ts), with the family's vocabulary (./model.ts) and the
 * labels' codes (./codes.ts). This file gathers them: import a part's file directly when only
 * that part is needed.
 */
export * from './model';
export * from './codes';
export * from './catalog';
export * from './stock';
export * from './audit';
