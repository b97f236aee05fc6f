/**
 * The scanner's barcode decoder, loaded only when a scanner starts (a dynamic import): the
 * browser's own BarcodeDetector when it reads every format we need, else the `barcode-detector`
 * ponyfill on zxing-wasm. The ponyfill's WebAssembly is served from the app's own origin (the
 * `?url` import: a file of the build, precached by the service worker) so scanning works offline
 * and under the CSP (script-src 'self' 'wasm-unsafe-eval'), never from a CDN.
 */
import { BarcodeDetector as Ponyfill, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The codes read: Vigie's QR labels, products' EAN, makers' serial barcodes, Data Matrix plates. */
export const SCAN_FORMATS = ['qr_code', 'ean_13', 'ean_8', 'code_128', 'code_39', 'data_matrix'] as const;

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface Decoder {
  detect: (source: ImageBitmapSource) => Promise<DetectedCode[]>;
  /** Whether the browser's own detector reads (else the WebAssembly one). */
  native: boolean;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): { detect: (source: ImageBitmapSource) => Promise<DetectedCode[]> };
  getSupportedFormats: () => Promise<string[]>;
}

let prepared = false;

function wasmDecoder(): Decoder {
  if (!prepared) {
    prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, location.href).href : prefix + path) } });
    prepared = true;
  }
  const detector = new Ponyfill({ formats: [...SCAN_FORMATS] });
  return { detect: (source) => detector.detect(source), native: false };
}

/** The decoder: native when it reads every format (Chrome on Android, Safari 17+ on some), else WebAssembly. */
export async function createDecoder(options: { forceWasm?: boolean } = {}): Promise<Decoder> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && !options.forceWasm) {
    try {
      const supported = await Native.getSupportedFormats();
      if (SCAN_FORMATS.every((format) => supported.includes(format))) {
        const detector = new Native({ formats: [...SCAN_FORMATS] });
        return { detect: (source) => detector.detect(source), native: true };
      }
    } catch {
      // A detector that cannot say what it reads: the WebAssembly one.
    }
  }
  return wasmDecoder();
}
