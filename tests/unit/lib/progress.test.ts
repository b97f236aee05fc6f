import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiGetWithProgress, apiPostWithProgress } from '../../../src/lib/api-client';
import {
  finishTransfer,
  getTransfers,
  overallProgress,
  resetTransfers,
  startTransfer,
  subscribeTransfers,
  updateTransfer,
  type Transfer,
} from '../../../src/lib/progress';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

beforeEach(() => {
  resetTransfers();
});

/** Every state of the store while `run` goes. */
async function recordTransfers(run: () => Promise<unknown>): Promise<(readonly Transfer[])[]> {
  const states: (readonly Transfer[])[] = [];
  const stop = subscribeTransfers(() => states.push(getTransfers()));
  try {
    await run().catch(() => undefined);
  } finally {
    stop();
  }
  return states;
}

describe('the progress store', () => {
  it('follows a transfer from start to end, direction and counts included', () => {
    const id = startTransfer('progress.image');
    expect(getTransfers()).toMatchObject([{ id, label: 'progress.image', direction: 'download', loaded: 0, total: 0 }]);
    updateTransfer(id, 'download', 50, 200);
    expect(getTransfers()[0]).toMatchObject({ loaded: 50, total: 200 });
    finishTransfer(id);
    expect(getTransfers()).toEqual([]);
  });

  it('adds up several transfers, and is indeterminate while a size is unknown', () => {
    const a = startTransfer('progress.image');
    const b = startTransfer('progress.image');
    updateTransfer(a, 'download', 100, 100);
    expect(overallProgress(getTransfers())).toBeNull();
    updateTransfer(b, 'download', 100, 300);
    expect(overallProgress(getTransfers())).toBe(0.5);
    expect(overallProgress([])).toBeNull();
  });

  it('ignores reports for transfers that have ended', () => {
    const id = startTransfer('progress.image');
    finishTransfer(id);
    updateTransfer(id, 'download', 1, 2);
    expect(getTransfers()).toEqual([]);
  });
});

describe('the HTTP channel reports transfers', () => {
  it('a GET with progress reports its download and ends the transfer with the answer', async () => {
    seedSession();
    const image = `data:image/png;base64,${'A'.repeat(50_000)}`;
    server.use(http.get(api('files/viewer/d/s/stage'), () => HttpResponse.json(makeEnvelope(image))));
    let answer: string | undefined;
    const states = await recordTransfers(async () => {
      answer = await apiGetWithProgress<string>('files/viewer/d/s/stage', { label: 'progress.image' });
    });
    expect(answer).toBe(image);
    expect(states[0]).toMatchObject([{ label: 'progress.image', direction: 'download', loaded: 0 }]);
    const last = states.at(-2)?.[0];
    expect(last?.direction).toBe('download');
    expect(last?.loaded).toBeGreaterThan(50_000);
    expect(states.at(-1)).toEqual([]);
  });

  it('a failed POST with progress still ends its transfer', async () => {
    seedSession();
    server.use(http.post(api('emergency/sendInformations'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    let failure: unknown;
    const states = await recordTransfers(() =>
      apiPostWithProgress('emergency/sendInformations', { big: true }, { label: 'progress.emergency_send' }).catch((error: unknown) => {
        failure = error;
      }),
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(states[0]).toMatchObject([{ label: 'progress.emergency_send' }]);
    expect(getTransfers()).toEqual([]);
  });
});
