/**
 * What a module does once an upload is complete (all its bytes stored, its row marked complete):
 * the 360 tours cut a large panorama into tiles in the background, so its first view does not
 * wait for it. A module registers its listener at import (its module.ts); the upload route
 * (server/src/routes/api/uploads) calls them after each first completion, outside its answer's
 * critical path: a listener's failure is logged, never the upload's.
 */
import type { AttachmentRow } from '../../attachments/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { RouteContext } from '../../routes/context.js';

export interface UploadCompleted {
  ctx: RouteContext;
  auth: AuthContext;
  /** The attachment as it was before its completion (read it again for its size in pixels). */
  row: AttachmentRow;
  log?: { error: (details: object, message: string) => void };
}

export type UploadListener = (completed: UploadCompleted) => Promise<void>;

const listeners = new Set<UploadListener>();

export function onUploadComplete(listener: UploadListener): void {
  listeners.add(listener);
}

/** Tells every listener (each one's error logged). */
export async function uploadCompleted(completed: UploadCompleted): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(completed);
    } catch (error) {
      completed.log?.error({ err: error, attachment: completed.row.id }, 'upload listener failed');
    }
  }
}
