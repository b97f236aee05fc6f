/**
 * A plan in MapLibre: the image laid in a non-geographic frame. Positions on a plan are
 * normalised (x, y from 0 to 1 from the image's top-left corner); the map draws the image as an
 * image source whose corners are placed in a small square of the Web Mercator plane around
 * (0, 0), where MapLibre interpolates linearly: a point of the plan and its longitude and
 * latitude convert both ways exactly (the inverse Mercator formula), whatever the zoom.
 */
export interface PlanFrame {
  /** The image's share of the Mercator world on each side. */
  sx: number;
  sy: number;
}

/** The long side of a plan, in Mercator units (about 800 km: zooms 8 to 22 show it whole to the centimetre). */
export const FRAME_SPAN = 0.02;

export function frameOf(size: { width: number; height: number }): PlanFrame {
  const long = Math.max(size.width, size.height, 1);
  return { sx: (FRAME_SPAN * size.width) / long, sy: (FRAME_SPAN * size.height) / long };
}

/** A plan point's longitude and latitude. */
export function toLngLat(point: { x: number; y: number }, frame: PlanFrame): [number, number] {
  const mx = 0.5 + (point.x - 0.5) * frame.sx;
  const my = 0.5 + (point.y - 0.5) * frame.sy;
  const lng = mx * 360 - 180;
  const lat = (360 / Math.PI) * Math.atan(Math.exp(Math.PI * (1 - 2 * my))) - 90;
  return [lng, lat];
}

/** The plan point at a longitude and latitude (outside 0..1 when off the plan). */
export function fromLngLat(lng: number, lat: number, frame: PlanFrame): { x: number; y: number } {
  const mx = (lng + 180) / 360;
  const my = (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2;
  return { x: (mx - 0.5) / frame.sx + 0.5, y: (my - 0.5) / frame.sy + 0.5 };
}

/** The image's corners for MapLibre's image source: top-left, top-right, bottom-right, bottom-left. */
export const cornersOf = (frame: PlanFrame): [[number, number], [number, number], [number, number], [number, number]] => [
  toLngLat({ x: 0, y: 0 }, frame),
  toLngLat({ x: 1, y: 0 }, frame),
  toLngLat({ x: 1, y: 1 }, frame),
  toLngLat({ x: 0, y: 1 }, frame),
];

/** Whether a point is on the plan. */
export const onPlan = (p: { x: number; y: number }): boolean => p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1;

/** A point rounded to 1/100,000 of the plan (a tenth of a millimetre on a 10 m wide plan), within 0..1. */
export const roundPoint = (p: { x: number; y: number }) => ({
  x: Math.min(1, Math.max(0, Math.round(p.x * 100_000) / 100_000)),
  y: Math.min(1, Math.max(0, Math.round(p.y * 100_000) / 100_000)),
});

/** The distance in metres between two plan points, given the scale (metres per pixel) and the image's size. */
export function distanceMeters(a: { x: number; y: number }, b: { x: number; y: number }, size: { width: number; height: number }, metersPerPixel: number): number {
  return Math.hypot((b.x - a.x) * size.width, (b.y - a.y) * size.height) * metersPerPixel;
}
