/**
 * The markers' images, drawn on the device with a canvas when the map first needs one
 * (MapLibre's missing style image resolver): cluster discs with their count, the site square, a point
 * of interest's disc in its category's colour with its icon's initial. No font or sprite is
 * fetched: the canvas writes with the device's own sans-serif.
 */
import { IMAGE_PREFIX } from '../map-layers';
import { INCIDENT_COLOUR, SITE_COLOUR } from '../layers';

const RATIO = 2;
/** A point of interest's icon as one character (the legend names each category). */
const POI_GLYPHS: Record<string, string> = {
  extinguisher: 'E',
  assembly: 'A',
  valve: 'V',
  defibrillator: 'D',
  firstAid: '+',
  hydrant: 'H',
  exit: 'S',
  electric: 'É',
  water: 'W',
  gas: 'G',
  danger: '!',
  camera: 'C',
  pin: '•',
};

export interface MarkerImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function draw(size: number, paint: (context: CanvasRenderingContext2D, size: number) => void): MarkerImage | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * RATIO;
  const context = canvas.getContext('2d');
  if (context === null) return null;
  context.scale(RATIO, RATIO);
  paint(context, size);
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { width, height, data };
}

function disc(context: CanvasRenderingContext2D, size: number, fill: string): void {
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2 - 1.5, 0, 2 * Math.PI);
  context.fillStyle = fill;
  context.fill();
  context.lineWidth = 2.5;
  context.strokeStyle = '#ffffff';
  context.stroke();
}

function label(context: CanvasRenderingContext2D, size: number, text: string, px: number): void {
  context.fillStyle = '#ffffff';
  context.font = `bold ${px}px sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, size / 2, size / 2 + 0.5);
}

/** The image for `id`, or null when the id is none of the map's. */
export function markerImage(id: string): MarkerImage | null {
  for (const [prefix, colour] of [
    [IMAGE_PREFIX.pointsCluster, SITE_COLOUR],
    [IMAGE_PREFIX.incidentsCluster, INCIDENT_COLOUR],
  ] as const) {
    if (!id.startsWith(prefix)) continue;
    const count = id.slice(prefix.length);
    const size = count.length > 3 ? 44 : 36;
    return draw(size, (context) => {
      disc(context, size, colour);
      label(context, size, count, 13);
    });
  }
  if (id === IMAGE_PREFIX.site) {
    return draw(26, (context) => {
      context.fillStyle = SITE_COLOUR;
      context.strokeStyle = '#ffffff';
      context.lineWidth = 2.5;
      context.beginPath();
      context.roundRect(2, 2, 22, 22, 4);
      context.fill();
      context.stroke();
      // A building: a white block with a door.
      context.fillStyle = '#ffffff';
      context.fillRect(8, 8, 10, 11);
      context.fillStyle = SITE_COLOUR;
      context.fillRect(12, 14, 2, 5);
    });
  }
  if (id.startsWith(IMAGE_PREFIX.poi)) {
    const rest = id.slice(IMAGE_PREFIX.poi.length);
    const hash = rest.indexOf('#');
    const icon = hash < 0 ? rest : rest.slice(0, hash);
    const colour = hash < 0 ? SITE_COLOUR : rest.slice(hash);
    return draw(26, (context) => {
      disc(context, 26, /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : SITE_COLOUR);
      label(context, 26, POI_GLYPHS[icon] ?? '•', 12);
    });
  }
  return null;
}
