/**
 * uploadAttachment against a fake tus server (msw): what the server ends up holding, what was
 * sent twice after a cut, and how a refused session ends the upload.
 */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api-client';
import { UPLOAD_CONCURRENCY, uploadAttachment } from '../../../src/lib/uploads';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const MiB = 1024 * 1024;
const ID = '7d3b1b1e-6f0a-4e59-9a51-6b1f8e2c0a11';
const RECORD = 'a1c2e3f4-0000-4000-8000-000000000001';

/** Bytes that differ along the file, so a chunk written at the wrong place shows. */
function bytes(size: number): Uint8Array {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + (i >> 10)) & 0xff;
  return data;
}

/** A tus server of one upload; `cutAt` makes one PATCH store only part of its chunk and fail. */
function fakeTus(options: { startOffset?: number; initial?: Uint8Array; cutAfterBytes?: number; status401?: boolean } = {}) {
  const state = {
    created: false,
    stored: new Uint8Array(0),
    length: 0,
    metadata: '',
    sentBytes: 0,
    authorization: [] as string[],
    cut: false,
    /** The requests in the order they came. */
    log: [] as string[],
  };
  const refused = () => HttpResponse.json({ message: 'token_expired', logout: true }, { status: 401 });
  /** Stores the request's chunk at `offset`; false when the connection drops on the way (`cutAfterBytes`). */
  const append = async (offset: number, request: Request): Promise<boolean> => {
    let chunk = new Uint8Array(await request.arrayBuffer());
    state.sentBytes += chunk.length;
    let cut = false;
    if (options.cutAfterBytes !== undefined && !state.cut && offset + chunk.length > options.cutAfterBytes) {
      // The connection drops: the server keeps what arrived before.
      chunk = chunk.slice(0, options.cutAfterBytes - offset);
      state.cut = cut = true;
    }
    const next = new Uint8Array(state.stored.length + chunk.length);
    next.set(state.stored);
    next.set(chunk, state.stored.length);
    state.stored = next;
    return !cut;
  };
  if (options.initial) {
    state.created = true;
    state.stored = options.initial.slice(0, options.startOffset ?? 0);
    state.length = options.initial.length;
  }
  server.use(
    http.head(`*/api/uploads/${ID}`, ({ request }) => {
      state.authorization.push(request.headers.get('authorization') ?? '');
      state.log.push('HEAD');
      if (options.status401) return refused();
      if (!state.created) return HttpResponse.json({ message: 'upload.not_found' }, { status: 404 });
      return new HttpResponse(null, { status: 200, headers: { 'Upload-Offset': String(state.stored.length), 'Upload-Length': String(state.length), 'Tus-Resumable': '1.0.0' } });
    }),
    http.post('*/api/uploads', async ({ request }) => {
      state.authorization.push(request.headers.get('authorization') ?? '');
      state.log.push('POST');
      if (options.status401) return refused();
      const headers = { Location: `/api/uploads/${ID}`, 'Tus-Resumable': '1.0.0' };
      if (state.created) {
        // The same upload again (as the server does): its offset, its bytes untouched.
        return new HttpResponse(null, { status: 201, headers: { ...headers, 'Upload-Offset': String(state.stored.length) } });
      }
      state.created = true;
      state.length = Number(request.headers.get('upload-length'));
      state.metadata = request.headers.get('upload-metadata') ?? '';
      if (request.headers.get('content-type') !== 'application/offset+octet-stream') return new HttpResponse(null, { status: 201, headers });
      // Creation with upload: the first chunk comes with it.
      if (!(await append(0, request))) return HttpResponse.error();
      return new HttpResponse(null, { status: 201, headers: { ...headers, 'Upload-Offset': String(state.stored.length) } });
    }),
    http.patch(`*/api/uploads/${ID}`, async ({ request }) => {
      state.authorization.push(request.headers.get('authorization') ?? '');
      state.log.push('PATCH');
      if (options.status401) return refused();
      const offset = Number(request.headers.get('upload-offset'));
      if (offset !== state.stored.length) return HttpResponse.json({ message: 'upload.offset_mismatch' }, { status: 409 });
      if (!(await append(offset, request))) return HttpResponse.error();
      return new HttpResponse(null, { status: 204, headers: { 'Upload-Offset': String(state.stored.length), 'Tus-Resumable': '1.0.0' } });
    }),
  );
  return state;
}

/** Whether the server holds exactly `data` (a boolean: a failed deep diff of megabytes would not end). */
const holds = (stored: Uint8Array, data: Uint8Array): boolean => stored.length === data.length && stored.every((byte, i) => byte === data[i]);

const request = (data: Uint8Array) => ({
  attachmentId: ID,
  module: 'sites',
  recordId: RECORD,
  blob: new Blob([data as BlobPart], { type: 'image/jpeg' }),
  name: 'Façade.jpg',
  type: 'image/jpeg',
  takenAt: '2026-05-14T09:30:00.000Z',
  gps: { lat: 45.76, lng: 4.83 },
});

const decodeMetadata = (header: string) =>
  Object.fromEntries(header.split(',').map((pair) => {
    const [key, value] = pair.split(' ');
    return [key, new TextDecoder().decode(Uint8Array.from(atob(value ?? ''), (c) => c.charCodeAt(0)))];
  }));

