/**
 * Pictures the API serves behind the session: attachments and their thumbnails (bytes), and a
 * stage's legacy 360 image (its path answers a data URL in the envelope). An `<img src>` or the
 * 360° viewer's own loader would ask for them without the access token and get 401, so they
 * are fetched here through the HTTP client (its token, its refresh, its reconnect hold) and
 * shown as object URLs.
 *
 * Object URLs are kept for the last IMAGE_CACHE_SIZE addresses, so a list scrolled back and
 * forth, or a sheet opened again, does not fetch its thumbnails again; the oldest is revoked
 * when a new one comes (an image still on screen keeps its decoded pixels).
 */
import { useEffect, useState } from 'react';
import { API_PREFIX, VIEWER_IMAGE_PATH } from '../../common/constants';
import { api, apiGet } from './api-client';

export const IMAGE_CACHE_SIZE = 300;

const cache = new Map<string, Promise<string>>();

/** `/api/attachments/x/thumbnail` → the HTTP client's relative path. */
const clientPath = (url: string): string => (url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length + 1) : url.replace(/^\//, ''));

/** The picture at `url` (an API address) as a Blob, fetched with the session. */
export async function fetchApiImage(url: string): Promise<Blob> {
  if (url.startsWith(`${VIEWER_IMAGE_PATH}/`)) {
    // A data URL read locally: no network, and no CSP rule about connecting to data: URLs.
    const dataUrl = await apiGet<string>(clientPath(url));
    const comma = dataUrl.indexOf(',');
    const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'image/png';
    const binary = atob(dataUrl.slice(comma + 1));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type });
  }
  return api.get(clientPath(url)).blob();
}

/** An object URL of the picture at `url`, shared by every caller asking for the same address. */
export function apiImageUrl(url: string): Promise<string> {
  const kept = cache.get(url);
  if (kept) {
    cache.delete(url);
    cache.set(url, kept);
    return kept;
  }
  const loading = fetchApiImage(url).then((blob) => URL.createObjectURL(blob));
  // A failure is not kept: the next render (back online, say) asks again.
  loading.catch(() => cache.delete(url));
  cache.set(url, loading);
  if (cache.size > IMAGE_CACHE_SIZE) {
    const [oldest, evicted] = cache.entries().next().value as [string, Promise<string>];
    cache.delete(oldest);
    void evicted.then((objectUrl) => URL.revokeObjectURL(objectUrl), () => undefined);
  }
  return loading;
}

/** The object URL of the picture at `url` once fetched; null while loading, offline or without one. */
export function useApiImage(url: string | null | undefined): string | null {
  const [shown, setShown] = useState<{ url: string; objectUrl: string } | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let current = true;
    apiImageUrl(url).then(
      (objectUrl) => current && setShown({ url, objectUrl }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return shown !== null && shown.url === url ? shown.objectUrl : null;
}

/** Tests only: forget every kept picture. */
export function resetApiImages(): void {
  cache.clear();
}
