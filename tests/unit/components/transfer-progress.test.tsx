import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransferProgress } from '../../../src/components/TransferProgress';
import { finishTransfer, PROGRESS_SHOW_DELAY_MS, resetTransfers, startTransfer, updateTransfer } from '../../../src/lib/progress';

beforeEach(() => {
  vi.useFakeTimers();
  resetTransfers();
});

afterEach(() => {
  act(() => resetTransfers());
  vi.useRealTimers();
});

describe('TransferProgress', () => {
  it('never shows a transfer that ends within the delay', () => {
    render(<TransferProgress />);
    let id = 0;
    act(() => {
      id = startTransfer('progress.image');
    });
    act(() => {
      vi.advanceTimersByTime(PROGRESS_SHOW_DELAY_MS - 1);
    });
    expect(screen.queryByTestId('transfer-progress')).toBeNull();
    act(() => finishTransfer(id));
    act(() => {
      vi.advanceTimersByTime(PROGRESS_SHOW_DELAY_MS);
    });
    expect(screen.queryByTestId('transfer-progress')).toBeNull();
  });

  it('shows a longer transfer with its name and progress, and goes when it ends', () => {
    render(<TransferProgress />);
    let id = 0;
    act(() => {
      id = startTransfer('progress.image');
    });
    act(() => {
      vi.advanceTimersByTime(PROGRESS_SHOW_DELAY_MS);
    });
    const bar = () => screen.getByRole('progressbar');
    expect(bar()).toHaveAccessibleName('Loading a 360° image');
    // Size unknown yet: an indeterminate bar, without a value.
    expect(bar()).not.toHaveAttribute('aria-valuenow');
    act(() => updateTransfer(id, 'download', 25, 100));
    expect(bar()).toHaveAttribute('aria-valuenow', '25');
    act(() => finishTransfer(id));
    expect(screen.queryByTestId('transfer-progress')).toBeNull();
  });

  it('names the number of transfers when several run', () => {
    render(<TransferProgress />);
    act(() => {
      startTransfer('progress.image');
      startTransfer('progress.emergency_send');
    });
    act(() => {
      vi.advanceTimersByTime(PROGRESS_SHOW_DELAY_MS);
    });
    expect(screen.getByTestId('transfer-progress')).toHaveAttribute('aria-label', '2 transfers in progress');
  });
});
