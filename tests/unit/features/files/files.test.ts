/**
 * The Files module's rules on the device: a document's validity on a day (the chip and the
 * server's filter agree), the folders a kept folder holds and their size (what "keep this folder"
 * announces before downloading), and the explorer's address (ids only).
 */
import { describe, expect, it } from 'vitest';
import { validityOf, type Folder } from '../../../../common/modules/files/schemas';
import { folderAndBelow, folderBytes } from '../../../../src/features/files/keep';
import { validateFilesSearch } from '../../../../src/features/files/search';

const folder = (id: string, parentId: string | null, bytes: number, name = id): Folder => ({
  id,
  version: 1,
  parentId,
  siteTypeId: null,
  siteId: 'site',
  templateId: null,
  name,
  documents: bytes > 0 ? 1 : 0,
  bytes,
  updatedAt: '2026-11-01T00:00:00.000Z',
  deletedAt: null,
});

describe('validity', () => {
  it('is none without a date, expired before today, expiring within 30 days, valid after', () => {
    expect(validityOf(null, '2026-11-28')).toBe('none');
    expect(validityOf('2026-11-27', '2026-11-28')).toBe('expired');
    expect(validityOf('2026-11-28', '2026-11-28')).toBe('expiring');
    expect(validityOf('2026-12-28', '2026-11-28')).toBe('expiring');
    expect(validityOf('2026-12-29', '2026-11-28')).toBe('valid');
  });
});

describe('a kept folder', () => {
  const tree = [folder('plans', null, 100, 'Plans'), folder('n0', 'plans', 2_000, 'Niveau 0'), folder('n0a', 'n0', 30, 'Aile A'), folder('duerp', null, 5_000, 'DUERP')];

  it('holds its sub-folders with their path below it, and weighs their current files', () => {
    expect(folderAndBelow(tree, 'plans').map((p) => [p.folder.id, p.below])).toEqual([
      ['plans', ''],
      ['n0', 'Niveau 0'],
      ['n0a', 'Niveau 0/Aile A'],
    ]);
    expect(folderBytes(tree, 'plans')).toBe(2_130);
    expect(folderBytes(tree, 'duerp')).toBe(5_000);
    expect(folderAndBelow(tree, 'unknown')).toEqual([]);
  });
});

describe('the explorer’s address', () => {
  it('keeps the ids it knows and drops anything else', () => {
    const id = '0b6f2f43-1c1d-4e2b-9a55-7d1f0e6c2a10';
    expect(validateFilesSearch({ site: id, folder: id, document: 'nope', other: id })).toEqual({ site: id, folder: id });
  });
});
