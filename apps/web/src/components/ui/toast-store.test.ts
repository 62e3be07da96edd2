// @vitest-environment happy-dom
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@fineprint/contracts';
import { renderHook, act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, useToasts } from './toast-store';

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('keeps at most 20 toasts, newest first', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      for (let i = 0; i < 25; i++) toast(`t${i}`);
    });
    expect(result.current).toHaveLength(TOAST_LIMIT);
    expect(result.current[0]!.title).toBe('t24');
  });

  it('removes a dismissed toast 1 second later', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast('bye');
    });
    act(() => dismissToast(id));
    expect(result.current.find((t) => t.id === id)?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(result.current.some((t) => t.id === id)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.some((t) => t.id === id)).toBe(false);
  });
});
