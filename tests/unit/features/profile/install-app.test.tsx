/** "Install the app" on the profile page (InstallApp, lib/install-prompt.ts). */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallApp } from '../../../../src/features/profile/components/InstallApp';
import { isIos, watchInstallPrompt } from '../../../../src/lib/install-prompt';

/** What Chromium fires when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn().mockResolvedValue(undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('installing the app', () => {
  const listeners: Array<[string, EventListenerOrEventListenerObject]> = [];
  const realAdd = window.addEventListener.bind(window);

  afterEach(() => {
    for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener);
    vi.restoreAllMocks();
  });

  function watch() {
    vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.push([type, listener]);
      realAdd(type, listener);
    });
    watchInstallPrompt();
    vi.mocked(window.addEventListener).mockRestore();
  }

  it("offers the browser's install prompt where the browser has one", async () => {
    watch();
    render(<InstallApp />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByText('Install'));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Vigie is installed on this device.')).toBeInTheDocument();
  });

  it('explains how to install where the browser has no prompt', () => {
    watch();
    render(<InstallApp />);
    expect(screen.getByText(/open your browser's menu and choose/)).toBeInTheDocument();
    expect(screen.queryByText('Install')).not.toBeInTheDocument();
  });

  it('recognises iPhone, iPad and iPadOS posing as a Mac', () => {
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile', 5)).toBe(false);
  });
});
