/**
 * Import/export (prefix import-export): two features. The menu shows one combined entry to
 * whoever can do both, else a single entry named after the one they can do (spec section 2).
 * Creating an import writes records into the district: imports.create is its manage right.
 */
import { defineModule } from './manifest';

export const importExport = defineModule({
  id: 'importExport',
  folder: 'importExport',
  prefix: 'import-export',
  districtModule: null,
  features: {
    export: { read: ['exports.read'], manage: [] },
    import: { read: ['imports.read'], manage: ['imports.create'] },
  },
  opens: ['export', 'import'],
  labelKey: 'modules.import-export',
  icon: 'swapVertical',
  namespace: 'importExport',
  views: [
    { path: 'export', label: 'export', features: ['export'] },
    { path: 'import', label: 'import', features: ['import'] },
  ],
  menu: [
    {
      id: 'import-export',
      position: 16,
      labelKey: 'menu.import_export',
      targets: [
        { to: '/import-export', allFeatures: ['export', 'import'], labelKey: 'menu.import_export' },
        { to: '/import-export/export', allFeatures: ['export'], labelKey: 'menu.export' },
        { to: '/import-export/import', allFeatures: ['import'], labelKey: 'menu.import' },
      ],
    },
  ],
  elements: [],
  screens: true,
});
