/**
 * What the shell loads of Cartography before the map opens (module.ts: the start app/modules.ts runs): its
 * offline declaration, so the map's features are there without a network after an online
 * login. Small: query options only, never the map (MapLibre loads with the map screen).
 */
import { registerCartographyOffline } from './offline';

export function startCartographyModule(): void {
  registerCartographyOffline();
}
