// Types of scripts/pg-test-server.mjs for the TypeScript tests that import it.
/** Debian's PostgreSQL binaries folder (newest version), or null when none is installed. */
export declare function postgresBinDir(): string | null;
/** Starts a throwaway server on VIGIE_TEST_PG_PORT and returns its URL, or null without binaries. */
export declare function startPostgres(): string | null;
export declare function stopPostgres(): void;
export declare function crashPostgres(): void;
export declare function restartPostgres(): void;
