/**
 * The panoramas' images (/api/360/images: a whole small panorama, a large one's base and tiles),
 * read through the session and kept on the device as they are seen: Cache Storage
 * (VIEW360_CACHE), read first, so a tour opened once shows offline with every tile that was
 * looked at (not the whole tour at every zoom level: a 16,000-pixel panorama is 128 tiles and
 * tens of MiB, most of which nobody zooms into). The viewer's own loader is given these reads
 * (`readThroughDevice`), so it asks for the image of the stage on screen only, when it needs it;
 * the start stage's base can be asked earlier (`warmPanorama`, from the route's loader), while
 * the viewer's code is still loading.
 */
import type { Viewer } from '@photo-sphere-viewer/core';
import type { TiledPanorama } from '../../../common/modules/view360/schemas';
import { fetchApiImage } from '../../lib/api-images';
import { keptKey, VIEW360_CACHE } from './api';

const IMAGES_PATH = '/api/360/images/';
const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** Reads asked before the viewer (the start stage's base), kept until the viewer takes them. */
const early = new Map<string, Promise<Blob>>();

async function readImage(url: string): Promise<Blob> {
  const storage = cacheStorage();
  const cache = storage ? await storage.open(VIEW360_CACHE).catch(() => null) : null;
  const kept = await cache?.match(keptKey(url));
  if (kept) return kept.blob();
  const blob = await fetchApiImage(url);
  // Kept on the device beside the viewer's use, not before it: the image is drawn at once.
  if (cache) void cache.put(keptKey(url), new Response(blob, { headers: { 'content-type': blob.type } })).catch(() => undefined);
  return blob;
}

/** The image at `url` (an /api/360/images address): from the device when kept, else fetched and kept. */
export function panoramaBlob(url: string): Promise<Blob> {
  const asked = early.get(url);
  if (asked) {
    early.delete(url);
    return asked;
  }
  return readImage(url);
}

/** Starts reading the image of a stage shown first (answers at once). */
export function warmPanorama(stage: { imageUrl: string | null; tiles: TiledPanorama | null }): void {
  const url = stage.tiles?.baseUrl ?? stage.imageUrl;
  if (url === null || early.has(url)) return;
  const read = readImage(url);
  read.catch(() => early.delete(url));
  early.set(url, read);
}

/** A panorama as the equirectangular tiles adapter takes it: a base and tiles for a large one, a base alone for a small one. */
export function adapterPanorama(imageUrl: string, tiles: TiledPanorama | null) {
  if (!tiles) return { width: 2048, cols: 2, rows: 1, baseUrl: imageUrl, tileUrl: () => null };
  return {
    width: tiles.width,
    cols: tiles.cols,
    rows: tiles.rows,
    baseUrl: tiles.baseUrl,
    tileUrl: (col: number, row: number) => tiles.tileUrl.replace('{col}', String(col)).replace('{row}', String(row)),
  };
}

/** Makes `viewer` read the panoramas' images through the session and the device's copy. */
export function readThroughDevice(viewer: Viewer): void {
  const loader = viewer.textureLoader;
  const loadFile = loader.loadFile.bind(loader);
  const loadImage = loader.loadImage.bind(loader);
  const ours = (url: string) => url.startsWith(IMAGES_PATH);
  loader.loadFile = (url, onProgress, cacheKey) =>
    ours(url)
      ? panoramaBlob(url).then((blob) => {
          performance.mark('view360:image');
          onProgress?.(100);
          return blob;
        })
      : loadFile(url, onProgress, cacheKey);
  loader.loadImage = (url, onProgress, cacheKey) =>
    ours(url)
      ? panoramaBlob(url).then((blob) => {
          performance.mark('view360:image');
          return loader.blobToImage(blob);
        })
      : loadImage(url, onProgress, cacheKey);
}

/** Photo Sphere Viewer's texts (its buttons' names, its messages) in the reader's language. */
export const VIEWER_TEXTS = ['zoom', 'zoomOut', 'zoomIn', 'moveUp', 'moveDown', 'moveLeft', 'moveRight', 'fullscreen', 'close', 'twoFingers', 'ctrlZoom', 'loadError', 'webglError', 'menu', 'description', 'download'] as const;
export const viewerLang = (t: (key: string) => string) => Object.fromEntries(VIEWER_TEXTS.map((key) => [key, t(`viewer.${key}`)]));

/**
 * Names the viewer's navigation buttons for assistive technology: Photo Sphere Viewer draws
 * them as focusable `div`s with a tooltip title; each becomes a named button.
 */
export function nameViewerButtons(root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLElement>('.psv-navbar .psv-button')) {
    if (!button.title) continue;
    button.setAttribute('role', 'button');
    button.setAttribute('aria-label', button.title);
  }
}

const ARROW_SVG = '<svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true" focusable="false"><path d="M50 18 L86 70 L50 56 L14 70 Z" fill="currentColor" stroke="rgba(0,0,0,.45)" stroke-width="3"/></svg>';

/** A tour arrow: a button named after the stage it leads to. */
export function arrowElement(name: string): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'psv-virtual-tour-arrow';
  button.setAttribute('aria-label', name);
  button.innerHTML = ARROW_SVG;
  return button;
}
