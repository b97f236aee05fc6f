/**
 * The "waiting to be sent" mark of a record written on this device and not yet on the
 * server (MODULES.md "Writes, offline first"), with its conflict variant (the server's record
 * changed the same field: the user has to choose) and its failed variant (the server refused
 * it). Lists and sheets of every module show it from withPending's `pending` mark. A chip in
 * Ionic's look, plain markup: it may show on every row of a long list.
 */
import { useTranslation } from 'react-i18next';
import type { PendingMark } from '../lib/outbox/overlay';
import './waiting-mark.css';

export type WaitingVariant = 'waiting' | 'conflict' | 'failed';

export const waitingVariant = (mark: Pick<PendingMark, 'conflict' | 'failed'>): WaitingVariant =>
  mark.conflict ? 'conflict' : mark.failed ? 'failed' : 'waiting';

export function WaitingMark({ variant = 'waiting', pending }: { variant?: WaitingVariant; pending?: PendingMark }) {
  const { t } = useTranslation();
  const shown = pending === undefined ? variant : waitingVariant(pending);
  return (
    <span className={`waiting-mark waiting-mark-${shown}`}>
      {t(`outbox.mark_${shown}`)}
    </span>
  );
}
