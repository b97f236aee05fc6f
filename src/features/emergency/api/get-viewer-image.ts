/**
 * GET /api/files/viewer/:districtId/:siteId/:stageName: one 360 image as a base64 data URL.
 * The server answers `imageUrl` with this path already built (getAll360Stages), so the app
 * fetches that path as is.
 *
 * On a weak network an alert must not wait for images: each fetch has a short budget and no
 * retry; an image not there in time is sent as null and the server fills it (docs/api.md).
 */
import { queryOptions } from '@tanstack/react-query';
import { API_PREFIX } from '../../../../common/constants';
import { apiGetWithProgress } from '../../../lib/api-client';

export const IMAGE_FETCH_BUDGET_MS = 4000;

/** '/api/files/viewer/…' → 'files/viewer/…' (the api-client adds the prefix). */
function toApiPath(imageUrl: string): string {
  const prefix = `${API_PREFIX}/`;
  return imageUrl.startsWith(prefix) ? imageUrl.slice(prefix.length) : imageUrl.replace(/^\//, '');
}

export function getViewerImage(imageUrl: string): Promise<string> {
  // Images are the app's large downloads: the shell's progress bar shows a slow one.
  return apiGetWithProgress<string>(toApiPath(imageUrl), { label: 'progress.image' }, { timeout: IMAGE_FETCH_BUDGET_MS });
}

export const viewerImageQueryOptions = (imageUrl: string) =>
  queryOptions({
    queryKey: ['emergency', 'image', imageUrl],
    queryFn: () => getViewerImage(imageUrl),
    retry: false,
    staleTime: 5 * 60_000,
    // Base64 images are large: never keep them in the persisted cache longer than needed.
    gcTime: 60_000,
  });
