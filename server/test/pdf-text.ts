/**
 * What the tests read back from a PDF the server made, as a reader would: the text every
 * content stream draws (inflated, its strings decoded from WinAnsi), its pages, its images.
 */
import { inflateSync } from 'node:zlib';

/** Windows-1252's characters at 0x80–0x9F (Node's TextDecoder reads them as Latin-1's control characters). */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (byte: number): string => (byte >= 0x80 && byte <= 0x9f ? CP1252[byte - 0x80]! : String.fromCharCode(byte));

/** The text a PDF draws: every content stream inflated, its Tj / TJ strings decoded from WinAnsi, one line per operator. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // An image (DCTDecode) or not deflated.
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => [...Buffer.from(hex, 'hex')].map(winAnsi).join('')).join(''));
    }
  }
  return lines.join('\n');
}
export const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
/** The pixel sizes of the images the PDF embeds. */
export const imageSizes = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)[^>]*?\/Height (\d+)|\/Width (\d+)[^>]*?\/Height (\d+)[^>]*?\/Subtype \/Image/g)].map((m) => [Number(m[1] ?? m[3]), Number(m[2] ?? m[4])]);
