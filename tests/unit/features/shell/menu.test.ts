import { describe, expect, it } from 'vitest';
import { isCurrentEntry, visibleMenuEntries, type MenuEntry } from '../../../../src/features/shell/menu';
import { shouldShowShell } from '../../../../src/features/shell/shell-visibility';

const ENTRIES: MenuEntry[] = [
  { id: 'dashboard', kind: 'link', labelKey: 'menu.dashboard', icon: '', to: '/dashboard' },
  { id: 'sites', kind: 'link', labelKey: 'menu.sites', icon: '', to: '/site/view/infoV2', feature: 'sites' },
  {
    id: 'inventory',
    kind: 'link',
    labelKey: 'menu.inventory',
    icon: '',
    feature: 'inventory',
    to: (rights) => (rights.includes('inventories.catalogs_read') ? '/inventory/catalog' : '/inventory/article'),
  },
  { id: 'disconnect', kind: 'action', labelKey: 'menu.disconnect', icon: '', action: 'disconnect' },
];

describe('the side menu data', () => {
  it('always shows the dashboard and the disconnect entry', () => {
    expect(visibleMenuEntries([]).map((e) => e.id)).toEqual(['dashboard', 'disconnect']);
  });

  it('shows an entry only with one of its rights, and resolves targets by rights', () => {
    expect(visibleMenuEntries(['sites.read'], ENTRIES).map((e) => e.id)).toEqual(['dashboard', 'sites', 'disconnect']);
    const withInventory = visibleMenuEntries(['inventories.articles_read'], ENTRIES);
    expect(withInventory.find((e) => e.id === 'inventory')).toMatchObject({ to: '/inventory/article' });
  });

  it('marks the entry of the current page and of pages below it', () => {
    const [dashboard] = visibleMenuEntries([]);
    expect(dashboard && isCurrentEntry(dashboard, '/dashboard')).toBe(true);
    expect(dashboard && isCurrentEntry(dashboard, '/dashboard/x')).toBe(true);
    expect(dashboard && isCurrentEntry(dashboard, '/dashboards')).toBe(false);
  });
});

describe('shell visibility', () => {
  it('is hidden on the public pages and without a session e-mail', () => {
    expect(shouldShowShell('/dashboard', 'a@b.fr')).toBe(true);
    expect(shouldShowShell('/dashboard', null)).toBe(false);
    for (const path of ['/login', '/home', '/external-login', '/viewerThirdParty', '/viewerThirdParty/abc']) {
      expect(shouldShowShell(path, 'a@b.fr'), path).toBe(false);
    }
  });
});
