/** The address of a list's export: the list's filters it accepts, its order dropped, a filter it cannot apply reported. */
import { describe, expect, it } from 'vitest';
import type { ExportInfo } from '../../../../common/modules/importExport/schemas';
import { exportOfList, listExportRequest } from '../../../../src/features/importExport/list-export';

const equipment: ExportInfo = {
  name: 'equipment',
  label: { fr: 'Équipements', en: 'Equipment' },
  columns: [],
  filters: ['search', 'site', 'status', 'check'],
  lists: ['/inventory/object', '/inventory-v2/equipment'],
};

describe('list export', () => {
  it("keeps the list's filters the export accepts, with the format and the language", () => {
    const site = '0b3c5a4e-8f1d-4c2b-9a6e-1d2f3a4b5c6d';
    const request = listExportRequest(equipment, { search: 'extincteur hall', site, status: 'outOfOrder', sort: 'name', check: '', deleted: 'false' }, 'xlsx', 'en-GB');
    expect(request.path).toBe('import-export/exports/equipment');
    expect(request.unsupported).toEqual([]);
    expect(request.params.toString()).toBe(`search=extincteur+hall&site=${site}&status=outOfOrder&format=xlsx&lang=en`);
  });

  it('reports a filter the export cannot apply (the deleted records among them), and reads numbers the router parsed', () => {
    expect(listExportRequest(equipment, { search: 1234, trade: 'x' }, 'csv', 'fr').unsupported).toEqual(['trade']);
    expect(listExportRequest(equipment, { search: 1234 }, 'csv', 'fr').params.get('search')).toBe('1234');
    expect(listExportRequest(equipment, { deleted: 'true' }, 'csv', 'fr').unsupported).toEqual(['deleted']);
  });

  it('finds the export of a list by its address', () => {
    expect(exportOfList([equipment], '/inventory-v2/equipment/')?.name).toBe('equipment');
    expect(exportOfList([equipment], '/inventory-v2/article')).toBeUndefined();
  });
});
