import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from '../../../src/hooks/use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('is false for the first render, then true, and stays true', async () => {
    const seen: boolean[] = [];
    const { result, rerender } = renderHook(() => {
      const painted = useAfterFirstPaint();
      seen.push(painted);
      return painted;
    });
    expect(seen[0]).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender();
    expect(result.current).toBe(true);
  });
});
