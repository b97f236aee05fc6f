/**
 * When the modules' starts run (app/modules.ts: each module's outbox senders, offline
 * declarations, record panels and live hooks): after the shell's first screen, not before it.
 * Loading them is a module's chunk and its imports for each of twenty modules, some sixty small
 * files, a task each; waited for by the shell's route, they stood between an app update and its
 * first screen (a fifth of its requests and most of its tasks), and grew with every module.
 * The first screen needs none of them. What reads what they register waits here instead:
 * - the read cache's saves (app/query-client.ts): whether a query is kept offline is its
 *   module's declaration; saved before it, a module's list would go to the shell's small copy
 *   and leave the offline one;
 * - the offline reads' first run (lib/offline-reads.ts), which runs the declarations;
 * - the outbox: a write whose kind has no sender yet stays queued (outbox/registry.ts) and is
 *   sent by the drain that follows the starts (the alerts' sender is the shell's own: an alert
 *   never waits for them);
 * - the socket, whose connection handlers and record events the starts subscribe to;
 * - a sheet's record panels, which appear as their modules register them.
 * The shell asks for them at its first idle moment; the first of these to need them asks sooner.
 */

let run: (() => Promise<void>) | null = null;
let started = false;

/** app/modules.ts: the function that runs every module's start once (its later calls share the run); null: none. */
export function provideModuleStarts(start: (() => Promise<void>) | null): void {
  run = start;
  started = false;
}

/**
 * Runs the modules' starts (once: later calls share the run) and resolves when they are
 * registered; at once where the app has no modules (unit tests register what they use). A
 * failed load rejects, and the next call tries again.
 */
export function whenModulesStarted(): Promise<void> {
  if (run === null || started) return Promise.resolve();
  return run().then(() => {
    started = true;
  });
}

/** Whether every module's start has run (or the app has none). */
export const modulesStarted = (): boolean => run === null || started;
