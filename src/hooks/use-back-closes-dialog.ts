/**
 * Browser back (and Android's back button) closes an open dialog instead of leaving the page:
 * opening pushes a history entry for the same address, going back pops it and closes the
 * dialog. Closing the dialog any other way removes the entry again.
 *
 * One dialog closing as another opens (the phone's drawer closing on "Change district", which
 * opens its dialog): the first one's back() is asynchronous, so the second dialog's entry waits
 * until that back has landed. Pushed before it, the entry would be the one the back takes off,
 * and the new dialog would close itself as if the user had pressed back.
 */
import { useRouter, type RouterHistory } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';

const DIALOG_STATE_KEY = 'vigieDialog';
/** A back() whose popstate never comes (nothing to go back to) stops holding pushes after this. */
const BACK_SETTLE_LIMIT_MS = 1_000;

/** The back() of a closing dialog, until the history has moved. */
let pendingBack: Promise<void> | null = null;

function backThenSettle(history: RouterHistory): void {
  const settled = new Promise<void>((resolve) => {
    const unsubscribe = history.subscribe(() => {
      unsubscribe();
      resolve();
    });
    setTimeout(() => {
      unsubscribe();
      resolve();
    }, BACK_SETTLE_LIMIT_MS);
    history.back();
  });
  pendingBack = settled;
  void settled.then(() => {
    if (pendingBack === settled) pendingBack = null;
  });
}

export function useBackClosesDialog(isOpen: boolean, close: () => void): void {
  const router = useRouter();
  const onPoppedByUser = useEffectEvent(close);

  useEffect(() => {
    if (!isOpen) return;
    const { history } = router;
    const marker = crypto.randomUUID();
    const ownsCurrentEntry = () =>
      (history.location.state as unknown as Record<string, unknown>)[DIALOG_STATE_KEY] === marker;

    let cancelled = false;
    let pushed = false;
    let poppedByUser = false;
    let unsubscribe = (): void => {};

    const pushEntry = (): void => {
      if (cancelled) return;
      pushed = true;
      history.push(history.location.href, { ...history.location.state, [DIALOG_STATE_KEY]: marker });
      // Browser history writes are deferred to a microtask; make ours real before any back().
      history.flush();
      unsubscribe = history.subscribe(() => {
        if (ownsCurrentEntry()) return;
        poppedByUser = true;
        unsubscribe();
        onPoppedByUser();
      });
    };

    if (pendingBack === null) pushEntry();
    else void pendingBack.then(pushEntry);

    return () => {
      cancelled = true;
      unsubscribe();
      // Closed by a button while our entry is still on top: take it off again. If the app
      // navigated elsewhere (logout → /login), the entry is no longer on top: leave history be.
      if (pushed && !poppedByUser && ownsCurrentEntry()) backThenSettle(history);
    };
  }, [isOpen, router]);
}
