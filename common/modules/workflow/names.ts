// The workflows' module names, without their schemas (./schemas.ts re-exports them): the app's
// start reads them without loading TypeBox.

/** The socket module name of the instances (records:changed). */
export const WORKFLOW_INSTANCES_MODULE = 'workflow_instances';
export const WORKFLOW_DEFINITIONS_MODULE = 'workflow_definitions';
