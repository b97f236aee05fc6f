/**
 * The audit part's rules that run on the device as on the server (common/modules/inventory/audit.ts):
 * what a scan names (a Vigie label by id, else a tag, a serial, a model's EAN preferring the
 * audit's item not scanned yet), an EAN's check digit, an audit's four groups, and the device's
 * lookup tables built from the scan index.
 */
import { describe, expect, it } from 'vitest';
import { auditResult, inAuditPlace, isEan, type ScanIndex } from '../../../../common/modules/inventory/audit';
import { equipmentCode } from '../../../../common/modules/inventory/codes';
import { lookupTables, resolveOnDevice } from '../../../../src/features/inventory/audit/api';

const SITE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const index: ScanIndex = {
  sites: [
    [SITE, 'Mairie'],
    [OTHER, 'Gymnase'],
  ],
  items: [
    [A, 'Extincteur hall', 'EXT-1', 'SN-1', 0, 'Hall', 'inService', '4006381333931'],
    [B, 'Extincteur accueil', 'EXT-2', 'SN-2', 0, 'Hall', 'inService', '4006381333931'],
    [C, 'Extincteur vestiaire', 'EXT-3', '', 1, 'Vestiaire', 'inService', ''],
  ],
};
const tables = lookupTables(index);

describe('a scan on the device', () => {
  it('names an item by its label, tag, serial or model barcode, and nothing for an unknown code', () => {
    expect(resolveOnDevice(tables, equipmentCode('https://vigie.example', A))).toEqual({ kind: 'item', id: A, by: 'id' });
    expect(resolveOnDevice(tables, ' EXT-3 ')).toEqual({ kind: 'item', id: C, by: 'tag' });
    expect(resolveOnDevice(tables, 'SN-2')).toEqual({ kind: 'item', id: B, by: 'serial' });
    expect(resolveOnDevice(tables, '4006381333931')).toEqual({ kind: 'item', id: A, by: 'barcode' });
    // Of a model's items, the one the audit still expects first.
    expect(resolveOnDevice(tables, '4006381333931', (id) => id === B)).toEqual({ kind: 'item', id: B, by: 'barcode' });
    expect(resolveOnDevice(tables, 'INCONNU')).toEqual({ kind: 'unknown', code: 'INCONNU' });
    // A Vigie label of an item this device does not hold: unknown here (the server may know it).
    expect(resolveOnDevice(tables, equipmentCode('https://vigie.example', '99999999-9999-4999-8999-999999999999')).kind).toBe('unknown');
  });

  it('knows each item’s site from the index', () => {
    expect(tables.byId.get(C)?.siteId).toBe(OTHER);
    expect(tables.siteName(SITE)).toBe('Mairie');
  });
});

describe('an EAN', () => {
  it('is 8 or 13 digits with a valid check digit', () => {
    expect(isEan('4006381333931')).toBe(true);
    expect(isEan('4006381333932')).toBe(false);
    expect(isEan('96385074')).toBe(true);
    expect(isEan('96385075')).toBe(false);
    expect(isEan('EXT-001')).toBe(false);
  });
});

describe("an audit's result", () => {
  it('counts an item scanned twice once, and sorts the rest into missing, misplaced and unknown', () => {
    const result = auditResult(
      [A, B],
      [
        { code: 'x', equipmentId: A },
        { code: 'y', equipmentId: A },
        { code: 'z', equipmentId: C },
        { code: 'INCONNU', equipmentId: null },
        { code: 'INCONNU', equipmentId: null },
      ],
    );
    expect(result).toEqual({ found: [A], missing: [B], misplaced: [C], unknown: ['INCONNU'] });
  });

  it('counts an unexpected item already placed here (moved) as found', () => {
    expect(auditResult([A], [{ code: 'z', equipmentId: C }], (id) => id === C)).toEqual({ found: [C], missing: [A], misplaced: [], unknown: [] });
  });

  it('places an item in a room (case and spaces ignored) or anywhere on a whole-site audit', () => {
    expect(inAuditPlace({ siteId: SITE, room: 'Hall' }, { siteId: SITE, room: ' hall ' })).toBe(true);
    expect(inAuditPlace({ siteId: SITE, room: 'Hall' }, { siteId: SITE, room: 'Bureau' })).toBe(false);
    expect(inAuditPlace({ siteId: SITE, room: '' }, { siteId: SITE, room: 'Bureau' })).toBe(true);
    expect(inAuditPlace({ siteId: SITE, room: '' }, { siteId: OTHER, room: 'Bureau' })).toBe(false);
  });
});
