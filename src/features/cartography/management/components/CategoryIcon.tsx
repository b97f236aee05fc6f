/**
 * A point category's icon as the map draws it (marker-images.ts: a disc in the category's
 * colour with its icon's glyph), as an image for lists, pickers and forms, so a manager sees
 * in the list what the map will show. Drawn once per icon and colour (a small cache of data
 * addresses); decorative by default (the name is beside it).
 */
import { IMAGE_PREFIX } from '../../map-layers';
import { markerImage } from '../../components/marker-images';

const drawn = new Map<string, string>();

export function iconSource(icon: string, colour: string): string {
  const id = `${IMAGE_PREFIX.poi}${icon}${colour}`;
  const known = drawn.get(id);
  if (known !== undefined) return known;
  const image = markerImage(id);
  if (image === null) return '';
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  if (context === null) return '';
  context.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  const url = canvas.toDataURL('image/png');
  drawn.set(id, url);
  return url;
}

export function CategoryIcon({ icon, colour, size = 26, label }: { icon: string; colour: string; size?: number; label?: string }) {
  const src = iconSource(icon, colour);
  if (src === '') return <span className="cm-icon-fallback" style={{ background: colour, width: size, height: size }} aria-hidden={label === undefined} />;
  return <img className="cm-icon" src={src} width={size} height={size} alt={label ?? ''} />;
}
