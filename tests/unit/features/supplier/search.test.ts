/**
 * The supplier list's address: what it keeps of a typed or shared address (search, trade,
 * documents' states, archived, deleted), and what it drops rather than send to the server.
 */
import { describe, expect, it } from 'vitest';
import { validateSupplierSearch } from '../../../../src/features/supplier/search';

const TRADE = '0b5b3c3e-2f0d-4b4e-9a51-6d2f1e0c9a10';

describe('the supplier list’s address', () => {
  it('keeps a search, a trade, document states once each, archived and deleted', () => {
    expect(validateSupplierSearch({ search: 'sécurifeu', trade: TRADE, documents: 'expired,expiring,expired', archived: 'true', deleted: true })).toEqual({
      search: 'sécurifeu',
      trade: TRADE,
      documents: 'expired,expiring',
      archived: 'true',
      deleted: 'true',
    });
  });

  it('drops what the server would refuse: a blank search, a trade that is no id, unknown states, false flags', () => {
    expect(validateSupplierSearch({ search: '   ', trade: 'fire', documents: 'soon,late', archived: 'false', deleted: 'no' })).toEqual({});
    expect(validateSupplierSearch({ search: 'x'.repeat(201) })).toEqual({});
  });

  it('reads a search of digits (a SIRET) that the router turned into a number', () => {
    expect(validateSupplierSearch({ search: 12345678900012 })).toEqual({ search: '12345678900012' });
  });
});
