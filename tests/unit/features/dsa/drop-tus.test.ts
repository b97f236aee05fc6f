/**
 * The drop page's tus client against a fake tus server (XMLHttpRequest replaced): a cut in the
 * middle of a PATCH keeps what arrived and the next try resumes from the server's offset (HEAD),
 * a 409 asks the offset again, a 4xx is a refusal with its message key, and the metadata goes
 * as tus encodes it (base64 of UTF-8).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Cut, Refused, sendDeposit, tusMetadata } from '../../../../src/features/dsa/drop-tus';

interface Upload {
  size: number;
  bytes: number;
}

/** A tus server in memory; `cutAfter` bytes of the next PATCH arrive, then the connection drops. */
class FakeServer {
  uploads = new Map<string, Upload>();
  log: string[] = [];
  cutAfter: number | null = null;
  refuse: { status: number; message: string } | null = null;
  wrongOffsetOnce = false;

  handle(method: string, url: string, headers: Record<string, string>, body: Blob | null): { status: number; headers: Record<string, string>; text: string } | 'cut' {
    this.log.push(`${method} ${url.split('/').pop()}`);
    if (this.refuse) return { status: this.refuse.status, headers: {}, text: JSON.stringify({ message: this.refuse.message }) };
    const id = url.split('/').pop()!;
    if (method === 'POST') {
      const meta = Object.fromEntries(headers['Upload-Metadata']!.split(',').map((p) => p.split(' ')));
      const created = new TextDecoder().decode(Uint8Array.from(atob(meta.id), (c) => c.charCodeAt(0)));
      const upload = { size: Number(headers['Upload-Length']), bytes: body?.size ?? 0 };
      this.uploads.set(created, upload);
      return { status: 201, headers: { 'Upload-Offset': String(upload.bytes) }, text: '' };
    }
    const upload = this.uploads.get(id);
    if (!upload) return { status: 404, headers: {}, text: '{"message":"upload.not_found"}' };
    if (method === 'HEAD') return { status: 200, headers: { 'Upload-Offset': String(upload.bytes) }, text: '' };
    if (this.wrongOffsetOnce) {
      this.wrongOffsetOnce = false;
      return { status: 409, headers: {}, text: '{"message":"upload.offset_mismatch"}' };
    }
    if (Number(headers['Upload-Offset']) !== upload.bytes) return { status: 409, headers: {}, text: '' };
    if (this.cutAfter !== null) {
      upload.bytes += Math.min(this.cutAfter, body!.size);
      this.cutAfter = null;
      return 'cut';
    }
    upload.bytes += body!.size;
    return { status: 204, headers: { 'Upload-Offset': String(upload.bytes) }, text: '' };
  }
}

let server: FakeServer;

class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  private answerHeaders: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.answerHeaders[name] ?? null;
  }
  send(body: Blob | null) {
    queueMicrotask(() => {
      const answer = server.handle(this.method, this.url, this.headers, body);
      if (answer === 'cut') return this.onerror?.();
      if (body) this.upload.onprogress?.({ loaded: body.size });
      this.status = answer.status;
      this.answerHeaders = answer.headers;
      this.responseText = answer.text;
      this.onload?.();
    });
  }
}

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const file = new Blob([new Uint8Array(10_000)]);
const options = (known: boolean, onProgress: (sent: number) => void = () => undefined) => ({
  endpoint: '/api/shared/dsa/t/uploads',
  id: 'd1',
  file,
  known,
  chunkBytes: 3000,
  metadata: { name: 'Relevé été.pdf', depositorName: 'Zoé' },
  onProgress,
});

describe('the drop page’s tus client', () => {
  it('creates with the first chunk, resumes a cut PATCH from the server’s offset, and reaches the last byte', async () => {
    server.cutAfter = 1000;
    await expect(sendDeposit(options(false))).rejects.toBeInstanceOf(Cut);
    expect(server.uploads.get('d1')!.bytes).toBe(4000);
    const seen: number[] = [];
    await sendDeposit(options(true, (sent) => void seen.push(sent)));
    expect(server.uploads.get('d1')!.bytes).toBe(10_000);
    expect(server.log).toEqual(['POST uploads', 'PATCH d1', 'HEAD d1', 'PATCH d1', 'PATCH d1']);
    expect(seen[0]).toBe(4000);
    expect(seen.at(-1)).toBe(10_000);
  });

  it('asks the offset again after a 409, creates again an upload the server no longer has, and stops on a refusal', async () => {
    server.wrongOffsetOnce = true;
    await sendDeposit(options(true));
    expect(server.log.slice(0, 4)).toEqual(['HEAD d1', 'POST uploads', 'PATCH d1', 'HEAD d1']);
    expect(server.uploads.get('d1')!.bytes).toBe(10_000);
    server.refuse = { status: 410, message: 'dsa.link_revoked' };
    await expect(sendDeposit(options(false))).rejects.toEqual(new Refused('dsa.link_revoked'));
  });

  it('encodes the metadata as tus does', () => {
    expect(tusMetadata({ name: 'été' })).toBe(`name ${btoa('Ã©tÃ©')}`);
  });
});
