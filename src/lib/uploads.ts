/**
 * Resumable uploads of attachments (tus 1.0, tus-js-client) to the server's `/api/uploads`.
 * The outbox calls uploadAttachment for each attachment of an item; it resolves once the
 * server holds the whole file.
 *
 * - Where a cut upload resumes: the upload's URL is derived from the attachment id
 *   (`/api/uploads/<attachmentId>`, the server names uploads so), so every attempt after the
 *   first, after a reload or on another day, starts with a HEAD there and sends only what the
 *   server lacks; a 404 (never started) creates it. Nothing needs keeping in the browser
 *   beyond the Blob the outbox already holds, so tus-js-client's URL storage is off.
 * - The creation carries the first chunk (tus creation-with-upload): a photo (a few hundred
 *   KiB after the resize) is one request. The first attempt of an upload (`firstAttempt`: the
 *   outbox knows no attempt of its item was ever made) skips the HEAD, which could only answer
 *   404; should the server hold the upload all the same, its answer to the creation names the
 *   offset it holds and the upload goes on from there. Each request is a round trip, and a
 *   replay of hundreds of queued photos waited on round trips, not on bandwidth.
 * - Every request goes through THE HTTP channel (api-client.ts's ky instance, as a tus
 *   HttpStack): the current token (refreshed when near its end), the request gate while the
 *   reconnection dialog is open, a token_expired 401 ending the session through the usual
 *   flow, a tenant_changed 401 replayed once with a fresh token, the connection banner. A 401
 *   or 403 is not retried: uploadAttachment rejects with the ApiError, which the outbox keeps
 *   for later (the session flow is the one that speaks to the user).
 * - Chunks of UPLOAD_CHUNK_BYTES, each a request of its own (a cut costs at most one chunk),
 *   retried after RETRY_DELAYS_MS on network errors and 5xx, 409 and 423.
 * - At most UPLOAD_CONCURRENCY uploads at once across the app, and never two of one
 *   attachment. One at a time made a replay of queued photos wait on round trips, not on
 *   bandwidth: each photo was then three requests (HEAD, POST, PATCH) before the next could
 *   start, about four photos a second at best on a good network (the Sites outbox bench).
 *   Three at once share a weak link's bandwidth without losing more than a chunk each to a cut.
 */
import { DetailedError, Upload, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import type { ApiErrorBody } from '../../common/api-types';
import { API_PREFIX } from '../../common/constants';
import { api, ApiError } from './api-client';
import { finishTransfer, startTransfer, updateTransfer } from './progress';

export interface UploadRequest {
  attachmentId: string;
  module: string;
  recordId: string;
  blob: Blob;
  name: string;
  type: string;
  takenAt?: string | null;
  gps?: { lat: number; lng: number } | null;
  /**
   * No attempt of this upload was ever made (the outbox item's first send): created at once,
   * without a HEAD first. Wrong, it costs one chunk sent for nothing, never a duplicate.
   */
  firstAttempt?: boolean;
}

export interface UploadOptions {
  signal?: AbortSignal;
  onProgress?: (sent: number, total: number) => void;
}

/** Size of each PATCH: about 20 s on a weak 3G link, so a cut loses little. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/** Waits between attempts after a network error or a retryable answer; then the outbox takes over. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];
/** A chunk that has not gone through in this time is given up (and retried). */
const CHUNK_TIMEOUT_MS = 120_000;

export const uploadUrlOf = (attachmentId: string): string => `${API_PREFIX}/uploads/${attachmentId}`;

/** `http://host/api/uploads/x` → `uploads/x`, the form the ky instance (prefixUrl /api) takes. */
function apiRelative(url: string): string {
  const { pathname } = new URL(url, globalThis.location?.origin ?? 'http://localhost');
  return pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length + 1) : pathname.replace(/^\//, '');
}

class ApiHttpResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}
  getStatus(): number {
    return this.response.status;
  }
  getHeader(header: string): string | undefined {
    return this.response.headers.get(header) ?? undefined;
  }
  getBody(): string {
    return this.body;
  }
  getUnderlyingObject(): Response {
    return this.response;
  }
}

class ApiHttpRequest implements HttpRequest {
  private readonly headers = new Map<string, string>();
  private readonly controller = new AbortController();

  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }
  getURL(): string {
    return this.url;
  }
  setHeader(header: string, value: string): void {
    this.headers.set(header, value);
  }
  getHeader(header: string): string | undefined {
    return this.headers.get(header);
  }
  // fetch reports no upload progress: tus-js-client reports it chunk by chunk instead.
  setProgressHandler(): void {}

  async send(body?: Blob | null): Promise<HttpResponse> {
    const response = await api(apiRelative(this.url), {
      method: this.method,
      headers: Object.fromEntries(this.headers),
      // The chunk's bytes rather than the Blob slice: every fetch takes them (a test's jsdom
      // Blob is not one Node's fetch knows), for one copy of a chunk.
      body: body ? new Uint8Array(await body.arrayBuffer()) : undefined,
      signal: this.controller.signal,
      timeout: CHUNK_TIMEOUT_MS,
      // Every status comes back to tus-js-client, which decides; the hooks still run.
      throwHttpErrors: false,
    });
    return new ApiHttpResponse(response, this.method === 'HEAD' ? '' : await response.text());
  }

  async abort(): Promise<void> {
    this.controller.abort();
  }
  getUnderlyingObject(): AbortController {
    return this.controller;
  }
}

/** tus-js-client's requests, sent by the app's one HTTP channel. */
export const apiHttpStack: HttpStack = {
  createRequest: (method, url) => new ApiHttpRequest(method, url),
  getName: () => 'vigie-api',
};

/**
 * The file as tus-js-client reads it: slices of the Blob, sent as they are. Its own readers
 * differ between the browser and Node (tests); this one is the same everywhere.
 */
