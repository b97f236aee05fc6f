/**
 * The one place where an error-catalogue outcome (error-catalogue.ts) becomes effects: the
 * toast (toast.ts), the logout (session.ts endSession; the app's SessionWatcher then clears the
 * cache and goes to /login) and the navigation. Navigation goes through a function the app
 * sets (app/SessionWatcher.tsx, with the router), so this module, like the HTTP channel that
 * calls it, stays free of React and of the router.
 */
import type { CatalogueOutcome, Translate } from './error-catalogue';
import { translateIfKnown } from './i18n';
import { endSession } from './session';
import { showToast } from './toast';

export type Navigate = (to: string) => void;

let navigate: Navigate | null = null;
// A redirection that came before the app set its navigation (an answer to a request of the
// start, which resolves the address's route before React mounts): done when it is set.
let pending: string | null = null;

/** The app sets its navigation here; the returned function unsets it (unmount, tests). */
export function setCatalogueNavigate(next: Navigate): () => void {
  navigate = next;
  if (pending !== null) {
    const to = pending;
    pending = null;
    next(to);
  }
  return () => {
    if (navigate === next) navigate = null;
  };
}

/** Tests only: forget a pending redirection. */
export function resetCatalogueEffects(): void {
  pending = null;
}

/** The catalogue's translator in the app: the i18n `common` namespace, null when unknown. */
export const appTranslate: Translate = (key, options) => translateIfKnown(key, options);

export function applyOutcome(outcome: CatalogueOutcome): void {
  if (outcome.toast !== undefined) showToast(outcome.toast);
  // A logout ends on /login (SessionWatcher): a redirection would only be undone.
  if (outcome.logout) {
    pending = null;
    endSession('token');
    return;
  }
  if (outcome.navigateTo === undefined) return;
  if (navigate === null) pending = outcome.navigateTo;
  else navigate(outcome.navigateTo);
}
