/**
 * Files (prefix files). Spec section 6: district.admin and file-explorer.read are needed
 * together to open it; the district administrator's right is the one that manages (the files
 * by site type), hence the menu's target for it.
 */
import { defineModule } from './manifest';

export const files = defineModule({
  id: 'files',
  folder: 'files',
  prefix: 'files',
  districtModule: 'files',
  features: { files: { read: ['file-explorer.read'], manage: ['district.admin'], allRequired: true } },
  opens: ['files'],
  labelKey: 'modules.files',
  icon: 'folder',
  namespace: 'file-explorer',
  views: [
    { path: 'sitesTypes', label: 'sitesTypes' },
    { path: 'sites', label: 'sites' },
  ],
  menu: [{ id: 'files', position: 18, targets: [{ to: '/files/sitesTypes', anyRight: ['district.admin'] }, { to: '/files/sites' }] }],
  elements: [
    { element: 'sitesTypes', features: ['files'] },
    { element: 'siteFiles', features: ['files'] },
  ],
  screens: true,
});
