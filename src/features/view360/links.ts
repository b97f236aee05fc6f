/** The other modules' addresses (ModuleLinks), handed to the route subtree by the app and read by the screens. */
import type { ModuleLinks } from '../../lib/app-module';

let current: ModuleLinks | null = null;

export const setLinks = (links: ModuleLinks): void => {
  current = links;
};
export const appLinks = (): ModuleLinks | null => current;
