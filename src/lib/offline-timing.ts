/**
 * When the offline reads (lib/offline-reads.ts) start. A module of its own, with no import, so
 * the unit tests' setup can set it without loading the offline reads (and the outbox they wait
 * for) before a test file's mocks.
 */
/**
 * The first run waits this long after the page's load event before its idle moment: the first
 * screen's code, data and paint go first (on a phone the offline reads' hundreds of answers
 * held the dashboard's main thread for a second at 4x CPU, Lighthouse's first visit). Unit tests
 * set it to 0 (tests/unit/setup.ts): their first run waits for the idle moment alone.
 */
export const offlineSyncTiming = { firstRunSettleMs: 4000 };
