/**
 * The outsider's page's tus 1.0 client (about 1 kB, instead of tus-js-client's ~20 kB gzip):
 * one deposit sent to the link's tus endpoint (/api/shared/dsa/<token>/uploads, server
 * server/src/modules/dsa/public.ts). The upload's URL is derived from the deposit's id, which
 * the page keeps per file on the device: a known id is asked its offset first (HEAD), an
 * unknown one is created (POST with its first chunk: creation-with-upload), then PATCHes of
 * DSA_CHUNK_BYTES go on from the offset the server answers. A 409 (the server holds another
 * offset) asks it again; a 4xx is a refusal (`Refused`, its message key); anything else (no
 * answer, a 5xx) is a cut (`Cut`): the caller retries later and the upload resumes from what
 * arrived. XMLHttpRequest, for its upload progress.
 */
import { DSA_CHUNK_BYTES } from '../../../common/modules/dsa/public';

export class Refused extends Error {}
export class Cut extends Error {}

export interface DropTusOptions {
  /** The link's tus endpoint: /api/shared/dsa/<token>/uploads. */
  endpoint: string;
  id: string;
  file: Blob;
  /** Upload-Metadata's fields (the id is added). */
  metadata: Record<string, string>;
  /** Whether the server may already hold this upload (the id was kept from an earlier try). */
  known: boolean;
  /** Bytes the server holds, as they arrive. */
  onProgress: (sent: number) => void;
  chunkBytes?: number;
}

interface Answer {
  status: number;
  header: (name: string) => string | null;
  message: string | undefined;
}

/** One request; a network failure rejects with Cut. */
export function tusRequest(method: string, url: string, headers: Record<string, string>, body: Blob | null, onSent?: (bytes: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Tus-Resumable', '1.0.0');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onSent) xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      let message: string | undefined;
      try {
        message = (JSON.parse(xhr.responseText || '{}') as { message?: string }).message;
      } catch {
        message = undefined;
      }
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), message });
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => reject(new Cut('cut'));
    xhr.send(body);
  });
}

/** tus's Upload-Metadata: each value base64 of its UTF-8. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${btoa(Array.from(new TextEncoder().encode(value), (b) => String.fromCharCode(b)).join(''))}`)
    .join(',');
}

function offsetOf(answer: Answer): number {
  const offset = Number(answer.header('Upload-Offset'));
  if (!Number.isInteger(offset) || offset < 0) throw new Cut('no offset');
  return offset;
}

function check(answer: Answer): void {
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 409) throw new Refused(answer.message ?? 'error');
  if (answer.status >= 500 || answer.status === 0) throw new Cut(String(answer.status));
}

/** Sends a deposit from the offset the server holds until its last byte; throws Refused or Cut. */
export async function sendDeposit(options: DropTusOptions): Promise<void> {
  const { endpoint, id, file, onProgress } = options;
  const chunk = options.chunkBytes ?? DSA_CHUNK_BYTES;
  const url = `${endpoint}/${id}`;
  let offset = -1;
  if (options.known) {
    const head = await tusRequest('HEAD', url, {}, null);
    // 404: the server never had it (or removed it, abandoned): created again below.
    if (head.status !== 404) {
      check(head);
      offset = offsetOf(head);
    }
  }
  if (offset < 0) {
    const first = file.slice(0, chunk);
    const created = await tusRequest(
      'POST',
      endpoint,
      { 'Upload-Length': String(file.size), 'Upload-Metadata': tusMetadata({ id, ...options.metadata }), 'Content-Type': 'application/offset+octet-stream' },
      first,
      (sent) => onProgress(Math.min(sent, first.size)),
    );
    check(created);
    if (created.status === 409) throw new Refused(created.message ?? 'error');
    offset = offsetOf(created);
  }
  onProgress(offset);
  while (offset < file.size) {
    const start = offset;
    const answer = await tusRequest('PATCH', url, { 'Upload-Offset': String(start), 'Content-Type': 'application/offset+octet-stream' }, file.slice(start, start + chunk), (sent) =>
      onProgress(start + sent),
    );
    check(answer);
    if (answer.status === 409) {
      const head = await tusRequest('HEAD', url, {}, null);
      check(head);
      offset = offsetOf(head);
    } else offset = offsetOf(answer);
    onProgress(offset);
  }
}
