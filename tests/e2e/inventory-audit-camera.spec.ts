/**
 * The scanner's camera path in Chromium: a fake camera (a Y4M video of an item's QR label, made
 * here from qrcode's matrix) stands for the phone's back camera. On the scan page, "Scan with the
 * camera" reads the label from the video and opens the item's sheet.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import type { ScanIndex } from '../../common/modules/inventory/audit';
import { equipmentCode } from '../../common/modules/inventory/codes';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import config from '../../playwright.config';
import { submitLogin } from './support';

const FIELD = 'field@demo.vigie.test';
const WIDTH = 640;
const HEIGHT = 480;
const VIDEO = join(tmpdir(), `vigie-fake-camera-${process.pid}.y4m`);

/** A few grey frames (4:2:0) with the QR code `text` in the middle, 8 pixels a module. */
function writeVideo(text: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = 8;
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 200);
  for (let y = 0; y < size * scale; y++) {
    for (let x = 0; x < size * scale; x++) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 20;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(VIDEO, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]));
}

// The video's item: a fixed id first, replaced by the test's before the browser opens the camera
// (Chromium reads the file when the camera starts).
writeVideo(equipmentCode('http://127.0.0.1', '00000000-0000-4000-8000-000000000000'));

const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  },
  permissions: ['camera'],
});

test("the camera reads an item's label and opens its sheet", async ({ page, request, baseURL }) => {
  // The field user reads the equipment and scans (its read right); its items are those of the district it lands in.
  const login = await request.post('/api/auth/login', { data: { email: FIELD, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const index = ((await (await request.get('/api/inventory/scan-index', { headers })).json()) as { data: ScanIndex }).data;
  const item = index.items[0]!;
  writeVideo(equipmentCode(baseURL!, item[0]));

  await submitLogin(page, FIELD);
  await expect(page.getByTestId('toolbar-district')).toBeVisible();
  await page.goto('/inventory-v2/scan');
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory-v2/equipment/${item[0]}$`), { timeout: 20_000 });
});
