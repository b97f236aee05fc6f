// Pictures behind the session (lib/api-images.ts): an attachment's thumbnail and a stage's
// legacy image are fetched with the access token (an <img src> would get 401), the legacy data
// URL is read into a Blob, and one picture asked twice is fetched once.
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiImageUrl, fetchApiImage, resetApiImages } from '../../../src/lib/api-images';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const THUMB = '/api/attachments/f0000000-0000-4000-8000-000000000001/thumbnail';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

beforeEach(() => resetApiImages());

describe('pictures behind the session', () => {
  it('fetches an attachment thumbnail with the access token', async () => {
    const token = seedSession();
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(api('attachments/:id/thumbnail'), ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return new HttpResponse(JPEG, { headers: { 'content-type': 'image/jpeg' } });
      }),
    );
    const blob = await fetchApiImage(THUMB);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(JPEG);
    expect(authorizations).toEqual([`Bearer ${token}`]);
  });

  it('reads a stage’s legacy image from the data URL its path answers', async () => {
    seedSession();
    server.use(http.get(api('files/viewer/:district/:site/:stage'), () => HttpResponse.json(makeEnvelope(`data:image/png;base64,${btoa('PNGDATA')}`))));
    const blob = await fetchApiImage('/api/files/viewer/d1/s1/Entr%C3%A9e');
    expect(blob.type).toBe('image/png');
    expect(await blob.text()).toBe('PNGDATA');
  });

  it('fetches a picture asked twice only once, and asks again after a failure', async () => {
    seedSession();
    let calls = 0;
    let fail = true;
    server.use(
      http.get(api('attachments/:id/thumbnail'), () => {
        calls += 1;
        return fail ? HttpResponse.error() : new HttpResponse(JPEG, { headers: { 'content-type': 'image/jpeg' } });
      }),
    );
    await expect(apiImageUrl(THUMB)).rejects.toThrow();
    fail = false;
    const [first, second] = await Promise.all([apiImageUrl(THUMB), apiImageUrl(THUMB)]);
    expect(first).toBe(second);
    expect(first).toMatch(/^blob:/);
    expect(calls).toBe(2);
  });
});
