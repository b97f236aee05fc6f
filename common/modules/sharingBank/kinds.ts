/** A shared resource's kinds, without their schema (./schemas.ts): the app's route table validates the library's search with them at every start. */
export const RESOURCE_KINDS = ['procedure', 'instruction', 'poster', 'document', 'questionnaireTemplate', 'declarationType'] as const;
