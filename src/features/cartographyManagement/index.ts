/**
 * What the shell loads of Cartography management before any of its screens opens
 * (authenticated.lazy.tsx): the senders of its writes, so points, categories and layers
 * written offline are delivered from any page once the network is back. Small: the requests
 * only, never a screen.
 */
import { registerManagementSenders } from './senders';

export function startCartographyManagementModule(): void {
  registerManagementSenders();
}
