/**
 * A sheet of labels (GET or POST /api/inventory/labels.pdf): A4 pages of a label format
 * (common/modules/inventory/audit.ts LABEL_FORMATS), each label with the item's QR code
 * (equipmentCode: the item's address in the app, which Vigie's scanner reads offline and a phone's
 * camera app opens), its name, its tag and the district's name, small. The QR code is drawn as
 * vector squares (qrcode's matrix), sharp at any printer's resolution; the first labels of the
 * first sheet may be skipped (`start`), to finish a sheet used before. Helvetica as every printed
 * document (_platform/pdf.ts printable: any character WinAnsi lacks is replaced).
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { LABEL_FORMATS, type LabelFormat } from '../../../../../common/modules/inventory/audit.js';
import { equipmentCode } from '../../../../../common/modules/inventory/codes.js';
import { printable } from '../../_platform/pdf.js';

const MM = 72 / 25.4;
/** White around the code inside a label, and between the code and the text (mm). */
const PADDING = 2;
/** Quiet zone around a QR code, in modules (the standard asks 4; the label's padding adds to it). */
const QUIET = 2;

export interface LabelInput {
  id: string;
  name: string;
  tag: string;
}

/** A QR code's squares at (x, y), `size` points wide with its quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const unit = size / (count + 2 * QUIET);
  doc.save().fillColor('black');
  for (let row = 0; row < count; row++) {
    // One rectangle per run of dark modules on a row: a smaller PDF, faster to print.
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const from = col;
      while (col < count && qr.modules.get(row, col)) col++;
      doc.rect(x + (QUIET + from) * unit, y + (QUIET + row) * unit, (col - from) * unit, unit);
    }
  }
  doc.fill();
  doc.restore();
}

export async function labelsPdf(input: { items: readonly LabelInput[]; format: LabelFormat; start: number; origin: string; districtName: string; title: string }): Promise<Buffer> {
  const f = LABEL_FORMATS[input.format];
  const perSheet = f.columns * f.rows;
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: printable(input.title), Creator: 'Vigie' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((done, fail) => {
    doc.on('end', done);
    doc.on('error', fail);
  });
  const skip = Math.min(Math.max(input.start, 1), perSheet) - 1;
  input.items.forEach((item, index) => {
    const slot = index + skip;
    const onSheet = slot % perSheet;
    if (slot > skip && onSheet === 0) doc.addPage({ size: 'A4', margin: 0 });
    const column = onSheet % f.columns;
    const row = Math.floor(onSheet / f.columns);
    const left = (f.left + column * (f.width + f.gapX)) * MM;
    const top = (f.top + row * (f.height + f.gapY)) * MM;
    const width = f.width * MM;
    const height = f.height * MM;
    const qrSize = Math.min(height - 2 * PADDING * MM, width * 0.5);
    drawQr(doc, equipmentCode(input.origin, item.id), left + PADDING * MM, top + (height - qrSize) / 2, qrSize);
    const textLeft = left + PADDING * MM + qrSize + PADDING * MM * 0.5;
    const textWidth = width - (textLeft - left) - PADDING * MM;
    const small = height < 25 * MM;
    const nameSize = small ? 6 : 9;
    const tagSize = small ? 6.5 : 10;
    const districtSize = small ? 4.5 : 6;
    let y = top + PADDING * MM;
    doc.font('Helvetica-Bold').fontSize(nameSize).fillColor('black');
    const nameHeight = Math.min(doc.heightOfString(printable(item.name), { width: textWidth }), nameSize * (small ? 2.4 : 3.6));
    doc.text(printable(item.name), textLeft, y, { width: textWidth, height: nameHeight, ellipsis: true });
    y += nameHeight + 2;
    if (item.tag) {
      doc.font('Helvetica').fontSize(tagSize).text(printable(item.tag), textLeft, y, { width: textWidth, height: tagSize * 1.3, ellipsis: true, lineBreak: false });
    }
    doc.font('Helvetica').fontSize(districtSize).fillColor('#555555');
    doc.text(printable(input.districtName), textLeft, top + height - PADDING * MM - districtSize * 1.3, { width: textWidth, height: districtSize * 1.3, ellipsis: true, lineBreak: false });
    doc.fillColor('black');
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
