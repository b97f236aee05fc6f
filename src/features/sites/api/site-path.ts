/**
 * The API path of one site (and of what hangs below it), for the Sites senders. The HTTP call
 * itself is the outbox's (lib/outbox/http.ts: the idempotency key, and no replay to another
 * tenant). Only the senders (../senders.ts) call the write endpoints: screens queue writes in
 * the outbox.
 */
export const sitePath = (id: string, rest = '') => `sites/${encodeURIComponent(id)}${rest}`;
