/**
 * The codes on Vigie's labels, and what a scan of any code means. A label's QR code holds the
 * item's address in the app (`<origin>/inventory-v2/equipment/<uuid>`), so the phone's own camera
 * app opens it too; Vigie's scanner reads the uuid out of it and resolves it on the device,
 * offline. Any other code (an EAN on a box, a maker's serial barcode) is looked up as an
 * article's barcode, then an item's tag or serial number.
 */

/** The path of an item's sheet, which a label's QR code holds after the origin. */
export const EQUIPMENT_CODE_PATH = '/inventory-v2/equipment/';

const UUID_IN_CODE = /\/inventory-v2\/equipment\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The text of an item's QR code. */
export const equipmentCode = (origin: string, id: string): string => `${origin.replace(/\/$/, '')}${EQUIPMENT_CODE_PATH}${id}`;

/** What a scanned text names: one of Vigie's items (by id), or a code to look up. */
export type ScannedCode = { kind: 'equipment'; id: string } | { kind: 'code'; code: string };

export function parseScannedCode(text: string): ScannedCode {
  const trimmed = text.trim();
  const match = UUID_IN_CODE.exec(trimmed);
  if (match) return { kind: 'equipment', id: match[1]!.toLowerCase() };
  return { kind: 'code', code: trimmed };
}
