/**
 * Questionnaires (prefix questionnary-v2; screens: src/features/questionnaires/routes.tsx):
 * inspections built from templates, scheduled on sites,
 * filled on site (offline), scored, signed and locked; the Securesphere security audits run on
 * the same engine with their own templates. Its API contract is ./questionnaryV2/schemas.ts,
 * its filling rules ./questionnaryV2/engine.ts; the choices are in docs/questionnaires.md.
 *
 * Spec section 6 gives four subjects, each `_read`/`_admin`; each is a feature here so that
 * `can()` says what each subject allows: a family's inspections (`questionnaires`,
 * `securesphere`: read fills one's own, manage schedules and sees everyone's) and its templates
 * (`questionnaireTemplates`, `securesphereTemplates`: read sees and previews them, manage builds
 * them). Any one of the four opens the module.
 */
import { defineModule, readAdmin } from './manifest';

export const questionnaryV2 = defineModule({
  id: 'questionnaryV2',
  folder: 'questionnaires',
  prefix: 'questionnary-v2',
  districtModule: 'questionnary-v2',
  features: {
    questionnaires: readAdmin('questionnaryV2', 'questionnary'),
    questionnaireTemplates: readAdmin('questionnaryV2', 'questionnaryManagement'),
    securesphere: readAdmin('questionnaryV2', 'securesphere'),
    securesphereTemplates: readAdmin('questionnaryV2', 'securesphereManagement'),
  },
  opens: ['questionnaires', 'questionnaireTemplates', 'securesphere', 'securesphereTemplates'],
  labelKey: 'modules.questionnaires',
  icon: 'clipboard',
  namespace: 'questionnaires',
  views: [{ path: 'view', label: 'questionnaryView' }],
  menu: [{ id: 'questionnary-v2', position: 4, targets: [{ to: '/questionnary-v2/view' }] }],
  elements: [{ element: 'questionnaires', features: ['questionnaires', 'questionnaireTemplates', 'securesphere', 'securesphereTemplates'] }],
  screens: true,
});
