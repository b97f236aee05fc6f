/**
 * The app's generic record kind (src/lib/record-kind.ts): its keys and queries' addresses, and
 * its pending writes named as the overlays read a record's own (create, update, delete) so a
 * record written offline shows at once in its list and sheet.
 */
import { describe, expect, it } from 'vitest';
import { defineRecordKind } from '../../../src/lib/record-kind';
import { withPending, withPendingRecord, type PendingWrite } from '../../../src/lib/outbox';

interface Fields {
  name: string;
  city: string;
}
interface Rec extends Fields {
  id: string;
  version: number;
  deletedAt: string | null;
}

const kind = defineRecordKind<Fields, Rec, Rec>({ module: 'supplier', kind: 'suppliers', path: 'supplier/suppliers', pageSize: 100, fields: ['name', 'city'] });
const other = defineRecordKind<Fields, Rec, Rec>({ module: 'supplier', kind: 'trades', path: 'supplier/trades', fields: ['name'] });

const write = (kindName: string, recordId: string, payload: unknown, state: 'waiting' | 'sent' = 'waiting'): PendingWrite => ({
  item: { kind: kindName, recordId, state, module: 'supplier' } as PendingWrite['item'],
  payload,
});

describe('a generic record kind', () => {
  it('names its writes and keys under its module and kind', () => {
    expect(kind.writeKinds).toMatchObject({ create: 'supplier.suppliers.create', update: 'supplier.suppliers.update', delete: 'supplier.suppliers.delete', file: 'supplier.suppliers.file' });
    expect(kind.keys.detail('a')).toEqual(['supplier', 'suppliers', 'detail', 'a']);
    expect(kind.pagesQueryOptions({ search: 'x' }).queryKey).toEqual(['supplier', 'suppliers', 'list', { search: 'x' }]);
  });

  it('lays its own pending writes over a list and a record, and only its own', () => {
    const server: Rec = { id: 'b', version: 2, deletedAt: null, name: 'Before', city: 'Lyon' };
    const writes = [
      write('supplier.suppliers.create', 'a', { id: 'a', name: 'Made offline', city: 'Bron' }),
      write('supplier.suppliers.update', 'b', { city: 'Vénissieux' }),
      write('supplier.trades.create', 'c', { id: 'c', name: 'A trade' }),
      write('supplier.suppliers.delete', 'd', null, 'sent'),
    ];
    const own = kind.ownWrites(writes);
    expect(own.map((w) => w.item.kind)).toEqual(['suppliers.create', 'suppliers.update', 'suppliers.delete']);
    const rows = withPending([server], own);
    expect(rows.map((row) => [row.id, row.name, row.city, row.pending?.created ?? false])).toEqual([
      ['a', 'Made offline', 'Bron', true],
      ['b', 'Before', 'Vénissieux', false],
    ]);
    expect(withPendingRecord(undefined, own.filter((w) => w.item.recordId === 'a'))).toMatchObject({ id: 'a', name: 'Made offline', pending: { created: true } });
    expect(other.ownWrites(writes).map((w) => w.item.recordId)).toEqual(['c']);
  });
});
