/**
 * The Suppliers module's record kinds on the app's generic record core (lib/record-kind.ts):
 * trades (a district's small list), suppliers (pages of 100) and their documents. Their queries,
 * outbox writes, senders and offline copies come from there; the screens are components/.
 */
import type { Supplier, SupplierDocument, SupplierDocumentFields, SupplierDocumentListItem, SupplierFields, SupplierRow, Trade, TradeFields } from '../../../common/modules/supplier/schemas';
import { defineRecordKind } from '../../lib/record-kind';

export const SUPPLIER_MODULE = 'supplier';

export const trades = defineRecordKind<TradeFields, Trade, Trade>({ module: SUPPLIER_MODULE, kind: 'trades', path: 'supplier/trades', fields: ['name'] });

export const suppliers = defineRecordKind<SupplierFields, Supplier, SupplierRow>({
  module: SUPPLIER_MODULE,
  kind: 'suppliers',
  path: 'supplier/suppliers',
  pageSize: 100,
  fields: ['name', 'legalName', 'siret', 'vatNumber', 'address', 'postalCode', 'city', 'phone', 'email', 'website', 'tradeIds', 'notes', 'archived'],
});

/** A document's editable fields (its supplier is fixed at creation). */
export type DocumentFields = Omit<SupplierDocumentFields, 'supplierId'>;

export const documents = defineRecordKind<SupplierDocumentFields, SupplierDocument, SupplierDocumentListItem>({
  module: SUPPLIER_MODULE,
  kind: 'documents',
  path: 'supplier/documents',
  fields: ['kind', 'title', 'reference', 'issuedOn', 'expiresOn'],
});
