/**
 * STUB (the attachments engineer's file replaces it at merge): the resumable tus upload of one
 * attachment. The outbox drainer calls it with this exact signature; until the real one is
 * merged an item with attachments waits in the outbox (the rejection is a retryable one).
 */
export interface UploadRequest {
  attachmentId: string;
  module: string;
  recordId: string;
  blob: Blob;
  name: string;
  type: string;
  takenAt?: string | null;
  gps?: { lat: number; lng: number } | null;
}

export function uploadAttachment(
  _req: UploadRequest,
  _opts?: { signal?: AbortSignal; onProgress?: (sent: number, total: number) => void },
): Promise<void> {
  return Promise.reject(new Error('not implemented'));
}