export const blobReader = {
  openFile: async (input: Blob) => ({
    size: input.size,
    slice: async (start: number, end: number) => ({ value: input.slice(start, end), done: end >= input.size }),
    close: () => {},
  }),
};

/** No URL storage: the upload URL is derived from the attachment id. */
const noUrlStorage = {
  findAllUploads: async () => [],
  findUploadsByFingerprint: async () => [],
  removeUpload: async () => {},
  addUpload: async () => '',
};

/** The status of a failed tus request (0: no answer). */
const statusOf = (error: unknown): number => (error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0);

/** A tus failure as the ApiError every caller of the HTTP channel knows. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // The channel itself refused (the session ended while the dialog was open, a refresh refused).
  if (error instanceof DetailedError && error.causingError instanceof ApiError) return error.causingError;
  const status = statusOf(error);
  if (status === 0) return new ApiError(0, { message: 'communication_error' });
  let body: ApiErrorBody = { message: status >= 500 ? 'internal_error' : 'communication_error' };
  try {
    const parsed = JSON.parse((error as DetailedError).originalResponse!.getBody()) as Partial<ApiErrorBody>;
    if (typeof parsed.message === 'string') body = parsed as ApiErrorBody;
  } catch {
    // Not JSON: the generic message stays.
  }
  return new ApiError(status, body);
}

/** Retry network errors, 5xx, a PATCH's 409 (offset moved) and 423 (locked); never 401/403/other 4xx, never offline. */
export function shouldRetryUpload(error: unknown): boolean {
  if (globalThis.navigator?.onLine === false) return false;
  if (error instanceof DetailedError && error.causingError instanceof ApiError && error.causingError.status === 401) return false;
  const status = statusOf(error);
  // 409 on a PATCH: the offset moved (another tab, a lost answer); the retry's HEAD finds it.
  // On the creation it is `upload.id_taken`, which no retry changes.
  const patch = error instanceof DetailedError && error.originalRequest?.getMethod() === 'PATCH';
  return status === 0 || status >= 500 || (status === 409 && patch) || status === 423;
}

function metadataOf(req: UploadRequest): Record<string, string> {
  // A file the browser has no type for (a .dwg, a .msg) is declared as bytes; parameters (charset) are dropped.
  const type = req.type.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
  const meta: Record<string, string> = { attachmentId: req.attachmentId, module: req.module, recordId: req.recordId, name: req.name, type };
  if (req.takenAt) meta.takenAt = req.takenAt;
  if (req.gps) {
    meta.lat = String(req.gps.lat);
    meta.lng = String(req.gps.lng);
  }
  return meta;
}

/** Why an upload stopped on its signal: the signal's reason when it is an Error, else an AbortError. */
const abortReason = (signal: AbortSignal | undefined): Error =>
  signal?.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');

function runUpload(req: UploadRequest, opts: UploadOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(abortReason(opts.signal));
      return;
    }
    const origin = globalThis.location?.origin ?? 'http://localhost';
    const transfer = startTransfer('progress.upload_photo', 'upload');
    const finish = () => {
      finishTransfer(transfer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    const upload = new Upload(req.blob, {
      endpoint: `${origin}${API_PREFIX}/uploads`,
      // Without it tus-js-client creates the upload first; a retry after the creation resumes
      // from the URL the creation answered (or creates again, and the server names its offset).
      uploadUrl: req.firstAttempt === true ? null : `${origin}${uploadUrlOf(req.attachmentId)}`,
      uploadDataDuringCreation: true,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: metadataOf(req),
      httpStack: apiHttpStack,
      fileReader: blobReader,
      urlStorage: noUrlStorage,
      fingerprint: async () => `vigie-attachment-${req.attachmentId}`,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      onShouldRetry: (error) => shouldRetryUpload(error),
      onProgress: (sent, total) => {
        updateTransfer(transfer, 'upload', sent, total);
        opts.onProgress?.(sent, total);
      },
      onSuccess: () => {
        finish();
        resolve();
      },
      onError: (error) => {
        finish();
        reject(toApiError(error));
      },
    });
    function onAbort() {
      finish();
      void upload.abort(false);
      reject(abortReason(opts.signal));
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}

/** Uploads in flight at once across the app. */
export const UPLOAD_CONCURRENCY = 3;

let running = 0;
/** Uploads waiting for a place, in the order they asked. */
const waiting: (() => void)[] = [];
/** The last upload asked for each attachment: the next one of the same attachment waits for it. */
const lastOf = new Map<string, Promise<unknown>>();

async function takePlace(): Promise<void> {
  if (running < UPLOAD_CONCURRENCY) {
    running += 1;
    return;
  }
  // The place is handed over by the upload that leaves it (running stays the same).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function leavePlace(): void {
  const next = waiting.shift();
  if (next === undefined) running -= 1;
  else next();
}

/**
 * Uploads an attachment, resuming from whatever the server already holds; resolves when the
 * server has it whole (and at once when it had it already). At most UPLOAD_CONCURRENCY at once
 * across the app, each attachment after its previous upload has settled.
 * Rejects with an ApiError (status 0: no network after the retries) or the signal's reason.
 */
export function uploadAttachment(req: UploadRequest, opts: UploadOptions = {}): Promise<void> {
  const run = (lastOf.get(req.attachmentId) ?? Promise.resolve()).then(async () => {
    await takePlace();
    try {
      await runUpload(req, opts);
    } finally {
      leavePlace();
    }
  });
  const settled = run.catch(() => undefined);
  lastOf.set(req.attachmentId, settled);
  void settled.then(() => {
    if (lastOf.get(req.attachmentId) === settled) lastOf.delete(req.attachmentId);
  });
  return run;
}
