/** The "new version" prompt (components/UpdatePrompt.tsx): it waits for the user, always. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '../../../src/components/UpdatePrompt';
import { announceUpdate } from '../../../src/lib/sw-bridge';

describe('the update prompt', () => {
  it('shows nothing while there is no new version', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
  });

  it('announces a new version and applies it only when the user chooses Reload', async () => {
    const apply = vi.fn();
    render(<UpdatePrompt />);
    act(() => announceUpdate(apply));
    expect(await screen.findByText('A new version of Vigie is available.')).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('Reload'));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('goes away on Later and comes back with the next announcement', async () => {
    const apply = vi.fn();
    render(<UpdatePrompt />);
    act(() => announceUpdate(apply));
    await userEvent.click(await screen.findByText('Later'));
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();

    act(() => announceUpdate(vi.fn()));
    expect(await screen.findByTestId('update-prompt')).toBeInTheDocument();
  });
});
