// STUB
/** Stub of the attachments engineer's resumable upload (tus); replaced at merge. */
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
  req: UploadRequest,
  opts?: { signal?: AbortSignal; onProgress?: (sent: number, total: number) => void },
): Promise<void> {
  void req;
  void opts;
  return Promise.reject(new Error('uploads: not implemented (stub)'));
}
