/** vt-pbf ships no types: the one function the basemap uses (basemap.ts). */
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt';

  /** geojson-vt tiles by layer name, as one Mapbox Vector Tile (uncompressed protobuf). */
  export function fromGeojsonVt(layers: Record<string, LegacyTile>, options?: { version?: number; extent?: number }): Uint8Array;
  const vtpbf: { fromGeojsonVt: typeof fromGeojsonVt };
  export default vtpbf;
}
