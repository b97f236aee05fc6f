// `npm run bench:scan`: how long the scanner takes to decode one camera frame holding a QR code,
// on a phone profile (390×844 viewport, touch, CPU throttled 4× through the DevTools protocol)
// in Chromium (CHROMIUM_PATH, default /usr/bin/chromium). The frame is camera-like: 1280×720,
// a lit gradient with sensor noise, the QR label (an item's code) small, tilted and slightly
// blurred at a random place. Decoded by the WebAssembly path the app falls back to
// (barcode-detector's ponyfill on zxing-wasm, the same .wasm the app serves, the app's six
// formats), and by the native BarcodeDetector when this Chromium has one (Linux builds usually
// do not). Prints the first decode (the module's compilation included) and the median, p95, min
// and max of FRAMES frames, each checked to read the right text.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import QRCode from 'qrcode';

const FRAMES = Number(process.env.FRAMES ?? 30);
const CPU_SLOWDOWN = 4;
const ORIGIN = 'http://bench.vigie.test';
const FORMATS = (process.env.FORMATS ?? 'qr_code,ean_13,ean_8,code_128,code_39,data_matrix').split(',');
/** The width each frame is decoded at (the app's scanner: src/components/scanner/Scanner.tsx DECODE_WIDTH). */
const SCALED_WIDTH = Number(process.env.SCALED_WIDTH ?? 640);

const require = createRequire(import.meta.url);
const ponyfill = readFileSync(require.resolve('barcode-detector').replace(/dist\/.*$/, 'dist/iife/ponyfill.js'));
const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
const text = `https://vigie.example.fr/inventory-v2/equipment/${randomUUID()}`;
const qr = await QRCode.toDataURL(text, { width: 260, margin: 4, errorCorrectionLevel: 'M' });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await context.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/ponyfill.js') return route.fulfill({ body: ponyfill, contentType: 'text/javascript' });
    if (path === '/zxing_reader.wasm') return route.fulfill({ body: wasm, contentType: 'application/wasm' });
    return route.fulfill({ body: '<!doctype html><title>bench</title><script src="/ponyfill.js"></script>', contentType: 'text/html' });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  const results = await page.evaluate(
    async ({ qr, text, frames, formats, origin, scaledWidth }) => {
      const image = new Image();
      image.src = qr;
      await image.decode();
      const canvas = new OffscreenCanvas(1280, 720);
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      /** A camera-like frame: light gradient, the label tilted and blurred somewhere, sensor noise. */
      const frame = (seed) => {
        const gradient = ctx.createLinearGradient(0, 0, 1280, 720);
        gradient.addColorStop(0, '#8a8578');
        gradient.addColorStop(1, '#c9c3b5');
        ctx.filter = 'none';
        ctx.fillStyle = gradient;
        ctx.fillRect(0, 0, 1280, 720);
        ctx.save();
        ctx.translate(300 + ((seed * 137) % 600), 200 + ((seed * 71) % 300));
        ctx.rotate((((seed * 17) % 30) - 15) * (Math.PI / 180));
        ctx.filter = 'blur(0.8px)';
        ctx.fillStyle = '#f4f1ea';
        ctx.fillRect(-150, -150, 300, 300);
        ctx.drawImage(image, -130, -130, 260, 260);
        ctx.restore();
        const data = ctx.getImageData(0, 0, 1280, 720);
        for (let i = 0; i < data.data.length; i += 4) {
          const noise = (Math.random() - 0.5) * 24;
          data.data[i] += noise;
          data.data[i + 1] += noise;
          data.data[i + 2] += noise;
        }
        return data;
      };
      // What the scanner does with each camera frame: drawn at the decoder's width (timed with the decode).
      const small = new OffscreenCanvas(scaledWidth, Math.round((scaledWidth * 720) / 1280));
      const smallCtx = small.getContext('2d', { willReadFrequently: true });
      const source = new OffscreenCanvas(1280, 720);
      const sourceCtx = source.getContext('2d');
      const decodeInput = (data) => {
        if (scaledWidth >= 1280) return data;
        sourceCtx.putImageData(data, 0, 0);
        smallCtx.drawImage(source, 0, 0, small.width, small.height);
        return smallCtx.getImageData(0, 0, small.width, small.height);
      };
      const run = async (detector) => {
        const times = [];
        let wrong = 0;
        const t0 = performance.now();
        const first = await detector.detect(decodeInput(frame(0)));
        const cold = performance.now() - t0;
        if (first[0]?.rawValue !== text) wrong++;
        for (let i = 1; i <= frames; i++) {
          const data = frame(i);
          const start = performance.now();
          const codes = await detector.detect(decodeInput(data));
          times.push(performance.now() - start);
          if (codes[0]?.rawValue !== text) wrong++;
        }
        return { cold, times, wrong };
      };
      const out = {};
      const api = globalThis.BarcodeDetectionAPI;
      api.prepareZXingModule({ overrides: { locateFile: (path, prefix) => (path.endsWith('.wasm') ? `${origin}/zxing_reader.wasm` : prefix + path) } });
      out.wasm = await run(new api.BarcodeDetector({ formats }));
      const Native = globalThis.BarcodeDetector;
      if (Native) {
        const supported = await Native.getSupportedFormats();
        out.native = formats.every((f) => supported.includes(f)) ? await run(new Native({ formats })) : { unsupported: supported };
      }
      return out;
    },
    { qr, text, frames: FRAMES, formats: FORMATS, origin: ORIGIN, scaledWidth: SCALED_WIDTH },
  );

  const summary = (label, r) => {
    const sorted = [...r.times].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    const ms = (n) => `${n.toFixed(1)} ms`;
    console.log(`${label}: first decode ${ms(r.cold)} (compilation included); ${sorted.length} frames: median ${ms(at(0.5))}, p95 ${ms(at(0.95))}, min ${ms(sorted[0])}, max ${ms(sorted.at(-1))}; misread ${r.wrong}`);
  };
  console.log(`Decoding a 1280×720 camera frame with a QR code, phone profile, CPU ${CPU_SLOWDOWN}× slower (target: under 150 ms)`);
  summary('WebAssembly (barcode-detector ponyfill, zxing-wasm)', results.wasm);
  if (!results.native) console.log('Native BarcodeDetector: not in this Chromium');
  else if (results.native.unsupported) console.log(`Native BarcodeDetector: lacks formats (has ${results.native.unsupported.join(', ')})`);
  else summary('Native BarcodeDetector', results.native);
} finally {
  await browser.close();
}
