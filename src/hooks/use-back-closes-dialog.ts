/**
 * Browser back (and Android's back button) closes an open dialog instead of leaving the page:
 * opening pushes a history entry for the same address, going back pops it and closes the
 * dialog. Closing the dialog any other way removes the entry again.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';

const DIALOG_STATE_KEY = 'vigieDialog';

export function useBackClosesDialog(isOpen: boolean, close: () => void): void {
  const router = useRouter();
  const onPoppedByUser = useEffectEvent(close);

  useEffect(() => {
    if (!isOpen) return;
    const { history } = router;
    const marker = crypto.randomUUID();
    const ownsCurrentEntry = () =>
      (history.location.state as unknown as Record<string, unknown>)[DIALOG_STATE_KEY] === marker;

    history.push(history.location.href, { ...history.location.state, [DIALOG_STATE_KEY]: marker });
    // Browser history writes are deferred to a microtask; make ours real before any back().
    history.flush();

    let poppedByUser = false;
    const unsubscribe = history.subscribe(() => {
      if (ownsCurrentEntry()) return;
      poppedByUser = true;
      unsubscribe();
      onPoppedByUser();
    });

    return () => {
      unsubscribe();
      // Closed by a button while our entry is still on top: take it off again. If the app
      // navigated elsewhere (logout → /login), the entry is no longer on top: leave history be.
      if (!poppedByUser && ownsCurrentEntry()) history.back();
    };
  }, [isOpen, router]);
}
