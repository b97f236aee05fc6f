/** The rights catalogue grouped by module for the user administration, from the manifests. */
import { describe, expect, it } from 'vitest';
import { ALL_RIGHTS } from '../../../../common/rights';
import { levelOf, levelsOf, MODULE_RIGHTS, otherRights, withLevel } from '../../../../src/features/admin/rights-groups';

const moduleOf = (id: string) => MODULE_RIGHTS.find((module) => module.id === id)!;

describe('the rights grouped by module', () => {
  it('places every right of the catalogue in a module or among the rights of no module', () => {
    const inModules = new Set(MODULE_RIGHTS.flatMap((module) => [...module.read, ...module.manage]));
    const others = otherRights();
    expect(others).toEqual(expect.arrayContaining(['district.admin', 'opteamum.admin', 'opteamum.clients', 'opteamum.districts']));
    expect(others.filter((right) => inModules.has(right))).toEqual([]);
    expect([...inModules, ...others].sort()).toEqual([...ALL_RIGHTS].sort());
    // A right the catalogue does not know, held by a member, is still shown (with no module).
    expect(otherRights(['legacy.right'])).toContain('legacy.right');
  });

  it('names each module by its manifest and offers the levels its rights allow', () => {
    expect(moduleOf('sites')).toEqual({ id: 'sites', labelKey: 'modules.sites', read: ['sites.read'], manage: ['sites.admin'] });
    expect(levelsOf(moduleOf('sites'))).toEqual(['none', 'read', 'manage']);
    expect(levelsOf(moduleOf('notifications'))).toEqual(['none', 'read']);
  });

  it('writes the right keys of a level and reads the level back from them, other modules left alone', () => {
    const sites = moduleOf('sites');
    const start = ['declarations.read'];
    const managed = withLevel(sites, start, 'manage');
    expect(managed).toEqual(['declarations.read', 'sites.admin', 'sites.read']);
    expect(levelOf(sites, managed)).toBe('manage');
    const read = withLevel(sites, managed, 'read');
    expect(read).toEqual(['declarations.read', 'sites.read']);
    expect(levelOf(sites, read)).toBe('read');
    expect(withLevel(sites, read, 'none')).toEqual(['declarations.read']);
    expect(levelOf(sites, ['declarations.read'])).toBe('none');
    // Only the managing right: no level matches (the advanced view shows it).
    expect(levelOf(sites, ['sites.admin'])).toBeNull();
  });
});
