/**
 * Record panels (lib/record-panels.ts, components/module/RecordPanels.tsx): a host screen shows
 * the panels other modules registered for it, in order, each loaded lazily with the host's record
 * id; a panel not allowed or failing to load shows nothing, and one registered later appears.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordPanels } from '../../../src/components/module/RecordPanels';
import { recordPanels, registerRecordPanel } from '../../../src/lib/record-panels';

const removers: (() => void)[] = [];
afterEach(() => {
  for (const remove of removers.splice(0)) remove();
});

const panel = (text: string) => async () => ({ recordId }: { recordId: string }) => <p>{`${text} ${recordId}`}</p>;

describe('record panels', () => {
  it('shows the host’s panels in order, lazily, with the record id; not another host’s, not a disallowed one', async () => {
    const load = vi.fn(panel('second'));
    removers.push(registerRecordPanel('test-host', { id: 'b', order: 20, load }));
    removers.push(registerRecordPanel('test-host', { id: 'a', order: 10, load: panel('first') }));
    removers.push(registerRecordPanel('test-host', { id: 'hidden', order: 5, load: panel('hidden'), enabled: () => false }));
    removers.push(registerRecordPanel('other-host', { id: 'c', order: 1, load: panel('other') }));
    expect(recordPanels('test-host').map((p) => p.id)).toEqual(['hidden', 'a', 'b']);
    expect(load).not.toHaveBeenCalled();
    const { container } = render(<RecordPanels host="test-host" recordId="r1" />);
    expect(await screen.findByText('second r1')).toBeTruthy();
    expect(container.textContent).toBe('first r1second r1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for a panel that fails to load, and a panel registered later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    removers.push(registerRecordPanel('late-host', { id: 'broken', order: 1, load: () => Promise.reject(new Error('chunk gone')) }));
    const { container } = render(<RecordPanels host="late-host" recordId="r2" />);
    await act(async () => {
      removers.push(registerRecordPanel('late-host', { id: 'late', order: 2, load: panel('late') }));
    });
    expect(await screen.findByText('late r2')).toBeTruthy();
    expect(container.textContent).toBe('late r2');
  });
});
