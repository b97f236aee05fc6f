/** A file of the API (a CSV export, a record's PDF) saved by the browser, fetched with the session (a plain link carries no token). */
import { api } from './api-client';

export async function downloadApiFile(path: string, searchParams: URLSearchParams | undefined, fallbackName: string): Promise<void> {
  await saveResponse(await api.get(path, searchParams === undefined ? {} : { searchParams }), fallbackName);
}

/** Saves an answer of the API as a file, under the name its Content-Disposition gives (else `fallbackName`). */
export async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
