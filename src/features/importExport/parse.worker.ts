/**
 * The import's parsing worker: a file read, decoded and parsed off the main thread (Papa Parse
 * for CSV, read-excel-file for XLSX), then, once the columns are mapped, its rows mapped and
 * checked here too, so a 50,000-row file shows its first errors without freezing the page and
 * before anything is sent.
 */
import readXlsxFile from 'read-excel-file/web-worker';
import type { ImportFieldInfo } from '../../../common/modules/importExport/schemas';
import { mapRows, type Mapping } from './mapping';
import { decode, parseCsv, sheetRows, type Encoding, type ParseResult } from './parse';

export type WorkerRequest =
  | { type: 'parse'; file: File; encoding: Encoding | null }
  | { type: 'map'; mapping: Mapping; fields: ImportFieldInfo[] };

let rows: string[][] = [];

async function parse(file: File, encoding: Encoding | null): Promise<ParseResult> {
  if (/\.xlsx$/i.test(file.name)) {
    const sheets = await readXlsxFile(file);
    return sheetRows(sheets[0]?.data ?? []);
  }
  const decoded = decode(new Uint8Array(await file.arrayBuffer()), encoding);
  if (decoded === null) return { ok: false, reason: 'encoding' };
  const result = parseCsv(decoded.text);
  return result.ok ? { ...result, encoding: decoded.encoding } : result;
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'parse') {
    parse(request.file, request.encoding).then(
      (result) => {
        rows = result.ok ? result.rows : [];
        self.postMessage(result);
      },
      () => self.postMessage({ ok: false, reason: 'unreadable' } satisfies ParseResult),
    );
    return;
  }
  self.postMessage(mapRows(rows, request.mapping, request.fields));
};
