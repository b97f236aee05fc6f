/** Suppliers (prefix supplier). */
import { defineModule } from './manifest';

export const supplier = defineModule({
  id: 'supplier',
  folder: 'supplier',
  prefix: 'supplier',
  districtModule: null,
  features: { supplier: { read: ['supplier.supplier_read'], manage: ['supplier.admin'] } },
  opens: ['supplier'],
  labelKey: 'modules.supplier',
  icon: 'storefront',
  namespace: 'supplier',
  views: [{ path: 'supplier-view', label: 'supplierView' }],
  menu: [{ id: 'supplier', position: 13, targets: [{ to: '/supplier/supplier-view' }] }],
  elements: [],
  screens: true,
});
