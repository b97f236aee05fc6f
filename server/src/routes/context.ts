/** What route modules receive: the server's shared services, built once in app.ts. */
import type { Server } from 'socket.io';
import type { AttachmentStorage } from '../attachments/storage.js';
import type { Config } from '../config.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccessTokens } from '../auth/tokens.js';
import type { Databases } from '../db/databases.js';
import type { Notifier } from '../notifications/notifier.js';
import type { TenantCache } from '../plugins/tenant-cache.js';

export interface RouteContext {
  config: Config;
  databases: Databases;
  /** The attachments' bytes (a folder under the data directory, or S3): opened once here. */
  storage: AttachmentStorage;
  sessions: Sessions;
  tokens: AccessTokens;
  notifier: Notifier;
  /** Cached envelope parts and names: every write of what they hold calls its invalidate(). */
  tenantCache: TenantCache;
  /** The socket server; only the socket module and the notifier emit on it. */
  io: Server;
}
