/**
 * Synthesis (prefix synthesisBuilder): four generations of synthesis, each with its view; the
 * menu goes to the view of the first right held (spec section 2). Spec section 6 gives it
 * reading rights only. securesphere_synthesis.read has no view of its own in the navigation
 * table: it shares the Securesphere synthesis view (a choice, the spec is silent).
 */
import { defineModule } from './manifest';

export const synthesis = defineModule({
  id: 'synthesis',
  folder: 'synthesis',
  prefix: 'synthesisBuilder',
  districtModule: null,
  features: {
    synthesis: {
      read: ['synthesis.read', 'securesphere.synthesis_view', 'securesphere_synthesis.read', 'synthesisV2.access', 'synthesisV3.access'],
      manage: [],
    },
  },
  opens: ['synthesis'],
  labelKey: 'modules.synthesis',
  icon: 'analytics',
  namespace: 'synthesis',
  views: [
    { path: 'synthesisTable', label: 'synthesisTable' },
    { path: 'synthesisView', label: 'synthesisView' },
    { path: 'synthesisSecuresphere', label: 'synthesisSecuresphere' },
    { path: 'synthesis', label: 'synthesisV3' },
  ],
  menu: [
    {
      id: 'synthesis',
      position: 9,
      targets: [
        { to: '/synthesisBuilder/synthesisTable', anyRight: ['synthesis.read'] },
        { to: '/synthesisBuilder/synthesisView', anyRight: ['synthesisV2.access'] },
        { to: '/synthesisBuilder/synthesisSecuresphere', anyRight: ['securesphere.synthesis_view', 'securesphere_synthesis.read'] },
        { to: '/synthesisBuilder/synthesis', anyRight: ['synthesisV3.access'] },
      ],
    },
  ],
  elements: [],
  screens: true,
});
