/** Contracts (prefix contract): contracts and their templates. */
import { defineModule } from './manifest';

export const contract = defineModule({
  id: 'contract',
  folder: 'contract',
  prefix: 'contract',
  districtModule: null,
  features: { contract: { read: ['contract.contract_read', 'contract.contractTemplate_read'], manage: ['contract.admin'] } },
  opens: ['contract'],
  labelKey: 'modules.contract',
  icon: 'pricetags',
  namespace: 'contract',
  views: [],
  menu: [{ id: 'contract', position: 15, targets: [{ to: '/contract' }] }],
  elements: [],
  screens: true,
});