describe('uploadAttachment', () => {
  it('creates the upload with its metadata and sends the file in chunks with the session token', async () => {
    const token = seedSession();
    const data = bytes(2.5 * MiB);
    const tus = fakeTus();
    const progress: number[] = [];
    await uploadAttachment(request(data), { onProgress: (sent) => progress.push(sent) });
    expect(holds(tus.stored, data)).toBe(true);
    expect(decodeMetadata(tus.metadata)).toEqual({
      attachmentId: ID, module: 'sites', recordId: RECORD, name: 'Façade.jpg', type: 'image/jpeg', takenAt: '2026-05-14T09:30:00.000Z', lat: '45.76', lng: '4.83',
    });
    expect(tus.authorization.every((value) => value === `Bearer ${token}`)).toBe(true);
    expect(tus.authorization.length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(data.length);
  });

  it('resumes a cut upload from the offset the server reports, sending little twice', async () => {
    seedSession();
    const data = bytes(3 * MiB);
    const tus = fakeTus({ cutAfterBytes: 1.5 * MiB });
    await uploadAttachment(request(data));
    expect(holds(tus.stored, data)).toBe(true);
    // Only what the cut lost is sent again: at most one chunk beyond the file.
    expect(tus.sentBytes).toBeLessThanOrEqual(data.length + MiB);
  });

  it('continues an upload a previous session started, sending only the rest', async () => {
    seedSession();
    const data = bytes(2 * MiB);
    const tus = fakeTus({ initial: data, startOffset: 1.25 * MiB });
    await uploadAttachment(request(data));
    expect(holds(tus.stored, data)).toBe(true);
    expect(tus.sentBytes).toBe(0.75 * MiB);
  });

  it('resolves at once when the server already holds the whole file', async () => {
    seedSession();
    const data = bytes(1000);
    const tus = fakeTus({ initial: data, startOffset: 1000 });
    await uploadAttachment(request(data));
    expect(tus.sentBytes).toBe(0);
  });

  it('rejects with the 401 (no retry) when the session has expired, for the session flow and the outbox to handle', async () => {
    seedSession();
    const tus = fakeTus({ status401: true });
    const failure = await uploadAttachment(request(bytes(1000))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    // Not retried: the HEAD, then the creation its 4xx falls back to, and nothing more.
    expect(tus.log).toEqual(['HEAD', 'POST']);
  });

  it('sends several attachments at once, at most UPLOAD_CONCURRENCY, and every one whole', async () => {
    seedSession();
    const size = 1000;
    const stored = new Map<string, number>();
    let inFlight = 0;
    let most = 0;
    server.use(
      http.post('*/api/uploads', async ({ request }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        const id = decodeMetadata(request.headers.get('upload-metadata') ?? '').attachmentId ?? '';
        const length = (await request.arrayBuffer()).byteLength;
        // The server takes its time: the other uploads have their chance to start meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 20));
        stored.set(id, length);
        inFlight -= 1;
        return new HttpResponse(null, { status: 201, headers: { Location: `/api/uploads/${id}`, 'Upload-Offset': String(length), 'Tus-Resumable': '1.0.0' } });
      }),
    );
    const ids = Array.from({ length: UPLOAD_CONCURRENCY + 2 }, (_, n) => `7d3b1b1e-6f0a-4e59-9a51-6b1f8e2c0a2${n}`);
    await Promise.all(ids.map((attachmentId) => uploadAttachment({ ...request(bytes(size)), attachmentId, firstAttempt: true })));
    expect(most).toBe(UPLOAD_CONCURRENCY);
    expect(ids.map((id) => stored.get(id))).toEqual(ids.map(() => size));
  });

  it('sends the uploads of one attachment one after the other', async () => {
    seedSession();
    const data = bytes(1.5 * MiB);
    const tus = fakeTus();
    // Both at once: the second starts (its HEAD finds the file complete) only after the first
    // has sent its last chunk.
    await Promise.all([uploadAttachment(request(data)), uploadAttachment(request(data))]);
    expect(holds(tus.stored, data)).toBe(true);
    expect(tus.sentBytes).toBe(data.length);
    // The creation carries the first chunk, a PATCH the rest.
    expect(tus.log).toEqual(['HEAD', 'POST', 'PATCH', 'HEAD']);
  });

  it("creates at once on the upload's first attempt, the photo in the creation: one request", async () => {
    seedSession();
    const data = bytes(300 * 1024);
    const tus = fakeTus();
    await uploadAttachment({ ...request(data), firstAttempt: true });
    expect(holds(tus.stored, data)).toBe(true);
    expect(tus.log).toEqual(['POST']);
    expect(decodeMetadata(tus.metadata)).toMatchObject({ attachmentId: ID, module: 'sites', recordId: RECORD });
  });

  it('resumes a first attempt whose creation was cut from what the server holds, told by the creation sent again', async () => {
    seedSession();
    const data = bytes(600 * 1024);
    const tus = fakeTus({ cutAfterBytes: 300 * 1024 });
    await uploadAttachment({ ...request(data), firstAttempt: true });
    expect(holds(tus.stored, data)).toBe(true);
    // The retry's creation is answered with the offset held: only the rest is sent again.
    expect(tus.log).toEqual(['POST', 'POST', 'PATCH']);
    expect(tus.sentBytes).toBe(data.length + data.length - 300 * 1024);
  });
});

describe('uploadAttachment refused', () => {
  it('gives up at once when the id is another record\'s (409 on the creation), with the server\'s message', async () => {
    seedSession();
    let posts = 0;
    server.use(
      http.head(`*/api/uploads/${ID}`, () => HttpResponse.json({ message: 'upload.not_found' }, { status: 404 })),
      http.post('*/api/uploads', () => {
        posts++;
        return HttpResponse.json({ message: 'upload.id_taken' }, { status: 409 });
      }),
    );
    const failure = await uploadAttachment(request(bytes(1000))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).body.message).toBe('upload.id_taken');
    expect(posts).toBe(1);
  });
});
