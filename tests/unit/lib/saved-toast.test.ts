/** The toast after a write kept in the outbox: what it says online and offline, and when it goes. */
import { afterEach, describe, expect, it } from 'vitest';
import { reportRequest, resetConnectivity } from '../../../src/lib/connectivity';
import { announceDelivered } from '../../../src/lib/outbox/db';
import { showSavedToast } from '../../../src/lib/saved-toast';
import { clearToasts, getToasts } from '../../../src/lib/toast';

const messages = () => getToasts().map((toast) => toast.message);

describe('the toast of a saved write', () => {
  afterEach(() => {
    clearToasts();
    resetConnectivity();
  });

  it('online, says what was saved, and nothing of a network it does not wait for', () => {
    reportRequest({ status: 200, durationMs: 10 });
    showSavedToast('Site saved.');
    expect(getToasts()).toEqual([expect.objectContaining({ message: 'Site saved.', kind: 'success' })]);
    announceDelivered('sites');
    expect(messages()).toEqual(['Site saved.']);
  });

  it('offline, says it is kept on this device until the network is back, and goes once a write is delivered', () => {
    reportRequest({ durationMs: 10 });
    showSavedToast('Site saved.');
    expect(messages()).toEqual(['Site saved. Kept on this device, sent when the network is back.']);
    announceDelivered('sites');
    expect(messages()).toEqual([]);
  });
});
