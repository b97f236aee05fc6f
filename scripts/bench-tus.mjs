// A tus upload measured on loopback, for the benches of the files' uploads (bench-files.mjs)
// and of the data-sharing area's public deposits (bench-dsa.mjs): a whole upload, then one cut
// inside a PATCH and resumed from the offset the server kept (HEAD), as a phone's would be.
import { request } from 'node:http';

const TUS = { 'tus-resumable': '1.0.0' };
const mbps = (bytes, ms) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
/** tus's Upload-Metadata: each value base64. */
export const tusMetadata = (fields) => Object.entries(fields).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');

/**
 * `endpoint`: the creation URL (an upload is `${endpoint}/${id}`); `headers`: sent with every
 * request (a session's authorization); `metadata(id)`: the creation's Upload-Metadata;
 * `newId()`: an upload's id; `timeCreation`: the whole upload's time counts its creation too.
 * Prints the two figures under the caller's words (`whole`, `cut`: what an upload is called).
 */
export async function measureTusUpload({ endpoint, headers = {}, metadata, newId, data, chunk, timeCreation = false, whole = 'whole upload', cut = 'cut inside the chunk' }) {
  const base = { ...TUS, ...headers };
  const create = async (id) => {
    const res = await fetch(endpoint, { method: 'POST', headers: { ...base, 'upload-length': String(data.length), 'upload-metadata': metadata(id) } });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  };
  const patch = async (id, offset, bytes) => {
    const res = await fetch(`${endpoint}/${id}`, { method: 'PATCH', headers: { ...base, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: bytes });
    if (res.status !== 204) throw new Error(`patch at ${offset}: ${res.status} ${await res.text()}`);
    return Number(res.headers.get('upload-offset'));
  };
  const send = async (id, bytes, from) => {
    let offset = from;
    while (offset < bytes.length) offset = await patch(id, offset, bytes.subarray(offset, Math.min(offset + chunk, bytes.length)));
    return offset;
  };
  // A PATCH announcing a whole chunk whose connection drops after `sent` bytes.
  const cutPatch = (id, offset, bytes, sent) =>
    new Promise((resolve) => {
      const req = request(`${endpoint}/${id}`, { method: 'PATCH', headers: { ...base, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) } });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
    });
  const headOffset = async (id) => Number((await fetch(`${endpoint}/${id}`, { method: 'HEAD', headers: base })).headers.get('upload-offset'));

  const first = newId();
  const createdAt = performance.now();
  await create(first);
  const sentAt = performance.now();
  await send(first, data, 0);
  const wholeMs = performance.now() - (timeCreation ? createdAt : sentAt);
  console.log(`  ${whole}: ${(wholeMs / 1000).toFixed(1)} s, ${mbps(data.length, wholeMs)} MB/s`);

  const second = newId();
  await create(second);
  const half = Math.floor(data.length / 2 / chunk) * chunk;
  await send(second, data.subarray(0, half), 0);
  await cutPatch(second, half, data.subarray(half, half + chunk), chunk / 2);
  const kept = await headOffset(second);
  const resumedAt = performance.now();
  await send(second, data, kept);
  const resumedMs = performance.now() - resumedAt;
  const done = await headOffset(second);
  console.log(
    `  ${cut} at ${(half / 1e6).toFixed(1)} MB: the server kept ${(kept / 1e6).toFixed(2)} MB; resumed from there, ${((data.length - kept) / 1e6).toFixed(1)} MB in ${(resumedMs / 1000).toFixed(1)} s (${mbps(data.length - kept, resumedMs)} MB/s), complete: ${done === data.length}`,
  );
}
