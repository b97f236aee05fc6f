/**
 * A thin bar at the top of the shell while a transfer reported to the progress store
 * (src/lib/progress.ts) lasts longer than PROGRESS_SHOW_DELAY_MS: determinate when every size
 * is known, indeterminate otherwise. Short transfers never show (no flicker). Its accessible
 * name says what is being transferred. Plain elements in the look of Ionic's progress bar: it
 * is part of every shell page, which then carries no Ionic progress bar code.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { overallProgress, PROGRESS_SHOW_DELAY_MS, useTransfers } from '../lib/progress';
import './transfer-progress.css';

export function TransferProgress() {
  const { t } = useTranslation();
  const transfers = useTransfers();
  const oldestStart = transfers.length === 0 ? null : Math.min(...transfers.map((transfer) => transfer.startedAt));
  const [shownFor, setShownFor] = useState<number | null>(null);

  // Show once the oldest transfer has lasted the delay; hide as soon as none is left.
  useEffect(() => {
    if (oldestStart === null) return;
    const wait = oldestStart + PROGRESS_SHOW_DELAY_MS - Date.now();
    if (wait <= 0) {
      setShownFor(oldestStart);
      return;
    }
    const timer = setTimeout(() => setShownFor(oldestStart), wait);
    return () => clearTimeout(timer);
  }, [oldestStart]);

  if (oldestStart === null || shownFor !== oldestStart) return null;
  const value = overallProgress(transfers);
  const label = transfers.length === 1 ? t(transfers[0]!.label) : t('progress.transfers', { count: transfers.length });
  // In a named region: the bar sits outside the page's landmarks (axe's region rule), and a
  // screen reader's list of landmarks then names the transfer under way.
  return (
    <section aria-label={label}>
      <div
        className="transfer-progress"
        role="progressbar"
        aria-label={label}
        title={label}
        aria-valuemin={0}
        aria-valuemax={100}
        // Indeterminate (a size unknown): no value, a bar that runs.
        aria-valuenow={value === null ? undefined : Math.round(value * 100)}
        data-testid="transfer-progress"
      >
        {value === null ? (
          <div className="transfer-progress-bar transfer-progress-indeterminate" />
        ) : (
          <div className="transfer-progress-bar" style={{ transform: `scaleX(${value})` }} />
        )}
      </div>
    </section>
  );
}
