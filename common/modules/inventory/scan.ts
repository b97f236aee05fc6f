/**
 * Reading a scan against the device's scan index (./audit.ts describes the index's schema), with
 * no schema here: the inventory family's start and the scan pages import it without building
 * TypeBox's schemas before the shell's first screen.
 */
import { parseScannedCode } from './codes';

/** The history's and the outbox's module name of the audits. */
export const AUDIT_MODULE = 'inventory_audits';

/** One row of the scan index (ScanIndexItem in ./audit.ts): id, name, tag, serial, site's position, room, status, barcode. */
export type ScanIndexRow = readonly [string, string, string, string, number, string, string, string];

/** An item of the index, named. */
export interface IndexedItem {
  id: string;
  name: string;
  tag: string;
  serial: string;
  siteId: string | null;
  room: string;
  status: string;
  barcode: string;
}

export const indexedItem = (row: ScanIndexRow, sites: readonly (readonly [string, string])[]): IndexedItem => ({
  id: row[0],
  name: row[1],
  tag: row[2],
  serial: row[3],
  siteId: sites[row[4]]?.[0] ?? null,
  room: row[5],
  status: row[6],
  barcode: row[7],
});

/** What a scan names: an item (by id, tag, serial, or its model's barcode), or nothing known. */
export type ScanResolution = { kind: 'item'; id: string; by: 'id' | 'tag' | 'serial' | 'barcode' } | { kind: 'unknown'; code: string };

/**
 * The candidates' lookups of a scan, given by the caller (the device's index in memory, the
 * server's rows for that code), and `prefer`: of a model's items, those the audit expects and
 * has not scanned yet, first.
 */
export interface ScanLookup {
  byId: (id: string) => { id: string } | undefined;
  byTag: (code: string) => { id: string } | undefined;
  bySerial: (code: string) => { id: string } | undefined;
  byBarcode: (code: string) => readonly { id: string }[];
}

export function resolveScan(text: string, lookup: ScanLookup, prefer: (id: string) => boolean = () => false): ScanResolution {
  const scanned = parseScannedCode(text);
  if (scanned.kind === 'equipment') {
    const item = lookup.byId(scanned.id);
    return item ? { kind: 'item', id: item.id, by: 'id' } : { kind: 'unknown', code: text.trim() };
  }
  const code = scanned.code;
  if (code === '') return { kind: 'unknown', code };
  const tagged = lookup.byTag(code);
  if (tagged) return { kind: 'item', id: tagged.id, by: 'tag' };
  const serial = lookup.bySerial(code);
  if (serial) return { kind: 'item', id: serial.id, by: 'serial' };
  const models = lookup.byBarcode(code);
  const chosen = models.find((item) => prefer(item.id)) ?? models[0];
  if (chosen) return { kind: 'item', id: chosen.id, by: 'barcode' };
  return { kind: 'unknown', code };
}

/** Whether a code is an EAN-8 or EAN-13 with a valid check digit (an unknown one is created as an article's barcode). */
export function isEan(code: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  // From the right: weights 3, 1, 3, 1…
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
