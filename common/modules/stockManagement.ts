/** Stock management (prefix stock-management): the summary table for the admin right, else the first view the rights open. */
import { defineModule } from './manifest';

const SUBJECTS = ['stockArea', 'article', 'incomingStuff', 'inventory', 'loanStuff', 'outgoingStuff'];
const right = (subject: string) => `stockManagement.${subject}_read`;

export const stockManagement = defineModule({
  id: 'stockManagement',
  folder: 'inventory',
  prefix: 'stock-management',
  districtModule: null,
  features: { stock: { read: SUBJECTS.map(right), manage: ['stockManagement.admin'] } },
  opens: ['stock'],
  labelKey: 'modules.stock-management',
  icon: 'fileTrayFull',
  namespace: 'stock-management',
  views: [
    { path: 'recap-table', label: 'recapTable' },
    { path: 'stock-area', label: 'stockArea' },
    { path: 'outgoing-stuff', label: 'outgoingStuff' },
    { path: 'incoming-stuff', label: 'incomingStuff' },
    { path: 'loan-stuff', label: 'loanStuff' },
    { path: 'article', label: 'article' },
    { path: 'inventory', label: 'stockInventory' },
  ],
  menu: [
    {
      id: 'stock-management',
      position: 12,
      targets: [
        { to: '/stock-management/recap-table', anyRight: ['stockManagement.admin'] },
        { to: '/stock-management/stock-area', anyRight: [right('stockArea')] },
        { to: '/stock-management/outgoing-stuff', anyRight: [right('outgoingStuff')] },
        { to: '/stock-management/incoming-stuff', anyRight: [right('incomingStuff')] },
        { to: '/stock-management/loan-stuff', anyRight: [right('loanStuff')] },
        { to: '/stock-management/article', anyRight: [right('article')] },
        { to: '/stock-management/inventory', anyRight: [right('inventory')] },
      ],
    },
  ],
  elements: [],
  screens: true,
});
