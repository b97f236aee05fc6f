/** Questionnaires (prefix questionnary-v2): questionnaires and Securesphere, with their management. */
import { defineModule, readAdmin } from './manifest';

export const questionnaryV2 = defineModule({
  id: 'questionnaryV2',
  prefix: 'questionnary-v2',
  districtModule: 'questionnary-v2',
  features: { questionnaires: readAdmin('questionnaryV2', 'questionnary', 'questionnaryManagement', 'securesphere', 'securesphereManagement') },
  opens: ['questionnaires'],
  labelKey: 'modules.questionnaires',
  icon: 'clipboard',
  namespace: 'questionnaires',
  views: [{ path: 'view', label: 'questionnaryView' }],
  menu: [{ id: 'questionnary-v2', position: 4, targets: [{ to: '/questionnary-v2/view' }] }],
  elements: [{ element: 'questionnaires', features: ['questionnaires'] }],
  screens: false,
});
