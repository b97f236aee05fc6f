/** Business constants of spec section 9 and the protocol constants both programs share. */

export const PRODUCT_NAME = 'Vigie';
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'fr';

export const PASSWORD_MIN_LENGTH = 8;
/** How long a reset link asked from the login page ("forgot your password") serves. */
export const RESET_LINK_HOURS = 1;
export const IDLE_SECONDS = 900;
export const IDLE_TIMEOUT_SECONDS = 1;
export const IDLE_PING_SECONDS = 1;
export const REQUEST_CACHE_MS = 5000;
export const TOKEN_ERROR_SUPPRESS_MS = 2000;
export const BACK_TO_TOP_THRESHOLD_PX = 600;
export const SIDENAV_STEPPER_MIN_HEIGHT_PX = 350;
export const EMERGENCY_DEFAULT_DELAY = { days: 1, hours: 0, minutes: 0 } as const;

export const DEFAULT_PAGE = '/dashboard';
export const SOCKET_PATH = '/ws';
/**
 * Server → client socket event: the server ended this session's validity (it reached its end
 * of life). The app answers with a temporary logout: the reconnect dialog, not the login page.
 */
export const SESSION_EXPIRED_EVENT = 'session:expired';

/**
 * Socket event: an administrator ended this session (account disabled, or removed from the
 * session's district); payload `{ message }`, the error key its requests now get. The app
 * ends the session as that error would (error catalogue: toast and logout).
 */
export const SESSION_ENDED_EVENT = 'session:ended';

/** The error message of every API call but the config ones while in maintenance (503). */
export const MAINTENANCE_MESSAGE = 'maintenance';
export const API_PREFIX = '/api';
/** Liveness probe: the process answers (docs/api.md "Health"). */
export const HEALTH_PATH = `${API_PREFIX}/health`;
/** Where a 360 stage's legacy image is served as a data URL: `<this>/<districtId>/<siteId>/<stage name>`. */
export const VIEWER_IMAGE_PATH = `${API_PREFIX}/files/viewer`;
/** Readiness probe: the databases answer and the server is neither starting, stopping nor in maintenance. */
export const READY_PATH = `${API_PREFIX}/ready`;
/** 503 messages of a server that cannot serve yet (databases being opened) or any more (stopping). */
export const SERVER_STARTING_MESSAGE = 'server.starting';
export const SERVER_STOPPING_MESSAGE = 'server.stopping';
/** 503 message while a database cannot be reached. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'service_unavailable';
export const REFRESH_COOKIE = 'vigie_rt';
export const CLIENT_IP_HEADER = 'X-Client-IP';
/**
 * The header carrying a write's idempotency key (a UUID, one per outbox item). Here, not with
 * the schemas: a screen that sends a write must not load TypeBox for a string.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * The header (value `1`) of a read the app asks by itself to keep a module's data on the device
 * (the offline reads), not for a screen: the server counts those reads apart (its rate limit).
 */
export const BACKGROUND_READ_HEADER = 'x-background-read';
/**
 * A 409 of an update whose baseVersion is not the record's version: the record as it is now,
 * for the app's field-by-field merge (base, mine, theirs).
 */
export const VERSION_CONFLICT = 'record.version_conflict';

/** Translation namespaces of spec section 7: common plus the module namespaces. */
export const I18N_NAMESPACES = [
  'common', 'action', 'stock-management', 'inventoryV2', 'components', 'cartography', 'logs',
  'third-party', 'contact-v2', 'itinerary', 'file-explorer', 'guided-tour', 'package',
  'contract', 'admin', 'plan2d', 'calendar', 'sites', 'declarations', 'questionnaires', 'actionsV3',
  'supplier', 'sharingBank', 'dsa', 'importExport', 'view360', 'workflow', 'tc', 'synthesis',
] as const;
