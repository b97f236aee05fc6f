import { describe, expect, it } from 'vitest';
import { ALL_RIGHTS, type Feature } from '../../../common/rights';
import { can } from '../../../src/lib/rights';

describe('can()', () => {
  it('grants a feature when any one of its rights is held', () => {
    expect(can(['sites.admin'], 'sites')).toBe(true);
    expect(can(['cartography.read'], 'sites')).toBe(false);
    expect(can([], 'notifications')).toBe(false);
  });

  it('needs both rights for files', () => {
    expect(can(['district.admin'], 'files')).toBe(false);
    expect(can(['district.admin', 'file-explorer.read'], 'files')).toBe(true);
  });

  it('offers change district only without the change client right', () => {
    expect(can(['opteamum.districts'], 'changeDistrict')).toBe(true);
    expect(can(['opteamum.districts', 'opteamum.clients'], 'changeDistrict')).toBe(false);
    expect(can(['opteamum.clients'], 'changeClient')).toBe(true);
  });
});

describe('can(rights, feature, read | manage)', () => {
  it('read: any one of the feature’s rights, its reading or its managing one', () => {
    expect(can(['sites.read'], 'sites', 'read')).toBe(true);
    expect(can(['sites.admin'], 'sites', 'read')).toBe(true);
    expect(can(['cartography.read'], 'sites', 'read')).toBe(false);
    expect(can([], 'sites', 'read')).toBe(false);
    expect(can(['declarations-templates-templates.read'], 'declarations', 'read')).toBe(true);
  });

  it('manage: only a managing right; a reading right does not manage', () => {
    expect(can(['sites.read'], 'sites', 'manage')).toBe(false);
    expect(can(['sites.admin'], 'sites', 'manage')).toBe(true);
    expect(can(['sites.read', 'sites.admin'], 'sites', 'manage')).toBe(true);
    expect(can(['questionnaryV2.securesphere_read'], 'securesphere', 'manage')).toBe(false);
    expect(can(['questionnaryV2.securesphere_admin'], 'securesphere', 'manage')).toBe(true);
    // Each of spec section 6's subjects is its own feature: building templates is not scheduling.
    expect(can(['questionnaryV2.questionnaryManagement_admin'], 'questionnaires', 'manage')).toBe(false);
    expect(can(['questionnaryV2.questionnaryManagement_admin'], 'questionnaireTemplates', 'manage')).toBe(true);
    expect(can(['stockManagement.article_read'], 'stock', 'manage')).toBe(false);
    expect(can(['stockManagement.admin'], 'stock', 'manage')).toBe(true);
    expect(can(['imports.read'], 'import', 'manage')).toBe(false);
    expect(can(['imports.create'], 'import', 'manage')).toBe(true);
  });

  it('manage: nobody manages a feature whose spec rights only read', () => {
    expect(can([...ALL_RIGHTS], 'cartography', 'read')).toBe(true);
    expect(can([...ALL_RIGHTS], 'cartography', 'manage')).toBe(false);
    expect(can([...ALL_RIGHTS], 'synthesis', 'manage')).toBe(false);
  });

  it('manage needs what reading needs: files wants both of its rights', () => {
    expect(can(['district.admin'], 'files', 'manage')).toBe(false);
    expect(can(['file-explorer.read'], 'files', 'manage')).toBe(false);
    expect(can(['district.admin', 'file-explorer.read'], 'files', 'manage')).toBe(true);
    expect(can(['district.admin', 'file-explorer.read'], 'files', 'read')).toBe(true);
  });

  it('the administration pages manage with the right that opens them', () => {
    expect(can(['district.admin'], 'admin', 'manage')).toBe(true);
    expect(can(['sites.admin'], 'admin', 'manage')).toBe(false);
    expect(can(['opteamum.admin'], 'operatorAdmin', 'manage')).toBe(true);
  });

  it('an unknown feature opens nothing', () => {
    expect(can([...ALL_RIGHTS], 'nothing' as Feature, 'read')).toBe(false);
  });
});
