/** The catalog's addresses: the lists' search params and the new item's prefill from a scan (src/features/inventory/catalog/search.ts, paths.ts). */
import { describe, expect, it } from 'vitest';
import { baseOfPath, equipmentHref, equipmentNewHref, INVENTORY_BASE, INVENTORY_V2_BASE } from '../../../../src/features/inventory/catalog/paths';
import { validateEquipmentNew, validateEquipmentSearch } from '../../../../src/features/inventory/catalog/search';

const ID = '0b7f8c1e-4a2d-4c55-9a3e-2f1d6b7c8e90';

describe('the equipment list’s search', () => {
  it('keeps what the list query accepts and drops the rest', () => {
    expect(validateEquipmentSearch({ check: 'due', status: 'outOfOrder', site: ID, search: 'CO2', deleted: 'true' })).toEqual({ check: 'due', status: 'outOfOrder', site: ID, search: 'CO2', deleted: 'true' });
    expect(validateEquipmentSearch({ check: 'soon', status: 'broken', site: 'nope', search: '  ' })).toEqual({});
  });
});

describe('the new item’s prefill', () => {
  it('takes a scanned tag, serial number or barcode, and a sheet’s article and site', () => {
    expect(validateEquipmentNew({ tag: 'INV-00042', serial: 'SN123', barcode: 3760123450023, article: ID, site: 'x' })).toEqual({ tag: 'INV-00042', serial: 'SN123', barcode: '3760123450023', article: ID });
  });

  it('is the address the scan part links to, under either prefix', () => {
    expect(equipmentNewHref(INVENTORY_V2_BASE, { tag: 'INV 1' })).toBe('/inventory-v2/equipment/new?tag=INV+1');
    expect(equipmentHref(INVENTORY_V2_BASE, ID)).toBe(`/inventory-v2/equipment/${ID}`);
    expect(equipmentHref(INVENTORY_BASE, ID)).toBe(`/inventory/object/${ID}`);
    expect(baseOfPath('/inventory-v2/equipment')).toBe(INVENTORY_V2_BASE);
    expect(baseOfPath('/inventory/object')).toBe(INVENTORY_BASE);
  });
});
