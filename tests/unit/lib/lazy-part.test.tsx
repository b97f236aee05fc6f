/** lib/lazy-part.ts: a part of a screen whose code comes on demand or ahead. */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPart } from '../../../src/lib/lazy-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{node}</Suspense>;

describe('lazyPart', () => {
  it('shows the fallback until its code is there, then the part with its props', async () => {
    const code = deferred<typeof Greeting>();
    const Part = lazyPart(() => code.promise);
    // Rendered in an awaited act(): React retries a suspended use() only outside a sync act().
    await act(async () => {
      render(inSuspense(<Part name="Ada" />));
    });
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => code.resolve(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('once preloaded, renders in the same commit, without a fallback', async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads += 1;
      return Greeting;
    });
    await Part.preload();
    await Part.preload();
    render(inSuspense(<Part name="Grace" />));
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('when its code cannot be loaded, renders nothing; preload() tries again', async () => {
    let fail = true;
    const Part = lazyPart(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return Greeting;
    });
    let rerender!: (node: React.ReactNode) => void;
    await act(async () => {
      ({ rerender } = render(inSuspense(<Part name="Linus" />)));
    });
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
    fail = false;
    await act(async () => Part.preload());
    rerender(inSuspense(<Part name="Linus" />));
    expect(await screen.findByText('Hello Linus')).toBeInTheDocument();
  });
});
