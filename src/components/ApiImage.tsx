/**
 * An image the API serves behind the session (a thumbnail, a stage image), fetched with the
 * token (lib/api-images.ts): a plain `<img src>` would get 401. Until it is there (or offline,
 * or when there is none) the caller's placeholder shows in its place.
 */
import type { ReactNode } from 'react';
import { apiImageUrl, useApiImage } from '../lib/api-images';

export interface ApiImageProps {
  src: string | null;
  className?: string;
  width?: number;
  height?: number;
  /** Shown while loading, offline, or without an image. */
  placeholder?: ReactNode;
}

export function ApiImage({ src, className, width, height, placeholder = null }: ApiImageProps) {
  const objectUrl = useApiImage(src);
  if (objectUrl === null) return <>{placeholder}</>;
  return <img className={className} src={objectUrl} alt="" width={width} height={height} />;
}

/**
 * Opens the picture at `url` (an API address) in a new tab. The tab is opened at the tap, while
 * it still counts as the user's (a window opened after the fetch would be blocked).
 */
export function openApiImage(url: string, onError: (error: unknown) => void): void {
  const tab = window.open('about:blank', '_blank');
  apiImageUrl(url).then(
    (objectUrl) => {
      if (tab) tab.location.href = objectUrl;
    },
    (error: unknown) => {
      tab?.close();
      onError(error);
    },
  );
}

/** How long an opened file's object URL lives (the new tab has read it long before). */
const OPENED_URL_MS = 60_000;

/**
 * Shows `blob` in a new tab: in `tab` when the caller opened it at the tap (before a fetch),
 * else in one opened now. Its object URL is revoked once the tab has read it.
 */
export function openBlob(blob: Blob, tab?: Window | null): void {
  const objectUrl = URL.createObjectURL(blob);
  if (tab === undefined) window.open(objectUrl, '_blank', 'noopener');
  else if (tab !== null) tab.location.href = objectUrl;
  setTimeout(() => URL.revokeObjectURL(objectUrl), OPENED_URL_MS);
}
