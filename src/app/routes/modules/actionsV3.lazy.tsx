// The actionsV3 module's page, in a chunk of its own: its screens replace the shared landing page here.
export { ModuleRoute as default } from '../module.lazy';
